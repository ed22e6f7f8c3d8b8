/**
 * The simulated service's contacts, in memory. Kept sorted by creation time (then id) and in
 * the fixed scramble of the 'unordered' result order, so that a search finds its day window by
 * binary search and sorts nothing per request, even at 300,000 contacts. Contacts and their
 * changes (enrichment, later updates) can be scheduled: they happen when `catchUp` reaches
 * their time, so a contact appears in the search only from its time on.
 */
import { scramble } from '../../sandbox/search';
import type { ContactRecord } from '../../sandbox/types';
import { dayNumber } from './calendar';

/** A contact as the simulated service keeps it: the sandbox's record plus the search's keys. */
export interface Row extends ContactRecord {
	/** The creation time the service holds (epoch ms): created_date writes it, days count from it. */
	createdMs: number;
	/** When it appeared in the search: its real creation (`createdMs` unless dated off). */
	visibleAt: number;
	/** The calendar day of `createdMs` in the service's timezone. */
	day: number;
	/** The last update (epoch ms): the creation, the enrichment, or a later change. */
	updatedMs: number;
	/** When it was enriched, or null (not yet, or never). */
	enrichedAt: number | null;
	/** Its place in the 'unordered' result order. */
	rank: number;
}

/** A contact to add: `at` is when it appears; the rest has defaults. */
export interface NewContact {
	at: number;
	/** The creation time the service holds, when not `at` (a contact dated ahead, or late). */
	createdMs?: number;
	id?: number;
	sequenceId?: number;
	/** When its enrichment is written (its update time moves there); absent: never. */
	enrichAt?: number;
	/** When its sentence snippets are written (its update time moves there); absent: never. */
	snippetsAt?: number;
	/** Later updates (a touch, a sync): the update time moves to each. */
	updates?: number[];
}

type Change = { at: number; kind: 'appear' | 'enrich' | 'snippets' | 'update'; row: Row };

const QUARTER_HOUR_MS = 15 * 60_000;
const NO_OBJECT = Object.freeze({}) as Record<string, never>;
const NO_IDS: string[] = [];
/** Fewer released at once are inserted one by one; more are appended and both lists sorted. */
const BATCH_SORT_FROM = 256;
/** How many single insertions the store remembers for the lists searches keep. */
const MAX_INSERTIONS = 10_000;

export const byCreated = (a: Row, b: Row) => a.createdMs - b.createdMs || a.id - b.id;
export const byRank = (a: Row, b: Row) => a.rank - b.rank || a.id - b.id;

export function insertSorted(list: Row[], row: Row, compare: (a: Row, b: Row) => number): void {
	let lo = 0;
	let hi = list.length;
	while (lo < hi) {
		const mid = (lo + hi) >> 1;
		if (compare(list[mid], row) < 0) lo = mid + 1;
		else hi = mid;
	}
	list.splice(lo, 0, row);
}

export class ContactStore {
	/** Every contact in the search, by (createdMs, id). */
	readonly byCreated: Row[] = [];

	/** The same contacts in the 'unordered' order (a fixed scramble by id). */
	readonly byRank: Row[] = [];

	readonly byId = new Map<number, Row>();

	/** Grows with every change that can alter a search's answer. */
	version = 0;

	/**
	 * The last version whose change was more than contacts inserted one by one (an update, an
	 * enrichment, a batch sorted in): a list built at or after it can take the later insertions
	 * from `insertedSince` instead of being built again.
	 */
	rebuiltAt = 0;

	/** Contacts inserted one by one, each with the version it made; the oldest are dropped. */
	private insertions: Array<{ version: number; row: Row }> = [];

	private readonly changes: Change[] = [];

	private nextChange = 0;

	private changesSorted = true;

	private nextId = 1;

	/** Contacts deleted (`remove`): their later changes are dropped. */
	private readonly deleted = new Set<number>();

	/** Calendar days by quarter hour: every zone's offsets and changes fall on quarter hours. */
	private readonly days = new Map<number, number>();

	constructor(
		readonly timeZone: string,
		/** How the service writes created_date. */
		private readonly writeDate: (ms: number) => string,
	) {}

	/** The calendar day of `ms` in the service's timezone. */
	dayOf(ms: number): number {
		const bucket = Math.floor(ms / QUARTER_HOUR_MS);
		let day = this.days.get(bucket);
		if (day === undefined) {
			day = dayNumber(bucket * QUARTER_HOUR_MS, this.timeZone);
			this.days.set(bucket, day);
		}
		return day;
	}

	/** Schedules contacts (any order); each appears once the clock reaches its `at`. */
	schedule(contacts: readonly NewContact[]): Row[] {
		const rows = contacts.map((c) => this.newRow(c));
		rows.forEach((row, i) => {
			const c = contacts[i];
			this.changes.push({ at: row.visibleAt, kind: 'appear', row });
			if (c.enrichAt !== undefined) this.changes.push({ at: c.enrichAt, kind: 'enrich', row });
			if (c.snippetsAt !== undefined)
				this.changes.push({ at: c.snippetsAt, kind: 'snippets', row });
			for (const at of c.updates ?? []) this.changes.push({ at, kind: 'update', row });
		});
		this.changesSorted = false;
		return rows;
	}

