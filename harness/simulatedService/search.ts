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
import type { ContactStore, Row } from './contacts';

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
	order: Order;
	maxPageSize: number;
}

/** Answers searches over one store; remembers the last lists until the store changes. */
export class SearchIndex {
	private cached = new Map<string, Sliceable<Row>>();

	private cachedVersion = -1;

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
	matching(conditions: Condition[], now: number, order: Order): Sliceable<Row> {
		const today = this.store.dayOf(now);
		if (this.cachedVersion !== this.store.version) {
			this.cached.clear();
			this.cachedVersion = this.store.version;
		}
		const key = `${order}|${today}|${JSON.stringify(conditions)}`;
		let list = this.cached.get(key);
		if (!list) {
			list = this.build(conditions, now, today, order);
			this.cached.set(key, list);
		}
		return list;
	}

	private build(conditions: Condition[], now: number, today: number, order: Order): Sliceable<Row> {
		const groups = conditionGroups(conditions);
		const onCreated = groups.filter((g) => g[0].property === 'created_timestamp');
		const others = groups.filter((g) => g[0].property !== 'created_timestamp');
		const rows = this.store.byCreated;
		if (rows.length === 0) return [];
		// The days the created_timestamp conditions let through, as runs of the sorted contacts.
		const firstDay = rows[0].day;
		const lastDay = rows[rows.length - 1].day;
		const dayAllowed = new Uint8Array(lastDay - firstDay + 1);
		const runs: Array<[number, number]> = [];
		for (let day = firstDay; day <= lastDay; day++) {
			const allowed = onCreated.every((group) =>
				group.some((c) => compareDays(today - day, c.condition, Number(c.value))),
			);
			if (!allowed) continue;
			dayAllowed[day - firstDay] = 1;
			const from = this.store.firstOfDay(day);
			const to = this.store.firstOfDay(day + 1);
			if (from === to) continue;
			const last = runs[runs.length - 1];
			if (last && last[1] === from) last[1] = to;
			else runs.push([from, to]);
		}
		const meetsOthers = (row: Row) =>
			others.every((group) => group.some((c) => this.meets(row, c, now, today)));
		if (order === 'unordered') {
			return this.store.byRank.filter((row) => dayAllowed[row.day - firstDay] && meetsOthers(row));
		}
		if (others.length === 0) return new RunsView(rows, runs, order === 'newest');
		const list: Row[] = [];
		for (const [from, to] of runs)
			for (let i = from; i < to; i++) if (meetsOthers(rows[i])) list.push(rows[i]);
		return order === 'newest' ? list.reverse() : list;
	}

	/** One condition on anything but the creation time (update time: from the kept day). */
	private meets(row: Row, c: Condition, now: number, today: number): boolean {
		if (c.property === 'updated_timestamp')
			return compareDays(today - this.store.dayOf(row.updatedMs), c.condition, Number(c.value));
		return matchesCondition(row, c, { now, timeZone: this.store.timeZone });
	}
}
