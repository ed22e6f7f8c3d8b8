/**
 * Contact Enriched's simulation over 40 days (test/unit/trigger/enrichedSimulation.test.ts): the
 * simulated service with enrichment and update times, a scenario's contacts and polls, run
 * through the node's real poll() with every poll's output and stored state checked as it comes.
 * What it checks is listed in the test file.
 */
import type { IDataObject, IHttpRequestOptions, INodeExecutionData } from 'n8n-workflow';

import { OutreachContactTrigger } from '../../nodes/OutreachContact/OutreachContactTrigger.node';
import { MAX_SEEN, RETENTION_MS } from '../../nodes/OutreachContact/trigger/shared/ledger/eligible';
import { ENRICHED_KEY as ENRICHED_STATE_KEY } from '../../nodes/OutreachContact/trigger/shared/ledger/shapes';
import { readEligibleState } from '../../nodes/OutreachContact/trigger/shared/ledger/stored';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../nodes/OutreachContact/trigger/shared/serviceTime';
import { seededRandom, TestClock } from '../../harness/testClock';
import type { Order } from '../../sandbox/search';
import { isoUtc } from '../../harness/simulatedService/formats';
import { SimulatedService, type Fault } from '../../harness/simulatedService/service';
import { dayNumber, localMidnight } from '../../harness/simulatedService/calendar';
import { long } from './size';
import { restartN8n, simulatedPollContext } from './simulatedPollContext';

interface Row {
	id: number;
	seq: number;
	/** True creation time, and when its enrichment is written (null: never enriched). */
	created: number;
	enrichedAt: number | null;
	/** created_date as the trigger reads it (the service may write it hours off). */
	stamp: number;
}

interface ServiceOptions {
	timeZone: string;
	order: Order;
	cap: number;
	/** How far ahead of the truth created_date reads: a zoneless local time 11 h east of UTC. */
	stampAheadMs: number;
}

/** The conditions a Contact Enriched poll sends; any other is a violation. */
const ENRICHED_SEARCH = ['is_enriched', 'updated_timestamp', 'sequence__id'];

/**
 * The simulated service of the trigger tests (harness/simulatedService: the sandbox's search
 * rules, contacts appearing, enriched and updated at their times), answered in process, and
 * what the simulation knows of each contact.
 */
class SimService {
	readonly service: SimulatedService;

	readonly rows = new Map<number, Row>();

	/** Chance that a request for page >= 2 first sees a contact enriched at that moment (one a poll at most). */
	enrichWhilePaging = 0;

	enrichedWhilePaging = 0;

	private enrichedThisPoll = false;

	constructor(
		private readonly clock: TestClock,
		private readonly random: () => number,
		readonly options: ServiceOptions,
	) {
		const ahead = options.stampAheadMs;
		this.service = new SimulatedService({
			clock,
			order: options.order,
			maxPageSize: options.cap,
			timeZone: options.timeZone,
			createdDate: (ms) =>
				ahead === 0
					? isoUtc(ms)
					: isoUtc(ms + ahead)
							.replace('T', ' ')
							.replace('Z', ''),
		});
	}

	get log() {
		return this.service.log;
	}

	get violations() {
		return this.service.violations;
	}

	/** Schedules a contact created at `created`, enriched at `processed` when `enrich`, updated at `touches`. */
	schedule(
		created: number,
		seq: number,
		processed: number,
		enrich: boolean,
		touches: number[],
		visibleAt = created,
	): void {
		const [contact] = this.service.contacts.schedule([
			{
				at: visibleAt,
				createdMs: created,
				sequenceId: seq,
				...(enrich ? { enrichAt: processed } : {}),
				updates: touches,
			},
		]);
		this.rows.set(contact.id, {
			id: contact.id,
			seq,
			created,
			enrichedAt: enrich ? processed : null,
			stamp: created + this.options.stampAheadMs,
		});
	}

	beginPoll(fault: Fault | undefined): void {
		this.service.beginPoll(fault);
		this.enrichedThisPoll = false;
	}

