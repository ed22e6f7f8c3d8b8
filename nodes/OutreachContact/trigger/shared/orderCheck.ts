import type { PageReader, ReadPage } from '../../paging/pageReader';
import type { Contact } from '../../types';
import { compareCandidates, idKey } from './ledger/candidates';
import { oldestOf } from './pageDates';
import type { Order, TimeOf } from './serviceTime';

/**
 * The check that the order still holds, spread over polls (docs/trigger.md, "The rolling
 * check"). A cheap poll trusts that nothing new hides behind a page of known contacts; this
 * reads, a few pages a poll, from the new end down to the floor, so that a contact that became
 * searchable late (behind newer ones) is still found while it is above the floor, and a service
 * whose order broke is noticed. `checkedTo` counts positions from the new end already read; new
 * contacts only push the unread ones further from it, so the check skips none.
 */
export interface CheckInput {
	reader: PageReader;
	order: Order;
	time: TimeOf;
	/** Positions from the new end covered so far (0: a new round). */
	checkedTo: number;
	total: number;
	/** Requests this poll may spend on it. */
	requests: number;
	/** True for a contact created before the floor: the round ends at a page of only those. */
	belowFloor(contact: Contact): boolean;
}

export interface CheckResult {
	pages: ReadPage[];
	checkedTo: number;
	ordered: boolean;
	/** The round reached its end (a page below the floor, or the list's end): the next begins. */
	complete?: boolean;
}

export async function checkOrder(input: CheckInput): Promise<CheckResult> {
	const { reader, order, total } = input;
	const size = reader.pageSize;
	const pages: ReadPage[] = [];
	let checkedTo = input.checkedTo;
	if (!size) return { pages, checkedTo: 0, ordered: true };
	if (total <= 0) return { pages, checkedTo: 0, ordered: true, complete: true };
	const start = reader.sent;
	while (reader.sent - start < input.requests) {
		// The page that holds position `checkedTo` from the new end.
		const index = order === 'newest' ? checkedTo : total - 1 - checkedTo;
		const page = Math.floor(index / size) + 1;
		if (index < 0 || index >= total) return { pages, checkedTo: 0, ordered: true, complete: true };
		const read = await reader.read(page);
		if (!read) break;
		pages.push(read);
		if (!keepsOrder([read.contacts], order, input.time))
			return { pages, checkedTo: 0, ordered: false };
		const done =
			read.contacts.length === 0 || read.gone || read.contacts.every((c) => input.belowFloor(c));
		if (done) return { pages, checkedTo: 0, ordered: true, complete: true };
		checkedTo = order === 'newest' ? page * size : total - (page - 1) * size;
	}
	return { pages, checkedTo, ordered: true };
}

/**
 * Whether pages (in list order) keep the order: never rising (newest), never falling (oldest).
 * A contact met again on a later page is passed over: pages read a moment apart overlap when
 * contacts were added between them, and the repeat says nothing about the order.
 */
export function keepsOrder(pages: Contact[][], order: Order, time: TimeOf): boolean {
	let last: number | undefined;
	const met = new Set<unknown>();
	for (const page of pages) {
		for (const c of page) {
			if (met.has(c?.id)) continue;
			met.add(c?.id);
			const t = time(c);
			if (t === undefined) continue;
			if (last !== undefined && (order === 'newest' ? t > last : t < last)) return false;
			last = t;
		}
	}
	return true;
}

/** A page's contacts from the new end of the list toward the old one. */
export function towardOld(page: ReadPage, order: Order): Contact[] {
	return order === 'newest' ? page.contacts : [...page.contacts].reverse();
}

/** Whether page `a` lies further from the new end of the list than page `b`. */
const behind = (order: Order, a: ReadPage, b: ReadPage) =>
	order === 'newest' ? a.page > b.page : a.page < b.page;

/** The page of a range furthest from the new end: where a read from the new end stopped. */
const farthest = (range: ReadPage[], order: Order): ReadPage | undefined =>
	range.reduce((far, p) => (behind(order, p, far) ? p : far), range[0]);

/**
 * The contacts of the check's pages a poll takes: those created no later than `upTo` (how far
 * the read reached), which became searchable late; newer ones wait for the read, so that
 * contacts still come oldest first. A page behind the read's range (which ends where the read
 * met the handled contacts), in the same count (the list did not move between the two reads),
 * must hold no new contact dated after the oldest of the range's last page: by creation it would
 * sit there or before. One that does shows
 * a list in insertion order (a backfill dated after the handled point, inserted before newer
 * contacts), where the read would never reach it: `ordered` is false, and the window is walked.
 */
export function lateContacts(
	pages: ReadPage[],
	read: { range: ReadPage[]; total?: number },
	input: { order: Order; time: TimeOf; isKnown(c: Contact): boolean; upTo: number },
): { pages: ReadPage[]; ordered: boolean } {
	const { order, time, upTo } = input;
	const deepest = farthest(read.range, order);
	// By creation, what lies behind the range is older than its oldest: a new contact behind it
	// dated after that would sit in the range (survey 18: a backfill emitted from a backlog ended
	// page 1, and the import still waiting behind it was taken for contacts searchable late).
	const oldest = (deepest?.contacts ?? []).reduce((low, c) => Math.min(low, time(c) ?? low), upTo);
	const newer = (c: Contact) => !input.isKnown(c) && (time(c) ?? oldest) > oldest;
	const late: ReadPage[] = [];
	for (const page of pages) {
		const moved = read.total === undefined || page.total !== read.total;
		if (deepest && behind(order, page, deepest) && !moved && page.contacts.some(newer))
			return { pages: late, ordered: false };
		// What cannot be placed is logged as usual.
		late.push({ ...page, contacts: page.contacts.filter((c) => (time(c) ?? upTo) <= upTo) });
	}
	return { pages: late, ordered: true };
}

