/* eslint-disable no-console, @n8n/community-nodes/no-restricted-globals -- test code, not shipped: PROPERTY_* settings and PROPERTY_TRACE=1 output */
/**
 * Runs one schedule of the property test and judges it. Each poll goes through n8n-core's real
 * PollContext (harness pollOnce) with the node's real transport; only the HTTP helper is routed
 * to the schedule's service in process, so pacing and retries happen as in n8n and every
 * request, retries included, is counted where the service receives it. The clock jumps (waits
 * take no real time). The invariants are checked after every poll, then the account is drained
 * (a poll a minute, no faults) and every contact that must come is checked to have come once.
 * Returns the problems found, the first poll with any ends the run.
 */
import { scheduleEventOf } from './events';
import type { IDataObject, IHttpRequestOptions, INode, Logger } from 'n8n-workflow';

import type { OutreachCredentials } from '../../harness/core/credentials';
import { pollOnce } from '../../harness/core/run';
import { STATE_KEYS } from '../../harness/simulatedService/triggerSimulation';
import { TestClock } from '../../harness/testClock';
import { triggerNode } from '../../harness/workflowJson';
import { testHooks } from '../../nodes/OutreachContact/testHooks';
import { MAX_STATE_BYTES } from '../../nodes/OutreachContact/trigger/shared/ledger/shapes';
import { datedAt, rulesOf, type Activation, type Rules } from './expectations';
import { planOf, type PlannedContact, type PlannedPoll, type Schedule } from './schedule';
import { ScheduleService, type Received } from './scheduleService';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Polls beyond docs/trigger.md's formulas that the liveness check allows (livenessBound). */
export const LIVENESS_MARGIN = 3;

/** The longest gap between the schedule's end and the drain (see drain). */
const KEEP_ALIVE_MS = 6 * 60 * MINUTE;

/** Polls after the drain that must bring nothing again. */
const AFTER_DRAIN = 5;

export interface Outcome {
	problems: string[];
	polls: number;
	requests: number;
	emitted: number;
	/** Contacts emitted by the schedule's polls, before the drain. */
	emittedInSchedule: number;
	/** Contacts that had to come. */
	required: number;
	/** Every request the service received, retries included. */
	received: Received[];
	/** What the trigger logged at warning and error level, in order. */
	warnings: string[];
	/** Set when the run passed its time limit (runSchedule's `until`) and was stopped: where. */
	cut?: string;
}

/** Thrown by a poll that would start past the run's time limit. */
class PastLimit extends Error {}

/** The trigger's share of the credential's Requests per Minute: a quarter, at least 1. */
export const shareOf = (requestsPerMinute: number) =>
	Math.max(1, Math.floor(requestsPerMinute / 4));

/**
 * The window the share is counted over (docs/trigger.md, "What a poll may send"): a minute, or,
 * for a share of 1, 2 requests in any 2 minutes (a step of a read is 2 requests in one poll).
 */
export const shareWindowOf = (requestsPerMinute: number) => {
	const share = shareOf(requestsPerMinute);
	return share >= 2 ? { requests: share, minutes: 1 } : { requests: 2, minutes: 2 };
};

/** The most times (sorted) within any [t, t + ms), and where that window starts. */
function busiestWindow(times: number[], ms: number): { count: number; at: number } {
	let best = { count: 0, at: 0 };
	for (let i = 0, j = 0; i < times.length; i++) {
		while (j < times.length && times[j] < times[i] + ms) j++;
		if (j - i > best.count) best = { count: j - i, at: times[i] };
	}
	return best;
}

/** The log's give-ups: the state's bound, and retention after a walk that outlasted its window. */
const CUT_WARNING =
	/created before (\S+) (?:that shows up from now on is not emitted|\(30 days ago\) that it did not reach is given up)/;

/** `drainFactor` multiplies the drain's bound: a loss that stays with a larger one is no slow drain. */
/**
 * `until`: a time (Date.now()) after which no poll starts; the outcome then says where the run was
 * cut (`cut`) and judges nothing past it (a survey's draw of compounded imports read a page a
 * minute ran for minutes and held the whole survey: deletions seed 2250000, schedule 1475).
 */