	/** The last update of a contact, as the service holds it now. */
	updatedAt(id: number): number {
		this.service.contacts.catchUp(this.clock.now());
		return this.service.contacts.byId.get(id)!.updatedMs;
	}

	handle(request: IHttpRequestOptions) {
		const body = JSON.parse(String(request.body)) as {
			page?: number;
			conditions?: Array<{ property: string }>;
		};
		for (const c of body.conditions ?? [])
			if (!ENRICHED_SEARCH.includes(c.property))
				this.violations.push(`unexpected condition ${JSON.stringify(c)}`);
		if ((body.page ?? 1) >= 2 && !this.enrichedThisPoll && this.random() < this.enrichWhilePaging) {
			this.enrichedThisPoll = true; // at most one a poll, or the window would keep growing
			const now = this.clock.now();
			const created = now - Math.floor(this.random() * 2 * HOUR_MS);
			this.schedule(created, 101 + Math.floor(this.random() * 3), now, true, [], now);
			this.enrichedWhilePaging++;
		}
		return this.service.respond(request.method ?? 'GET', request.url, body);
	}
}

export interface Scenario {
	name: string;
	seed: number;
	service: ServiceOptions;
	start: number;
	days: number;
	perDay: number;
	sequence?: number;
	maxPerPoll: number;
	initialDays: number;
	simplify: boolean;
	/** n8n does not save the activation poll's static data (durable poll cursors). */
	dropActivationState: boolean;
}

/** The gaps between polls (ms), in the dense days and in between: the least, and the random part on top. */
const GAP = long
	? { dense: [20_000, 280_000], sparse: [30 * MINUTE_MS, 90 * MINUTE_MS] }
	: { dense: [4 * MINUTE_MS, 36 * MINUTE_MS], sparse: [120 * MINUTE_MS, 360 * MINUTE_MS] };

/** The share of a scenario's contacts a day created. */
export const PER_DAY = long ? 1 : 0.125;

/** What a scenario must have exercised: at full size, and in npm test. */
export const EXERCISED = long
	? { polls: 3000, failed: 100, restarts: 30, enrichedWhilePaging: 20 }
	: { polls: 500, failed: 20, restarts: 5, enrichedWhilePaging: 1 };

