/**
 * The service a property schedule runs against, in process: the simulated service's contacts
 * (harness ContactStore: contacts appear and are enriched as the clock reaches their times) and
 * the sandbox's search rules, with the result orders the schedules draw (by creation, by
 * insertion, none) and faults (503, 429) at the requests a schedule picks. It answers in the
 * shape n8n's request helper returns, so the node's real transport (pacing, retries) sends to
 * it, and it logs every request it receives, retries included, on the true clock.
 */
import { createPrng } from '../../sandbox/prng';
import {
	compareDays,
	conditionGroups,
	matchesCondition,
	paginate,
	parseSearchBody,
	SearchError,
	type Condition,
} from '../../sandbox/search';
import { ContactStore, type Row } from '../../harness/simulatedService/contacts';
import { isoUtc, localWithoutZone } from '../../harness/simulatedService/formats';
import { contactById, publicContact } from '../../harness/simulatedService/service';
import type { TestClock } from '../../harness/testClock';
import type { DateStyle, ListOrder, PlannedContact, PlannedPoll } from './schedule';

export interface Received {
	/** True time (the service's clock, n8n's monotonic one) the request arrived. */
	at: number;
	/** Index of the poll it belongs to (0: the activation). */
	poll: number;
	status: number;
	/** Method and path, e.g. "POST /contact/search/". */
	request: string;
}

export interface FullResponse {
	statusCode: number;
	headers: Record<string, string>;
	body: string;
}

/** Faulted requests in a row at most: one fewer than the transport's tries (6), so none gives up. */
const MAX_FAULT_STREAK = 4;
const LATENCY_MS = 200;

export class ScheduleService {
	readonly store: ContactStore;

	readonly received: Received[] = [];

	/** Requests the trigger should never send (a bad body, another endpoint). */
	readonly violations: string[] = [];

	private poll = -1;

	private plan: PlannedPoll | undefined;

	private faultRandom: () => number = () => 1;

	private streak = 0;

	private built: { key: string; rows: Row[] } | undefined;

	/** Each deleted contact and when (true time): a deleted contact is owed no more. */
	readonly deleted = new Map<number, number>();

	/** Of the newest, how many this poll deletes after its first page is answered. */
	private deleteDuring = 0;

	constructor(
		private readonly clock: TestClock,
		private readonly order: ListOrder,
		private readonly cap: number,
		dates: DateStyle,
		private readonly seed: number,
	) {
		const zone = dates === 'utc' ? 'UTC' : dates;
		this.store = new ContactStore(zone, dates === 'utc' ? isoUtc : localWithoutZone(zone));
	}

	add(contacts: readonly PlannedContact[]): void {
		this.store.schedule(
			contacts.map((c) => ({
				at: c.visibleAt,
				createdMs: c.createdMs,
				id: c.id,
				sequenceId: c.sequenceId,
				enrichAt: c.enrichAt,
				snippetsAt: c.snippetsAt,
			})),
		);
	}

	/** A poll starts: its requests count from 0 and get its faults (none when `plan` is undefined). */
	beginPoll(index: number, plan: PlannedPoll | undefined): void {
		this.poll = index;
		this.plan = plan;
		this.streak = 0;
		this.faultRandom = createPrng(this.seed * 7919 + index);
		this.deleteDuring = plan?.deletions?.during ?? 0;
		const before = plan?.deletions?.before ?? 0;
		if (before > 0) {
			// Drawn from the contacts in the search now, with a random of the poll's own.
			this.store.catchUp(this.clock.time);
			const random = createPrng(this.seed * 104_729 + index);
			const rows = [...this.store.byCreated];
			const picked: number[] = [];
			for (let i = 0; i < before && rows.length > 0; i++)
				picked.push(rows.splice(Math.floor(random() * rows.length), 1)[0].id);
			this.remove(picked);
		}
	}

	private remove(ids: number[]): void {
		for (const row of this.store.remove(ids)) this.deleted.set(row.id, this.clock.time);
	}