	/** Applies every change due by `now` (call before answering a search). */
	catchUp(now: number): void {
		if (!this.changesSorted) {
			// Stable: a contact's appearance stays before changes scheduled for the same moment.
			const pending = this.changes.splice(this.nextChange).sort((a, b) => a.at - b.at);
			for (const change of pending) this.changes.push(change);
			this.changesSorted = true;
		}
		const appearing: Row[] = [];
		while (this.nextChange < this.changes.length && this.changes[this.nextChange].at <= now) {
			const { kind, row, at } = this.changes[this.nextChange++];
			if (this.deleted.has(row.id)) continue;
			if (kind === 'appear') appearing.push(row);
			else this.updateRow(row, at, kind);
		}
		if (appearing.length > 0) this.insert(appearing);
		// Drop the applied changes now and then, so the list does not keep them all.
		if (this.nextChange > 100_000) {
			this.changes.splice(0, this.nextChange);
			this.nextChange = 0;
		}
	}

	/**
	 * Deletes contacts, as a user does in the service's app: they leave every search at once, and
	 * what was scheduled for them later is dropped. Returns those that were in the search.
	 */
	remove(ids: readonly number[]): Row[] {
		const removed: Row[] = [];
		for (const id of ids) {
			this.deleted.add(id);
			const row = this.byId.get(id);
			if (!row) continue;
			this.byId.delete(id);
			removed.push(row);
			for (const list of [this.byCreated, this.byRank]) {
				const at = list.indexOf(row);
				if (at >= 0) list.splice(at, 1);
			}
		}
		if (removed.length > 0) this.rebuiltAt = ++this.version;
		return removed;
	}

	/** Contacts still to appear. */
	get pending(): number {
		return this.changes.length - this.nextChange;
	}

	/** Index of the first row (by creation) whose day is at least `day`. */
	firstOfDay(day: number): number {
		const list = this.byCreated;
		let lo = 0;
		let hi = list.length;
		while (lo < hi) {
			const mid = (lo + hi) >> 1;
			if (list[mid].day < day) lo = mid + 1;
			else hi = mid;
		}
		return lo;
	}

	private newRow(c: NewContact): Row {
		const id = c.id ?? this.nextId++;
		this.nextId = Math.max(this.nextId, id + 1);
		const createdMs = c.createdMs ?? c.at;
		const sequenceId = c.sequenceId ?? 101;
		const created = this.writeDate(createdMs);
		return {
			id,
			email: `contact${id}@example.com`,
			custom_fields: NO_OBJECT,
			sentence_fields: NO_OBJECT,
			sequence_name: `Sequence ${sequenceId}`,
			pro_net_handle: c.enrichAt === undefined ? null : `https://pronet.example/in/p${id}`,
			enriched_contact_data: null,
			enriched_company_data: null,
			created_date: created,
			sequence_id: sequenceId,
			playbook_id: 201,
			premise_ids: NO_IDS,
			updated_date: new Date(createdMs).toISOString(),
			last_synced_date: null,
			createdMs,
			visibleAt: c.at,
			day: this.dayOf(createdMs),
			updatedMs: createdMs,
			enrichedAt: null,
			rank: scramble(id),
		};
	}

	private updateRow(row: Row, at: number, kind: 'enrich' | 'snippets' | 'update'): void {
		// The service's product: a stand-in for the sentences it writes (the tests check ids).
		if (kind === 'snippets')
			row.sentence_fields = { opener: `Hello ${row.id}` } as Row['sentence_fields'];
		if (kind === 'enrich') {
			row.enrichedAt = at;
			// A stand-in for the data the service looks up (the simulations check ids, not data).
			row.enriched_contact_data = { full_name: `Person ${row.id}` } as Row['enriched_contact_data'];
			row.enriched_company_data = { name: `Company ${row.id}` } as Row['enriched_company_data'];
		}
		row.updatedMs = at;
		row.updated_date = new Date(at).toISOString();
		this.rebuiltAt = ++this.version;
	}

	/** The contacts inserted after `version`, or undefined when a list of then must be built again. */
	insertedSince(version: number): Row[] | undefined {
		if (version < this.rebuiltAt) return undefined;
		const first = this.insertions[0];
		if (first && first.version > version + 1) return undefined; // dropped already
		return this.insertions.filter((i) => i.version > version).map((i) => i.row);
	}

	private insert(rows: Row[]): void {
		for (const row of rows) {
			if (this.byId.has(row.id)) throw new Error(`contact ${row.id} added twice`);
			this.byId.set(row.id, row);
		}
		if (rows.length < BATCH_SORT_FROM) {
			for (const row of rows) {
				insertSorted(this.byCreated, row, byCreated);
				insertSorted(this.byRank, row, byRank);
				this.insertions.push({ version: ++this.version, row });
			}
			if (this.insertions.length > 2 * MAX_INSERTIONS)
				this.insertions = this.insertions.slice(-MAX_INSERTIONS);
			return;
		}
		for (const row of rows) {
			this.byCreated.push(row);
			this.byRank.push(row);
		}
		this.byCreated.sort(byCreated);
		this.byRank.sort(byRank);
		this.rebuiltAt = ++this.version;
	}
}