export async function runSchedule(
	schedule: Schedule,
	drainFactor = 1,
	until = Infinity,
): Promise<Outcome> {
	const plan = planOf(schedule);
	const clock = new TestClock({ start: plan.start, seed: schedule.seed });
	const restoreClock = clock.install();
	testHooks.resetPacers();
	testHooks.forgetTriggerStates();
	try {
		return await new ScheduleRun(schedule, plan.contacts, clock, drainFactor, until).run(
			plan.polls,
		);
	} finally {
		restoreClock();
		testHooks.resetPacers();
		testHooks.forgetTriggerStates();
	}
}

class ScheduleRun {
	private readonly service: ScheduleService;

	private readonly node: INode;

	private readonly credentials: OutreachCredentials;

	/** The activation's time (true time): messages give times from it. */
	private readonly start: number;

	private readonly byId: Map<number, PlannedContact>;

	private readonly share: { requests: number; minutes: number };

	private staticData: IDataObject = {};

	private readonly warnings: string[] = [];

	private readonly logger: Logger;

	/** Each emitted id and the poll that emitted it. */
	private readonly emitted = new Map<number, number>();

	private readonly problems: string[] = [];

	private rules: Rules = { may: () => true, must: () => false };
	/** The activation the rules judge by; `sampledUntil` moves as the sample's walk reads. */
	private activated: Activation | undefined;
	/** Whether the stored state held the sample's walk (`sampling`) after the last poll. */
	private sampling = false;

	/** Contacts dated before this (on the service's dates) were named as given up by the log. */
	private givenUpBefore = -Infinity;

	private polls = 0;

	constructor(
		private readonly schedule: Schedule,
		private readonly contacts: PlannedContact[],
		private readonly clock: TestClock,
		private readonly drainFactor: number,
		private readonly until: number,
	) {
		this.service = new ScheduleService(
			clock,
			schedule.order,
			schedule.cap,
			schedule.dates,
			schedule.seed,
		);
		this.service.add(contacts);
		this.start = clock.time;
		this.byId = new Map(contacts.map((c) => [c.id, c]));
		this.share = shareWindowOf(schedule.requestsPerMinute);
		this.node = triggerNode('Outreach Contact Trigger', {
			event: schedule.event,
			filters: schedule.sequenceFilter
				? { sequenceId: { __rl: true, mode: 'id', value: '101' } }
				: {},
			simplify: true,
			options: { maxPerPoll: schedule.maxPerPoll, initialDays: schedule.initialDays },
		});
		this.credentials = {
			baseUrl: 'https://outreach.test/api/v2',
			apiKey: 'property-test-key',
			requestsPerMinute: schedule.requestsPerMinute,
		};
		const keep = (message: string) => this.warnings.push(message);
		const ignore = () => undefined;
		this.logger = { warn: keep, info: ignore, debug: ignore, error: keep } as unknown as Logger;
	}

	async run(planned: PlannedPoll[]): Promise<Outcome> {
		try {
			return await this.judged(planned);
		} catch (error) {
			// eslint-disable-next-line @n8n/community-nodes/require-node-api-error -- test code: the run's own error, as it came
			if (!(error instanceof PastLimit)) throw error;
			const cut = `stopped at its time limit before poll ${this.polls + 1}`;
			return { ...this.outcome(0), problems: [], cut };
		}
	}

	private outcome(emittedInSchedule: number): Outcome {
		return {
			problems: this.problems,
			polls: this.polls,
			requests: this.service.received.length,
			received: this.service.received,
			emitted: this.emitted.size,
			emittedInSchedule,
			required: this.contacts.filter((c) => this.owed(c)).length,
			warnings: this.warnings,
		};
	}

	private async judged(planned: PlannedPoll[]): Promise<Outcome> {
		const [activation, ...rest] = planned;
		const start = this.clock.time;
		await this.poll(activation);
		this.activated = {
			start,
			end: this.clock.time,
			withoutOrder: this.storedState()?.sampling !== undefined,
		};
		this.rules = rulesOf(this.schedule, this.contacts, this.activated);
		this.judge(0, start);
		for (const p of rest) {
			if (this.problems.length > 0) break;
			const at = await this.poll(p);
			this.judge(this.polls - 1, at);
		}
		const emittedInSchedule = this.emitted.size;
		if (this.problems.length === 0) await this.drain();
		return this.outcome(emittedInSchedule);
	}

	/** Whether the contact must come: the event's rules say so and it was not deleted. */
	private owed(c: PlannedContact): boolean {
		return this.rules.must(c) && !this.service.deleted.has(c.id);
	}