/**
 * The contacts a range leaves out that it must hold by creation (their ids). Its pages join
 * without a gap, so it holds every contact created after the handled contact where it stops and
 * before its newest; a range from the new end holds every contact created after that one. So
 * every contact emitted or recorded in those times lies in it, unless it was deleted since. One
 * that is still there shows a list by insertion, where contacts inserted before a backfill dated
 * days back sit behind it and the read never gets to them: behind the newest of the range (survey
 * 28: 9 lost), or after it, when a backfill fills the new end and the contacts emitted last wait
 * beyond (survey 30: 209 never came). The poll looks them up (`allDeleted`). A contact dated like
 * the newest of a range away from the new end may sit on the page before: it does not count.
 */
export function leftOut(
	range: ReadPage[],
	fromNewEnd: boolean,
	input: {
		order: Order;
		time: TimeOf;
		isHandled(contact: Contact): boolean;
		seenBetween(after: number, upTo: number): string[];
	},
): string[] {
	const { order, time } = input;
	const end = farthest(range, order);
	if (!end) return [];
	const stop = towardOld(end, order).find((c) => input.isHandled(c));
	const after = stop === undefined ? undefined : time(stop);
	if (after === undefined) return [];
	const contacts = range.flatMap((p) => p.contacts);
	const newest = contacts.reduce((top, c) => Math.max(top, time(c) ?? top), -Infinity);
	const ids = new Set(contacts.map((c) => idKey(c?.id)));
	const upTo = fromNewEnd ? Infinity : newest - 1;
	return input.seenBetween(after, upTo).filter((id) => !ids.has(id));
}

/**
 * Whether a range leaves no new contact waiting out of the order's place. Pages of one count next
 * to each other line up (the list did not move between them), so a contact there dated after one
 * nearer the new end is out of place, as within a page; the check per page passes it when a page
 * edge falls between the two. Emitted now, it costs nothing. Left waiting (Max Contacts per Poll
 * takes the oldest), by insertion it sits behind contacts this poll handles, where the next read
 * stops: the range proves no order. Insertion newest first, a contact dated 11 hours ahead began
 * its page behind contacts the poll emitted, and the floor passed it.
 */
export function keepsPlace(
	range: ReadPage[],
	input: { order: Order; time: TimeOf; isKnown(c: Contact): boolean; maxPerPoll: number },
	others: ReadPage[] = [],
): boolean {
	const { order, time, isKnown } = input;
	// The new contacts of the poll (`others`: the rolling check's, which compete for its places).
	const fresh = new Map<string, { created: number; id: unknown }>();
	for (const page of [...range, ...others])
		for (const c of page.contacts) {
			const key = idKey(c?.id);
			const created = time(c);
			if (key !== undefined && created !== undefined && !isKnown(c))
				fresh.set(key, { created, id: c.id });
		}
	if (fresh.size <= input.maxPerPoll) return true;
	const now = [...fresh].sort((a, b) => compareCandidates(a[1], b[1])).slice(0, input.maxPerPoll);
	const emitted = new Set(now.map(([key]) => key));
	// From the new end toward the old one: dates never rise within pages of one count.
	const pages = [...range].sort((a, b) => (order === 'newest' ? a.page - b.page : b.page - a.page));
	let low = Infinity;
	let prev: ReadPage | undefined;
	const met = new Set<unknown>();
	for (const page of pages) {
		const joined =
			prev !== undefined &&
			Math.abs(page.page - prev.page) === 1 &&
			page.total !== undefined &&
			page.total === prev.total;
		if (!joined) low = Infinity;
		for (const c of towardOld(page, order)) {
			if (met.has(c?.id)) continue;
			met.add(c?.id);
			const t = time(c);
			if (t === undefined) continue;
			const key = idKey(c?.id);
			if (t > low && key !== undefined && fresh.has(key) && !emitted.has(key)) return false;
			low = Math.min(low, t);
		}
		prev = page;
	}
	return true;
}

/**
 * Whether a range does not begin where its order says. By creation time the newest handled
 * contacts come before any below the floor: a range whose first known contact from the new end
 * is below it is not listed by creation (by insertion, after an import dated days back). Before
 * anything is handled, a range of contacts that holds no new one dated up to `backlogBy` did not
 * begin at the N days' old end either (a backfill inserted in front of them: surveys 280000 and
 * 300000; one of known contacts alone, at every poll, held a share of 1 on page 1: helper-32).
 */
export function startsApart(
	range: ReadPage[],
	input: {
		order: Order;
		time: TimeOf;
		isKnown(c: Contact): boolean;
		belowFloor?(c: Contact): boolean;
		backlogBy?: number;
	},
): boolean {
	const { order, isKnown } = input;
	const oldestNew = oldestOf(range, input.time, (c) => !isKnown(c)) ?? Infinity;
	const met = range.some((p) => p.contacts.length > 0);
	if (met && oldestNew > (input.backlogBy ?? Infinity)) return true;
	const step = order === 'newest' ? 1 : -1;
	const pages = [...range].sort((a, b) => (a.page - b.page) * step);
	for (const page of pages) {
		const known = towardOld(page, order).find(isKnown);
		if (known) return input.belowFloor?.(known) === true;
	}
	return false;
}