	/** What n8n's httpRequestWithAuthentication returns for a request of the node's transport. */
	respond(method: string, path: string, body: unknown): FullResponse {
		const at = this.clock.time;
		this.clock.advance(LATENCY_MS);
		const fault = this.faultNow();
		const record = { at, poll: this.poll, status: fault ?? 200, request: `${method} ${path}` };
		this.received.push(record);
		if (fault === 503) return reply(503, { detail: 'Server error; retry' }, { 'retry-after': '2' });
		if (fault === 429) return reply(429, { detail: 'Too many requests' }, { 'retry-after': '3' });
		if (method === 'GET' && path === '/me') return reply(200, { message: 'Authorized' });
		const byId = method === 'GET' ? contactById(this.store, path, at) : undefined;
		if (byId) {
			record.status = byId.status;
			return reply(byId.status, byId.body);
		}
		if (method !== 'POST' || path !== '/contact/search/') {
			this.violations.push(`unexpected request ${method} ${path}`);
			return reply(404, { detail: 'Not found.' });
		}
		let request;
		try {
			request = parseSearchBody(typeof body === 'string' ? JSON.parse(body) : body);
		} catch (cause) {
			const problem = cause instanceof SearchError ? `${cause.field}: ${cause.message}` : cause;
			this.violations.push(`bad search: ${String(problem)}`);
			return reply(400, { detail: String(problem) });
		}
		this.store.catchUp(at);
		const page = paginate(
			this.listed(request.conditions, at),
			request.page,
			request.page_size,
			this.cap,
		);
		if (!page) return reply(404, { detail: 'Invalid page.' });
		const answer = reply(200, {
			contacts: page.items.map(publicContact),
			pagination: page.pagination,
		});
		if (this.deleteDuring > 0) {
			// While the poll pages: the newest contacts of the account go.
			const newest = this.store.byCreated.slice(-this.deleteDuring).map((row) => row.id);
			this.deleteDuring = 0;
			this.remove(newest);
		}
		return answer;
	}

	/** The fault of the request now arriving, if any, never more than MAX_FAULT_STREAK in a row. */
	private faultNow(): 503 | 429 | undefined {
		const plan = this.plan;
		if (!plan || plan.faultPercent === 0) return undefined;
		const roll = this.faultRandom() * 100;
		const pick = this.faultRandom();
		if (roll >= plan.faultPercent || this.streak >= MAX_FAULT_STREAK) {
			this.streak = 0;
			return undefined;
		}
		this.streak++;
		if (plan.faultStatus === 'mixed') return pick < 0.5 ? 503 : 429;
		return plan.faultStatus;
	}

	/** The matching contacts in the order the service lists them. */
	private listed(conditions: Condition[], now: number): Row[] {
		const today = this.store.dayOf(now);
		const key = `${this.store.version}|${today}|${JSON.stringify(conditions)}`;
		if (this.built?.key === key) return this.built.rows;
		const groups = conditionGroups(conditions);
		const context = { now, timeZone: this.store.timeZone };
		const meets = (row: Row, c: Condition) => {
			if (c.property === 'created_timestamp')
				return compareDays(today - row.day, c.condition, Number(c.value));
			if (c.property === 'updated_timestamp')
				return compareDays(today - this.store.dayOf(row.updatedMs), c.condition, Number(c.value));
			return matchesCondition(row, c, context);
		};
		const byOrder = this.order === 'unordered' ? this.store.byRank : this.store.byCreated;
		const rows = byOrder.filter((row) => groups.every((g) => g.some((c) => meets(row, c))));
		if (this.order === 'newest') rows.reverse();
		// Ids follow insertion (schedule.ts), so the insertion orders are the orders of ids.
		if (this.order === 'insertionOldest') rows.sort((a, b) => a.id - b.id);
		if (this.order === 'insertionNewest') rows.sort((a, b) => b.id - a.id);
		this.built = { key, rows };
		return rows;
	}
}

function reply(status: number, body: unknown, headers: Record<string, string> = {}): FullResponse {
	return {
		statusCode: status,
		headers: { 'content-type': 'application/json', ...headers },
		body: JSON.stringify(body),
	};
}