export async function simulate(s: Scenario) {
	const random = seededRandom(s.seed);
	const clock = new TestClock({ start: s.start, random: seededRandom(s.seed + 1) });
	const restoreClock = clock.install();
	restartN8n({}); // a new process: no pacing, no trigger state in memory
	const service = new SimService(clock, seededRandom(s.seed + 2), s.service);
	const zone = s.service.timeZone;
	const end = s.start + s.days * DAY_MS;

	// Contacts from 3 days before the activation on: most enriched after seconds to minutes,
	// some after hours or more than a day, a quarter never; a third updated again later (some
	// weeks later), and a burst larger than Max Contacts per Poll on day 2.
	const total = Math.floor((s.days + 3) * s.perDay * PER_DAY);
	const delay = () => {
		const r = random();
		return r < 0.8
			? 3000 + random() * 10 * MINUTE_MS
			: r < 0.95
				? HOUR_MS + random() * 5 * HOUR_MS
				: 20 * HOUR_MS + random() * 20 * HOUR_MS;
	};
	let touchedLate = 0;
	for (let i = 0; i < total; i++) {
		const created = s.start - 3 * DAY_MS + Math.floor(random() * (s.days + 3) * DAY_MS);
		const processed = created + Math.floor(delay());
		const touches: number[] = [];
		if (random() < 0.35) touches.push(processed + Math.floor(random() * 3 * DAY_MS));
		if (random() < 0.15) {
			touches.push(processed + 29 * DAY_MS + Math.floor(random() * 4 * DAY_MS));
			touchedLate++;
		}
		service.schedule(
			created,
			101 + Math.floor(random() * 3),
			processed,
			random() < 0.75,
			touches.filter((t) => t < end),
		);
	}
	const burstAt = s.start + 2 * DAY_MS + 7 * HOUR_MS;
	for (let i = 0; i < 3 * s.maxPerPoll; i++)
		service.schedule(burstAt + i, s.sequence ?? 101 + (i % 3), burstAt + 5000, true, []);

	// Polls (GAP): every 20 s to 5 min in the first 4 and the last 3 days, every 30 to 120 min in between; a
	// 30-hour outage; around each service midnight a poll just after it or one paging across it.
	const dense = (t: number) => t < s.start + 4 * DAY_MS || t > end - 3 * DAY_MS;
	const outageFrom = s.start + 4 * DAY_MS + 2 * HOUR_MS;
	const outageTo = outageFrom + 80 * HOUR_MS;
	let polls: number[] = [];
	for (let t = s.start; t < end; ) {
		polls.push(t);
		t += Math.floor(
			dense(t) ? GAP.dense[0] + random() * GAP.dense[1] : GAP.sparse[0] + random() * GAP.sparse[1],
		);
	}
	for (let day = dayNumber(s.start, zone) + 1; ; day++) {
		const m = localMidnight(day, zone);
		if (m > end) break;
		polls = polls.filter((p) => p < m - 2 * MINUTE_MS || p >= m);
		polls.push(day % 2 === 0 ? m + 1000 + Math.floor(random() * 20_000) : m - 3000);
	}
	polls = polls.filter((p) => p === s.start || p < outageFrom || p >= outageTo);
	polls.push(outageTo);
	for (let t = end + 5 * MINUTE_MS; t < end + 12 * HOUR_MS; t += 5 * MINUTE_MS) polls.push(t);
	polls.sort((a, b) => a - b);

	const trigger = new OutreachContactTrigger();
	const params: IDataObject = {
		event: 'contactEnriched',
		filters:
			s.sequence === undefined
				? {}
				: { sequenceId: { __rl: true, mode: 'id', value: String(s.sequence) } },
		simplify: s.simplify,
		options: { maxPerPoll: s.maxPerPoll, initialDays: s.initialDays },
	};
	let staticData: IDataObject = {};
	const emitted = new Map<number, number>();
	const problems: string[] = [];
	const stats = {
		polls: 0,
		failed: 0,
		restarts: 0,
		maxSeen: 0,
		maxStateBytes: 0,
		maxEmitted: 0,
		requests: [] as number[],
		reentered: 0,
		firstStart: 0,
		firstEnd: 0,
	};

	for (const [index, at] of polls.entries()) {
		if (at < clock.now()) continue; // the previous poll was still running
		clock.time = at;
		if (index > 0 && index % 97 === 0) {
			staticData = restartN8n(staticData);
			stats.restarts++;
		}
		const roll = random();
		const fault: Fault | undefined =
			index === 0
				? undefined
				: roll < 0.05
					? { kind: 'fail', status: 500, at: Math.floor(random() * 3) }
					: roll < 0.07
						? { kind: 'fail', status: 403, at: Math.floor(random() * 3) }
						: roll < 0.09
							? { kind: 'storm' }
							: roll < 0.14
								? { kind: 'transient', at: Math.floor(random() * 3) }
								: undefined;
		service.beginPoll(fault);
		service.enrichWhilePaging = index === 0 ? 0 : 0.04;
		const before = JSON.stringify(staticData);
		const logBefore = service.log.length;
		stats.polls++;
		let output: INodeExecutionData[][] | null;
		try {
			output = await trigger.poll.call(
				simulatedPollContext({
					nodeId: 'trigger-e',
					workflowId: 'wf-enriched',
					params,
					staticData,
					answer: (request) => service.handle(request),
				}),
			);
		} catch (error) {
			stats.failed++;
			if (JSON.stringify(staticData) !== before)
				problems.push(`poll at ${at}: state moved on failure`);
			if (!(error instanceof Error) || !/\((500|503|403)\)|credentials/i.test(error.message)) {
				problems.push(`poll at ${at}: unexpected error ${String(error)}`);
			}
			continue;
		}
		if (index > 0 && !fault) stats.requests.push(service.log.length - logBefore);
		if (index === 0) {
			stats.firstStart = at;
			stats.firstEnd = clock.now();
			if (s.dropActivationState) staticData = {};
		}
		const items = output?.[0] ?? [];
		stats.maxEmitted = Math.max(stats.maxEmitted, items.length);
		if (items.length > s.maxPerPoll) problems.push(`poll at ${at}: ${items.length} items`);
		for (const item of items) {
			const id = Number(item.json.id);
			const row = service.rows.get(id);
			if (!row) {
				problems.push(`unknown id ${id}`);
				continue;
			}
			if (emitted.has(id)) problems.push(`contact ${id} emitted twice (${emitted.get(id)}, ${at})`);
			if (row.enrichedAt === null || row.enrichedAt > clock.now())
				problems.push(`contact ${id} emitted before it was enriched`);
			if (s.simplify ? item.json.is_enriched !== true : !item.json.enriched_contact_data)
				problems.push(`contact ${id}: no enrichment`);
			emitted.set(id, at);
		}

		// The bound: ids only of contacts created since the floor, the floor at most the
		// retention period back after a poll that leaves nothing waiting, never over the cap.
		const { state } = readEligibleState(staticData[ENRICHED_STATE_KEY]);
		if (!state) {
			if (!(index === 0 && s.dropActivationState)) problems.push(`poll at ${at}: no state stored`);
			continue;
		}
		const seen = Object.entries(state.seen);
		if (seen.some(([, created]) => created < state.floor))
			problems.push(`poll at ${at}: an id older than the floor`);
		if (state.since === at && state.floor < at - RETENTION_MS)
			problems.push(`poll at ${at}: floor more than the retention back`);
		const bound = [...service.rows.values()].filter(
			(r) =>
				r.enrichedAt !== null &&
				r.enrichedAt <= clock.now() &&
				r.stamp >= state.floor &&
				(s.sequence === undefined || r.seq === s.sequence),
		).length;
		if (seen.length > Math.min(bound, MAX_SEEN))
			problems.push(`poll at ${at}: ${seen.length} ids, bound ${bound}`);
		stats.maxSeen = Math.max(stats.maxSeen, seen.length);
		stats.maxStateBytes = Math.max(stats.maxStateBytes, JSON.stringify(staticData).length);
	}
	restoreClock();

	// Which contacts had to come: enriched after the activation poll (or, with initial days,
	// within them) and created since the activation floor, and before the last poll.
	const lookback = s.initialDays > 0 ? s.initialDays * DAY_MS : DAY_MS;
	const matches = (r: Row) => s.sequence === undefined || r.seq === s.sequence;
	const lastPoll = polls[polls.length - 1];
	const inFloor = (r: Row) => r.stamp >= stats.firstStart - lookback;
	const must = (r: Row) =>
		matches(r) &&
		r.enrichedAt !== null &&
		inFloor(r) &&
		r.enrichedAt < lastPoll &&
		(s.initialDays > 0 || r.enrichedAt > stats.firstEnd);
	const may = (r: Row) =>
		must(r) ||
		(matches(r) && r.enrichedAt !== null && inFloor(r) && r.enrichedAt >= stats.firstStart);
	const required = [...service.rows.values()].filter(must);
	for (const r of required)
		if (!emitted.has(r.id))
			problems.push(
				`contact ${r.id} (created ${r.created}, enriched ${r.enrichedAt}) never emitted`,
			);
	for (const id of emitted.keys())
		if (!may(service.rows.get(id)!)) problems.push(`contact ${id} should not have been emitted`);
	// Emitted contacts updated again while still watched, or weeks later.
	const touchedAgain = required.filter((r) => service.updatedAt(r.id) > r.enrichedAt!).length;
	return { problems, stats, service, required, emitted, touchedLate, touchedAgain };
}
