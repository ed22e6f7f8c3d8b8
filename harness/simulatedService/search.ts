/**
 * POST /contact/search/ of the simulated service: the sandbox's rules (sandbox/search.ts: the
 * body's checks, conditions grouped as OR within a property and condition and AND across, the
 * "days since" comparison, the result orders, the page-size cap), applied to a ContactStore
 * without a full scan or sort per request: a `created_timestamp` window is a run of whole
 * days, found by binary search in the contacts sorted by creation.
 */
import {
	compareDays,
	conditionGroups,
	matchesCondition,
	paginate,
	type Condition,
	type Order,
	type Pagination,
	type SearchRequest,
	type Sliceable,
} from '../../sandbox/search';
import { byCreated, byRank, insertSorted, type ContactStore, type Row } from './contacts';

/**
 * The result orders the service can list in: the sandbox's (by creation time), and
 * 'newestInserted', newest first by insertion (the time a contact appeared, then id), whatever
 * created_date says: an import dated days back, inserted last, leads the list.
 */
export type ServiceOrder = Order | 'newestInserted';

/** Runs [from, to) of the contacts by creation, read oldest or newest first, cut on demand. */
class RunsView implements Sliceable<Row> {
	readonly length: number;

	constructor(
		private readonly rows: Row[],
		private readonly runs: Array<[number, number]>,
		private readonly newestFirst: boolean,
	) {
		this.length = runs.reduce((n, [from, to]) => n + to - from, 0);
	}

	/** The row at `position` of the list as served. */
	private at(position: number): Row {
		let rest = this.newestFirst ? this.length - 1 - position : position;
		for (const [from, to] of this.runs) {
			if (rest < to - from) return this.rows[from + rest];
			rest -= to - from;
		}
		throw new RangeError(`position ${position} past the end`);
	}

	slice(start: number, end: number): Row[] {
		const out: Row[] = [];
		for (let i = Math.max(0, start); i < Math.min(end, this.length); i++) out.push(this.at(i));
		return out;
	}
}

export interface SearchSettings {
	order: ServiceOrder;
	maxPageSize: number;
}

/**
 * A list built for one search: a view of runs (cheap to build again), or an array that takes
 * the contacts inserted since in place, so that a list of 300,000 is not built per request.
 */
interface Built {
	version: number;
	list: Sliceable<Row>;
	grow?: { accepts: (row: Row) => boolean; compare: (a: Row, b: Row) => number; rows: Row[] };
}

const newestFirst = (a: Row, b: Row) => byCreated(b, a);
/** Newest first by insertion: the latest to appear first (then the higher id). */
const newestInserted = (a: Row, b: Row) => b.visibleAt - a.visibleAt || b.id - a.id;

/** Answers searches over one store; keeps the lists it built and brings them up to date. */
export class SearchIndex {
	private built = new Map<string, Built>();

	constructor(private readonly store: ContactStore) {}

	/** The page asked for, or null past the last page (page 1 of an empty list is served). */
	answer(
		request: SearchRequest,
		now: number,
		settings: SearchSettings,
	): { items: Row[]; pagination: Pagination } | null {
		const list = this.matching(request.conditions, now, settings.order);
		return paginate(list, request.page, request.page_size, settings.maxPageSize);
	}

	/** Every matching contact in the order the service serves them. */
	matching(conditions: Condition[], now: number, order: ServiceOrder): Sliceable<Row> {
		const today = this.store.dayOf(now);
		const key = `${order}|${today}|${JSON.stringify(conditions)}`;
		const { version } = this.store;
		let entry = this.built.get(key);
		if (entry && entry.version !== version && entry.grow) {
			const inserted = this.store.insertedSince(entry.version);
			if (inserted) {
				const { accepts, compare, rows } = entry.grow;
				for (const row of inserted) if (accepts(row)) insertSorted(rows, row, compare);
				entry.version = version;
			}
		}
		if (!entry || entry.version !== version) {
			if (this.built.size > 16) this.built.clear();
			entry = { version, ...this.build(conditions, now, today, order) };
			this.built.set(key, entry);
		}
		return entry.list;
	}

	private build(
		conditions: Condition[],
		now: number,
		today: number,
		order: ServiceOrder,
	): Omit<Built, 'version'> {
		const groups = conditionGroups(conditions);
		const onCreated = groups.filter((g) => g[0].property === 'created_timestamp');
		const others = groups.filter((g) => g[0].property !== 'created_timestamp');
		const dayChecked = new Map<number, boolean>();
		const dayAllowed = (day: number) => {
			let allowed = dayChecked.get(day);
			if (allowed === undefined) {
				allowed = onCreated.every((group) =>
					group.some((c) => compareDays(today - day, c.condition, Number(c.value))),
				);
				dayChecked.set(day, allowed);
			}
			return allowed;
		};
		const accepts = (row: Row) =>
			dayAllowed(row.day) &&
			others.every((group) => group.some((c) => this.meets(row, c, now, today)));
		const rows = this.store.byCreated;
		if (order === 'unordered') {
			const list = this.store.byRank.filter(accepts);
			return { list, grow: { accepts, compare: byRank, rows: list } };
		}
		if (order === 'newestInserted') {
			const list = rows.filter(accepts).sort(newestInserted);
			return { list, grow: { accepts, compare: newestInserted, rows: list } };
		}
		// The days the created_timestamp conditions let through, as runs of the sorted contacts.
		const runs: Array<[number, number]> = [];
		const firstDay = rows[0]?.day ?? 0;
		const lastDay = rows[rows.length - 1]?.day ?? -1;
		for (let day = firstDay; day <= lastDay; day++) {
			if (!dayAllowed(day)) continue;
			const from = this.store.firstOfDay(day);
			const to = this.store.firstOfDay(day + 1);
			if (from === to) continue;
			const last = runs[runs.length - 1];
			if (last && last[1] === from) last[1] = to;
			else runs.push([from, to]);
		}
		if (others.length === 0) return { list: new RunsView(rows, runs, order === 'newest') };
		const list: Row[] = [];
		for (const [from, to] of runs)
			for (let i = from; i < to; i++) if (accepts(rows[i])) list.push(rows[i]);
		if (order === 'newest') list.reverse();
		const compare = order === 'newest' ? newestFirst : byCreated;
		return { list, grow: { accepts, compare, rows: list } };
	}

	/** One condition on anything but the creation time (update time: from the kept day). */
	private meets(row: Row, c: Condition, now: number, today: number): boolean {
		if (c.property === 'updated_timestamp')
			return compareDays(today - this.store.dayOf(row.updatedMs), c.condition, Number(c.value));
		return matchesCondition(row, c, { now, timeZone: this.store.timeZone });
	}
}