	/**
	 * Liveness (issue 51, point 5): once no contact is created, becomes eligible or is deleted, the
	 * polls a minute apart within which every owed contact comes. docs/trigger.md's formulas with
	 * the schedule's settings, plus LIVENESS_MARGIN:
	 * - the backlog of `missing` contacts as an import ("How long an import takes": Max Contacts
	 *   per Poll, the pages the share reads beside the rolling check, the search for its end);
	 * - and three walks of the window (the one under way, the next, and the one `since` waits for):
	 *   a walk reads at the share; an event of eligible contacts beside the new end of a list in an
	 *   order reads one page a poll ("Eligible contacts").
	 */
	private livenessBound(missing: number, eligible: boolean): number {
		const { maxPerPoll, cap } = this.schedule;
		const size = Math.min(cap, 100);
		// Per window of the share (a minute; 2 minutes for a share of 1): its requests less the check.
		const { requests, minutes } = this.share;
		// Polls a minute apart on a share of 1 read a step every 2 polls, every 3 when the steps'
		// waits for the window (budget.ts, stepWait) have added up to more than 5 seconds.
		const pace = minutes === 1 ? 1 : minutes + 1;
		const reads = Math.max(1, requests - 1);
		const pages = Math.ceil(missing / size);
		const backlog =
			pace *
			(Math.max(
				Math.ceil(missing / maxPerPoll),
				Math.ceil(pages / Math.min(Math.ceil(maxPerPoll / size), reads)),
			) +
				Math.ceil(Math.log2(pages + 1) / reads) +
				1);
		const rows = this.service.store.byCreated;
		const windowPages = Math.max(1, Math.ceil(rows.length / size));
		const walk = pace * (eligible ? windowPages : Math.ceil(windowPages / requests));
		// New Contact in an order: a contact searchable late, below the handled point, is met only
		// by the rolling check ("The rolling check"), one page a quiet poll from the new end down to
		// the floor (an hour below the handled point); every contact searchable when a round began
		// is met by that round, so within two rounds of the pages dated in the last 2 hours.
		// A round spans the pages dated from an hour below the handled point to the new end when it
		// began, and a round under way when an import came goes on over it: the most contacts
		// created within any 2 hours bound it (not the last 2 hours of the present: a round begun
		// before 3 imports of 5,000 came 5 hours before the drain outlasted that; survey seed
		// 70000, schedule 9926).
		let recent = 0;
		for (let i = 0, j = 0; i < rows.length; i++) {
			while (rows[i].createdMs - rows[j].createdMs >= 2 * HOUR) j++;
			recent = Math.max(recent, i - j + 1);
		}
		const check = eligible ? 0 : pace * 2 * Math.ceil(recent / size);
		return backlog + 3 * walk + check + LIVENESS_MARGIN;
	}

