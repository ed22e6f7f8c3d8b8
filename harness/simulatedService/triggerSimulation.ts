/**
 * Polls the Outreach Contact Trigger against a SimulatedService the way n8n does: each poll
 * through n8n-core's real PollContext (harness pollOnce) with its poll budget, on the virtual
 * clock the service reads, the workflow's static data kept from poll to poll. Records what
 * each poll sent, emitted and stored; the tests and the bench judge it.
 */
import type { IDataObject, INode } from 'n8n-workflow';

import { testHooks } from '../../nodes/OutreachContact/testHooks';
import { TRIGGER_EVENTS } from '../../nodes/OutreachContact/trigger/events';
import type { OutreachCredentials } from '../core/credentials';
import { pollOnce } from '../core/run';
import { TestClock } from '../testClock';
import { triggerNode } from '../workflowJson';
import { SimulatedService, type Fault, type SimulatedServiceOptions } from './service';

/** An event's value (the trigger's event table; test/unit/trigger/events.test.ts writes the values out). */
export type TriggerEvent = string;

/** Where each event keeps its state in the node's static data (public: saved workflows hold it). */
export const STATE_KEYS: Record<TriggerEvent, string> = Object.fromEntries(
	TRIGGER_EVENTS.map((e) => [e.value, e.stateKey]),
);

export interface TriggerSimulationOptions {
	service: SimulatedService;
	clock: TestClock;
	event?: TriggerEvent;
	/** The node's options: maxPerPoll, initialDays. */
	options?: IDataObject;
	filters?: IDataObject;
	simplify?: boolean;
	/** n8n's poll budget; default PollContext's (5 minutes). */
	pollBudgetMs?: number;
	/** The credential's other fields (Requests per Minute, Max Attempts...); default theirs. */
	credentials?: Omit<OutreachCredentials, 'baseUrl' | 'apiKey'>;
}

export interface PollRecord {
	/** The service's number of the poll (its requests carry it). */
	number: number;
	/** n8n's clock when the poll started and when it ended (epoch ms). */
	start: number;
	end: number;
	requests: number;
	/** Ids emitted, in the order emitted. */
	ids: number[];
	/** The message of the error the poll threw, and its description, if it threw. */
	error?: string;
	/** The event's state as JSON, in characters, after the poll. */
	stateBytes: number;
}

export class TriggerSimulation {
	readonly node: INode;

	readonly event: TriggerEvent;

	staticData: IDataObject = {};

	readonly polls: PollRecord[] = [];

	/** Each emitted id and the end of the poll that emitted it first. */
	readonly emittedAt = new Map<number, number>();

	/** Ids emitted again (one entry per repeat). */
	readonly repeated: number[] = [];

	constructor(private readonly sim: TriggerSimulationOptions) {
		this.event = sim.event ?? 'newContact';
		this.node = triggerNode('Outreach Contact Trigger', {
			event: this.event,
			filters: sim.filters ?? {},
			simplify: sim.simplify ?? true,
			options: sim.options ?? {},
		});
	}

	/**
	 * One poll, started at `time` (or when the previous one ended, if later: n8n's scheduler
	 * would have skipped or overlapped it; the caller decides). Never throws: a thrown error is
	 * recorded.
	 */
	async pollAt(time: number, fault?: Fault): Promise<PollRecord> {
		const { clock, service } = this.sim;
		if (time > clock.now()) clock.setTime(time);
		service.beginPoll(fault);
		const sentBefore = service.log.length;
		const start = clock.now();
		let ids: number[] = [];
		let error: string | undefined;
		try {
			const { items } = await pollOnce(this.node, {
				credentials: { ...this.sim.credentials, ...service.credentials },
				staticData: this.staticData,
				pollBudgetMs: this.sim.pollBudgetMs,
			});
			ids = items.map((item) => Number(item.json.id));
		} catch (cause) {
			// What n8n shows of a failed poll: the message, and the description under it.
			const description = (cause as { description?: unknown })?.description;
			error = cause instanceof Error ? cause.message : String(cause);
			if (typeof description === 'string') error += ` ${description}`;
		}
		const end = clock.now();
		for (const id of ids) {
			if (this.emittedAt.has(id)) this.repeated.push(id);
			else this.emittedAt.set(id, end);
		}
		const record: PollRecord = {
			number: service.polls,
			start,
			end,
			requests: service.log.length - sentBefore,
			ids,
			error,
			stateBytes: this.stateBytes(),
		};
		this.polls.push(record);
		return record;
	}

	/** The event's state in the static data, as JSON, in characters (0 when there is none). */
	stateBytes(): number {
		const nodeData = this.staticData[`node:${this.node.name}`] as IDataObject | undefined;
		const state = nodeData?.[STATE_KEYS[this.event]];
		return state === undefined ? 0 : JSON.stringify(state).length;
	}

	/** n8n restarts: the static data comes back from the database; pacing and memory start afresh. */
	restart(): void {
		this.staticData = JSON.parse(JSON.stringify(this.staticData)) as IDataObject;
		testHooks.resetPacers();
		testHooks.forgetTriggerStates();
	}
}

/**
 * A simulated service on a new TestClock (jump mode) installed as the nodes' clock, with fresh
 * pacing and no trigger state in process memory, as a new n8n process has; `close` stops the
 * service and puts the previous clock back.
 */
export async function simulatedAccount(
	start: number,
	options: Omit<SimulatedServiceOptions, 'clock'>,
	seed = 7,
): Promise<{ clock: TestClock; service: SimulatedService; close: () => Promise<void> }> {
	const clock = new TestClock({ start, seed });
	const restoreClock = clock.install();
	testHooks.resetPacers();
	testHooks.forgetTriggerStates();
	const service = await new SimulatedService({ clock, ...options }).start();
	return {
		clock,
		service,
		close: async () => {
			await service.stop();
			restoreClock();
		},
	};
}
