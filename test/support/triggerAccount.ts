/**
 * A trigger on an account of the simulated service, for the class tests of issue 33
 * (workflow/triggerClasses.test.ts, triggerSavedStates.test.ts): each poll through n8n-core's
 * real PollContext with its poll budget, on the virtual clock, against the simulated service
 * (harness/simulatedService: a localhost server answering each search in 250 ms of virtual time),
 * and the assertions keyed by what the user loses.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Row } from '../../harness/simulatedService/contacts';
import type { Fault, ServiceOrder } from '../../harness/simulatedService/service';
import {
	simulatedAccount,
	STATE_KEYS,
	TriggerSimulation,
	type TriggerEvent,
	type TriggerSimulationOptions,
} from '../../harness/simulatedService/triggerSimulation';

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const START = Date.UTC(2026, 5, 10, 9, 0, 0);
/** The node's name in the workflow (triggerSimulation.ts): its static data is under node:<name>. */
export const NODE_KEY = 'node:Outreach Contact Trigger';

export interface Account {
	order: ServiceOrder;
	cap?: number;
	event?: TriggerEvent;
	options?: IDataObject;
	credentials?: TriggerSimulationOptions['credentials'];
	start?: number;
}

/** An account on the simulated service and a trigger polling it; `close` in a finally. */
export async function account(a: Account) {
	const start = a.start ?? START;
	const { clock, service, close } = await simulatedAccount(start, {
		order: a.order,
		maxPageSize: a.cap ?? 100,
		latencyMs: 250,
	});
	const sim = new TriggerSimulation({
		service,
		clock,
		event: a.event,
		options: a.options ?? {},
		credentials: a.credentials,
	});
	return { clock, service, sim, close };
}

/** Polls at each of `times` that is not already past (a poll may outlast the gap). */
export async function pollEach(
	sim: TriggerSimulation,
	times: number[],
	fault?: Fault,
): Promise<void> {
	for (const t of times) await sim.pollAt(Math.max(t, sim.polls.at(-1)?.end ?? 0), fault);
}

export const every = (step: number, from: number, to: number) =>
	Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

/** "none", or how many ids and the first of them. */
export function listed(ids: number[]): string {
	if (ids.length === 0) return 'none';
	const first = ids.slice(0, 12).join(', ');
	return `${ids.length}: ${first}${ids.length > 12 ? ', ...' : ''}`;
}

/**
 * Every one of `rows` was emitted, and nothing was emitted twice; the failure names what the
 * user loses (`what`) with the ids missing and repeated.
 */
export function expectEachOnce(what: string, sim: TriggerSimulation, rows: Row[]): void {
	const missing = rows.filter((row) => !sim.emittedAt.has(row.id)).map((row) => row.id);
	expect({ [what]: { missing: listed(missing), repeated: listed(sim.repeated) } }).toEqual({
		[what]: { missing: 'none', repeated: 'none' },
	});
}

/** The polls that threw, as "poll n: message". */
export const thrown = (sim: TriggerSimulation) =>
	sim.polls.filter((p) => p.error !== undefined).map((p) => `poll ${p.number}: ${p.error}`);

/** The event's state as stored in the static data. */
export function storedState(sim: TriggerSimulation): Record<string, unknown> | undefined {
	const nodeData = sim.staticData[NODE_KEY] as IDataObject | undefined;
	return nodeData?.[STATE_KEYS[sim.event]] as Record<string, unknown> | undefined;
}

/** A state written into the static data as n8n stores it (JSON, under the node's key). */
export function storeState(sim: TriggerSimulation, state: Record<string, unknown>): void {
	sim.staticData = JSON.parse(
		JSON.stringify({ [NODE_KEY]: { [STATE_KEYS[sim.event]]: state } }),
	) as IDataObject;
}