	/**
	 * Polls every minute (or every `pollSeconds`) without faults until every contact that must come
	 * came, within a bound.
	 */
	private async drain(): Promise<void> {
		const must = this.contacts.filter((c) => this.owed(c));
		const missing = () =>
			must.filter(
				(c) => !this.emitted.has(c.id) && datedAt(this.schedule, c) >= this.givenUpBefore,
			);
		const { eligibleAt } = scheduleEventOf(this.schedule.event);
		const settled = Math.max(0, ...must.map((c) => Math.max(c.visibleAt, eligibleAt?.(c) ?? 0)));
		// The backlog the bound counts: every contact that may still come, owed or not (one the
		// rules allow but do not owe takes a place of Max Contacts per Poll too; at 1 a poll, 9 owed
		// contacts waited behind them past a bound that counted the owed alone: wide survey seed 71).
		const backlog = () =>
			this.contacts.filter(
				(c) => !this.emitted.has(c.id) && !this.service.deleted.has(c.id) && this.rules.may(c),
			).length;
		// Polls faster than a minute (pollSeconds) share the window's requests: as many more polls.
		const every = this.schedule.pollSeconds ? this.schedule.pollSeconds * 1000 : MINUTE;
		const bound = () =>
			this.drainFactor *
			Math.ceil(MINUTE / every) *
			this.livenessBound(Math.max(missing().length, backlog()), !!eligibleAt);
		// Until the last owed contact becomes eligible (up to 30 days after the schedule), a poll
		// every 6 hours: the trigger stays on, as a user's does (expectations.ts, retention).
		while (this.clock.time + KEEP_ALIVE_MS < settled && this.problems.length === 0) {
			const at = await this.poll({ at: this.clock.time + KEEP_ALIVE_MS, ...QUIET });
			this.judge(this.polls - 1, at);
		}
		const allowed: number[] = [];
		// Twice: a contact dated ahead may wait for its date, so the second drain starts after it.
		for (const round of [0, 1]) {
			if (missing().length === 0 || this.problems.length > 0) break;
			let next = Math.max(this.clock.time, settled);
			if (round === 1) {
				const dated = Math.max(...missing().map((c) => datedAt(this.schedule, c)));
				next = Math.max(next, dated - this.clock.wallOffset + 2 * MINUTE);
			}
			next = Math.ceil(next / MINUTE) * MINUTE;
			const polls = bound();
			allowed.push(polls);
			for (let i = polls; i > 0 && missing().length > 0 && this.problems.length === 0; i--) {
				const at = await this.poll({ at: next, ...QUIET });
				this.judge(this.polls - 1, at);
				next = Math.max(at, this.clock.time) + every;
			}
		}
		const left = missing();
		if (left.length > 0 && this.problems.length === 0)
			this.problems.push(
				`${left.length} of ${must.length} contacts that must come never came (within ${allowed.join(' + ')} polls ${every / 1000} s apart, the liveness bound), e.g. ${left
					.slice(0, 8)
					.map((c) => this.describe(c))
					.join('; ')}`,
			);
		for (let i = 0; i < AFTER_DRAIN && this.problems.length === 0; i++) {
			const at = await this.poll({ at: this.clock.time + MINUTE, ...QUIET });
			this.judge(this.polls - 1, at);
		}
	}

	/** One poll; returns when it started (true time). */
	private async poll(planned: PlannedPoll): Promise<number> {
		if (Date.now() > this.until) throw new PastLimit();
		const { clock } = this;
		let at = Math.max(planned.at, clock.time);
		if (planned.restart) {
			// n8n restarts: the static data comes back from the database, memory starts afresh. A
			// restart takes the share's window (a minute; 2 at a share of 1), so the budget's memory
			// of it is not needed (docs/trigger.md: a quicker restart may pass the share once).
			this.staticData = JSON.parse(JSON.stringify(this.staticData)) as IDataObject;
			testHooks.resetPacers();
			testHooks.forgetTriggerStates();
			const last = this.service.received[this.service.received.length - 1];
			if (last) at = Math.max(at, last.at + this.share.minutes * MINUTE + 1);
		}
		clock.time = at;
		clock.stepWallClock(planned.clockStepMs);
		const index = this.polls++;
		this.service.beginPoll(index, planned);
		const warned = this.warnings.length;
		let ids: number[] = [];
		try {
			const { items } = await pollOnce(this.node, {
				credentials: this.credentials,
				staticData: this.staticData,
				prepare: (context) => {
					context.helpers.httpRequestWithAuthentication = async (
						_type: string,
						request: IHttpRequestOptions,
					) => this.service.respond(request.method ?? 'GET', request.url, request.body);
					Object.defineProperty(context, 'logger', { value: this.logger });
				},
			});
			ids = items.map((item) => Number(item.json.id));
		} catch (cause) {
			this.problems.push(
				`${this.when(index, at)} threw: ${cause instanceof Error ? cause.message : String(cause)}`,
			);
		}
		for (const warning of this.warnings.slice(warned)) {
			const cut = CUT_WARNING.exec(warning);
			if (cut) this.givenUpBefore = Math.max(this.givenUpBefore, Date.parse(cut[1]));
		}
		this.lastIds = ids;
		if (process.env.PROPERTY_TRACE) this.trace(index, at, ids);
		return at;
	}

	private lastIds: number[] = [];

	/** PROPERTY_TRACE=1: each poll's emitted ids, requests and stored state, to follow a failure. */
	private trace(index: number, at: number, ids: number[]): void {
		const state = Object.values(this.staticData)[0] as Record<string, Record<string, unknown>>;
		const stored = state && Object.values(state)[0];
		const { seen, ...rest } = { ...(stored ?? {}), reported: undefined } as Record<string, unknown>;
		const min = (t: unknown) =>
			typeof t === 'number' ? `${((t - this.start) / MINUTE).toFixed(1)}m` : t;
		const sent = this.service.received.filter((r) => r.poll === index).length;
		console.log(
			`${this.when(index, at)}: emitted ${ids.length} [${ids.slice(0, 3).join(',')}..${ids.slice(-2).join(',')}], ${sent} requests, seen ${Object.keys(seen ?? {}).length}, ` +
				JSON.stringify(rest, (k, v) =>
					[
						'floor',
						'cutoff',
						'through',
						'newest',
						'previous',
						'ceiling',
						'createdFloor',
						'since',
					].includes(k)
						? min(v)
						: v,
				),
		);
	}

	/** The invariants after poll `index`, which started at `at`. */
	private judge(index: number, at: number): void {
		// The sample's walk read at this poll when the state holds it before or after the poll.
		const sampling = this.storedState()?.sampling !== undefined;
		if (this.activated && (this.sampling || sampling)) this.activated.sampledUntil = at;
		this.sampling = sampling;
		const when = this.when(index, at);
		const ids = this.lastIds;
		const { schedule, problems } = this;
		if (ids.length > schedule.maxPerPoll)
			problems.push(`${when} emitted ${ids.length}, more than Max Contacts per Poll`);
		let previous: PlannedContact | undefined;
		for (const id of ids) {
			const c = this.byId.get(id);
			if (!c) {
				problems.push(`${when} emitted unknown id ${id}`);
				continue;
			}
			const first = this.emitted.get(id);
			if (first !== undefined) problems.push(`${when} emitted again ${this.describe(c)}`);
			else this.emitted.set(id, index);
			if (!this.rules.may(c))
				problems.push(`${when} emitted ${this.describe(c)}, which the event's rules do not allow`);
			if (previous && !this.olderOrSame(previous, c))
				problems.push(
					`${when} did not emit oldest first: ${this.describe(previous)} before ${this.describe(c)}`,
				);
			previous = c;
		}
		const bytes = this.stateBytes();
		if (bytes > MAX_STATE_BYTES) problems.push(`${when}: state of ${bytes} bytes`);
		const { requests, minutes } = this.share;
		const recent = this.service.received
			.filter((r) => r.at >= at - minutes * MINUTE)
			.map((r) => r.at);
		const busiest = busiestWindow(recent, minutes * MINUTE);
		if (busiest.count > requests)
			problems.push(
				`${when}: the service received ${busiest.count} requests within ${minutes * 60} s from ${this.minutes(busiest.at)} (retries included), over the trigger's share of ${requests}`,
			);
		for (const v of this.service.violations.splice(0)) problems.push(`${when}: ${v}`);
	}

	/** Whether `a` may come before `b` in one poll: by (created time as dated, id). */
	private olderOrSame(a: PlannedContact, b: PlannedContact): boolean {
		const da = datedAt(this.schedule, a);
		const db = datedAt(this.schedule, b);
		return da < db || (da === db && a.id < b.id);
	}

	/** The trigger's state as n8n stores it, if any. */
	private storedState(): IDataObject | undefined {
		const nodeData = this.staticData[`node:${this.node.name}`] as IDataObject | undefined;
		return nodeData?.[STATE_KEYS[this.schedule.event]] as IDataObject | undefined;
	}

	private stateBytes(): number {
		const state = this.storedState();
		return state === undefined ? 0 : Buffer.byteLength(JSON.stringify(state), 'utf8');
	}

	private minutes(t: number): string {
		const m = (t - this.start) / MINUTE;
		return `${m >= 0 ? '+' : ''}${m.toFixed(1)} min`;
	}

	private when(index: number, at: number): string {
		return `poll ${index} (at ${this.minutes(at)})`;
	}

	private describe(c: PlannedContact): string {
		const parts = [`contact ${c.id} appeared ${this.minutes(c.visibleAt)}`];
		parts.push(`dated ${this.minutes(c.createdMs)}`);
		if (c.enrichAt !== undefined) parts.push(`enriched ${this.minutes(c.enrichAt)}`);
		if (c.snippetsAt !== undefined) parts.push(`snippets ${this.minutes(c.snippetsAt)}`);
		const deleted = this.service.deleted.get(c.id);
		if (deleted !== undefined) parts.push(`deleted ${this.minutes(deleted)}`);
		return parts.join(', ');
	}
}

const QUIET = { restart: false, clockStepMs: 0, faultPercent: 0, faultStatus: 503 as const };
