import type { PageReader, ReadPage } from '../../paging/pageReader';
import type { Contact } from '../../types';
import type { Order, TimeOf } from './serviceTime';
import { adjoins, continues, newBetween, nextTo, readAfter } from './pageJoin';
import type { Boundary } from './ledger/shapes';
import { startsApart, towardOld } from './orderCheck';
import { readFromBoundary } from './boundaryRead';
import { orderedResult, unknownCount, waiting } from './rangeResult';
import { readNewEnd } from './newEnd';

/**
 * Reading a window whose results the service lists by creation time (docs/trigger.md, "With an
 * order"). New contacts sit at one end of the list: newest first, the first pages; oldest
 * first, the last ones. A poll reads from that end until a page holds nothing new; when a few
 * pages are all new (after a pause, an import), it finds the page where new meets known by
 * bisection and reads from there toward the new end, so that contacts come oldest first and the
 * trigger's progress is saved as it goes. Every read goes through the poll's budget.
 */

/** Pages read from the new end before a poll looks for the boundary by bisection instead. */
export const CHEAP_PAGES = 3;

export interface OrderedInput {
	reader: PageReader;
	order: Order;
	time: TimeOf;
	/** True for a contact that is not new: below the floor, present at activation, or emitted. */
	isKnown(contact: Contact): boolean;
	/**
	 * True for a known contact created no later than the handled ones without a gap (the handled point,
	 * the cutoff, or below the floor): a page that holds one reaches them, and by the order every
	 * contact beyond it is older still (a contact seen but dated ahead does not count).
	 */
	isHandled(contact: Contact): boolean;
	/**
	 * True for a contact below the floor, once contacts above it were handled: the first known
	 * contact from the new end must not be one (undefined: any may be, as before anything is handled).
	 */
	belowFloor?(contact: Contact): boolean;
	/** Before anything is handled (N days): a range of contacts holds a new one dated at most this. */
	backlogBy?: number;
	/** The ids emitted or recorded between two creation times (LedgerView.seenBetween). */
	seenBetween?(after: number, upTo: number): string[];
	maxPerPoll: number;
	/** The count of results at the last poll (oldest first: where the end was). */
	total?: number;
	/** Requests the poll may still send: the range after a bisection is cut to fit (default: no cut). */
	requestsLeft?(): number;
	/** A bisection a poll before ran out of budget in: it goes on from there. */
	boundary?: Boundary;
	/** The service's present (serviceNow): the new end's page of known contacts dated up to it stands for the handled ones. */
	present?: number;
}

export interface OrderedResult {
	/** Pages that join the handled contacts without a gap, from `range[0]` on as joined (not list order). */
	range: ReadPage[];
	/** How far `range` reaches: its third newest date (cutoffOf: two dated far ahead do not). */
	rangeTop?: number;
	/** False when the answers broke the order: nothing may be taken as handled without a gap. */
	ordered: boolean;
	/** Contacts the range must hold and does not (`leftOut`): the order stands once each was deleted. */
	leftOut?: string[];
	/** The third newest date of every page the read met: the service's present, or behind it. */
	metTop?: number;
	/** The count of results, and the last page, as the service reported them. */
	total?: number;
	lastPage?: number;
	/** Set when the budget ran out during a bisection: where the next poll goes on. */
	boundary?: Boundary;
	/** True when the range stops short of the new end: new contacts wait on pages not read. */
	pagesWaiting?: boolean;
}

/**
 * One poll's read of an ordered window. `range` holds the pages to take: from a page that
 * reaches the handled contacts up to as far toward the new end as Max Contacts per Poll and the
 * budget allow.
 */
export async function readOrdered(input: OrderedInput): Promise<OrderedResult> {
	const { reader, order, isKnown } = input;
	const step = order === 'newest' ? 1 : -1;
	// Read from the new end, a page reaches the handled contacts at its first handled contact when
	// every contact after it is known: new contacts behind a handled one (dated below contacts
	// dated hours ahead, say) keep the read going.
	const reachesHandled = (p: ReadPage) => {
		if (p.contacts.length === 0) return true;
		const contacts = towardOld(p, order);
		const at = contacts.findIndex((c) => input.isHandled(c));
		return at >= 0 && contacts.slice(at).every(isKnown);
	};
	const disordered = (range: ReadPage[]) => startsApart(range, input);

	// A poll before stopped on its way from the new end to the boundary, or took the pages from the
	// boundary on and left new ones waiting: this poll goes on from there. It does not read the new
	// end and the pages proved all new again: a small share spent on them at every poll ran out at
	// the same place at every poll, and an import never came (Requests per Minute 8 to 20).
	const { boundary } = input;
	const pageSize = reader.pageSize;
	if (boundary && pageSize && boundary.lo > 1 && boundary.count > 0)
		return readFromBoundary(input, boundary, pageSize, reachesHandled, disordered);

	// Where the new end is: page 1, or the last page (from the count of the last poll).
	const { first, lastPage, handledAt, counted } = await readNewEnd(
		reader,
		order,
		input.total,
		reachesHandled,
		{ between: CHEAP_PAGES, left: input.requestsLeft },
	);
	if (!first || lastPage === undefined || !reader.fits(first))
		return { range: [], ordered: true, total: counted?.total, lastPage: counted?.pages };
	const last = lastPage;
	const newEnd = first;
	const total = first.total;
	// The far end of the list as the newest answer puts it: newest first, contacts created between
	// two reads push it further on (an import during the read), so the first answer's last page is
	// not the end any more, and a read that stopped there left the oldest contacts unread (survey 24).
	const atFarEnd = (p: ReadPage) =>
		order === 'newest' ? p.page >= Math.max(1, p.pages ?? lastPage) : p.page <= 1;
	// Each answer must keep the order. Pages read a moment apart may not line up with each other
	// (contacts created meanwhile move the list on, by more than a page during an import), so
	// the order is judged within each page; reading in rising page numbers keeps them from
	// skipping anything (see below).
	const result = (range: ReadPage[]): OrderedResult =>
		orderedResult(input, range, newEnd, total, lastPage, disordered);
	/** Where the next poll goes on, before a range was taken (oldest first, with the last count's page). */
	const goOn = (lo: number, hi: number): OrderedResult => ({
		...result([]),
		boundary: { lo, hi, count: total ?? 0, ...(handledAt ? { handledPage: handledAt } : {}) },
	});

	// From the new end until a page reaches the handled contacts (a quiet or busy poll: one page).
	// `cheap` keeps the pages that go on without a gap to the last one read (see `continues`; oldest
	// first, new contacts are added after the pages read and do not move them).
	// The new end's page stands for the handled contacts when it holds known ones alone at the last
	// poll's count: nothing was added or deleted since. Pages of 1 or 2 never reach them alone (the
	// handled point is a range's third newest date): a quiet poll at a share of 2 spent both on the
	// new end, the rolling check never got one, and a contact searchable late never came. Not with
	// a contact dated ahead of the service's present: a new one dated before it sits behind it,
	// and with a deletion leaving the count as it was, waited for the check (helper-45).
	const still = first.total !== undefined && first.total === input.total;
	const upToNow = (c: Contact) =>
		isKnown(c) && (input.time(c) ?? Infinity) <= (input.present ?? -Infinity);
	const joined = (p: ReadPage) =>
		reachesHandled(p) ||
		(still && p === first && p.contacts.length > 0 && p.contacts.every(upToNow));
	let cheap: ReadPage[] = [first];
	let page = first;
	let cheapRead = 1;
	// Pages readNewEnd read first are free; adjoins judges them by page numbers and counts alone.
	const cheapLeft = (page: ReadPage) => cheapRead < CHEAP_PAGES || reader.has(page.page + step);
	while (!joined(page) && !atFarEnd(page) && cheapLeft(page)) {
		const next = await reader.read(page.page + step);
		// Out of budget: nothing reaches the handled ones yet. The pages read are all new: the next
		// poll goes on beyond them.
		if (!next) {
			const lo = cheapRead + 1;
			return goOn(lo, Math.max(lo, handledAt ? last - handledAt + 1 : last));
		}
		cheapRead++;
		if (!(order === 'newest' ? continues(page, next) : adjoins(page, next))) cheap = [];
		cheap.push(next);
		page = next;
	}
	if (joined(page) || atFarEnd(page)) return result(cheap);

	// Many new: bisect the k-th pages from the new end, between the cheap pages and the far end,
	// for the first that reaches the handled contacts; every page nearer the new end is all new.
	const at = (k: number) => (order === 'newest' ? k : last - k + 1);
	const size = reader.pageSize ?? 1;
	let lo = cheapRead + 1;
	let hi = Math.max(lo, last);
	if (handledAt !== undefined) hi = Math.max(lo, Math.min(hi, last - handledAt + 1));
	const earlier = input.boundary;
	if (earlier && total !== undefined && total >= earlier.count) {
		// New contacts since moved the boundary away from the new end by at most this many pages.
		const moved = Math.ceil((total - earlier.count) / size) + 1;
		lo = Math.max(lo, Math.min(earlier.lo, last));
		hi = Math.max(lo, Math.min(last, earlier.hi + moved));
	}
	while (lo < hi) {
		const mid = Math.floor((lo + hi) / 2);
		const probe = await reader.read(at(mid));
		if (!probe) return goOn(lo, hi);
		if (reachesHandled(probe)) hi = mid;
		else lo = mid + 1;
	}
	if (order === 'oldest' && handledAt) {
		const apart = await newBetween(reader, handledAt, at(hi), isKnown);
		if (apart === undefined) return goOn(hi, hi);
		if (apart) return { ...result([]), ordered: false };
	}
	// The pages from the boundary toward the new end that cover Max Contacts per Poll. They are
	// read in rising page numbers: new contacts (newest first: at the front) then only move
	// unread contacts further on, where they are still read, never back onto a page read already.
	// As many as cover Max Contacts per Poll and fit in the budget. The boundary page may hold no
	// new contact: a poll left with the budget for it alone keeps this bisection for the next poll,
	// which goes on from it with more of its budget left (else every poll would bisect again, read
	// the boundary page alone and never get on); a poll that goes on from one reads what it can.
	const left = input.requestsLeft?.() ?? Infinity;
	if (left < 2 && hi > cheapRead + 1 && !earlier) return goOn(hi, hi);
	const needed = Math.max(1, Math.min(Math.ceil(input.maxPerPoll / size) + 1, left));
	// Newest first, a page that does not follow the one before starts the range again: only pages
	// joined to the boundary without a gap count. The list's end is where the newest answer puts
	// it: during an import, the last page of the first answer is not the end any more. The pages
	// read first join the range unless the list moved under it (pageJoin.ts).
	let range: ReadPage[] = [];
	const nearest = cheap[cheap.length - 1];
	if (order === 'newest') {
		for (let k = Math.max(cheapRead + 1, hi - needed + 1); ; k++) {
			// Read again even if the bisection did: contacts added since moved the pages on.
			const read = await reader.read(k, true);
			// Out of budget before the range reaches the known ones: the next poll starts there.
			if (!read) return goOn(hi, hi);
			const prev = range[range.length - 1];
			if (prev && !continues(prev, read)) range = [];
			range.push(read);
			if (k >= hi && (reachesHandled(read) || k >= (read.pages ?? last))) break;
		}
		if (range[0].page === cheapRead + 1 && continues(nearest, range[0]))
			return result([...range, ...cheap]);
		return waiting(result(range), range, range[0].page, total);
	}
	// Oldest first, new contacts are added after the pages read: they do not move them. A backfill
	// does, so each page is one read after the page before it, and joins it (pageJoin.ts).
	for (let k = hi; k > cheapRead; k--) {
		const prev = range[range.length - 1];
		const read = await readAfter(reader, prev, (fresh) => reader.read(at(k), fresh));
		// Out of budget: the pages read are taken, and the next poll goes on beyond them (from the
		// boundary, when this poll read none of the range).
		if (!read && range.length === 0) return goOn(hi, hi);
		const linked = !prev || (read && (await nextTo(reader, prev, read)));
		if (!read || !linked) {
			const stored = waiting(result(range), range, k + 1, total);
			if (read && linked === undefined && stored.boundary) stored.boundary.falling = true;
			return stored;
		}
		range.push(read);
		if (k === cheapRead + 1)
			return (await nextTo(reader, nearest, read))
				? result([...range, ...cheap])
				: waiting(result(range), range, k, total);
		if (unknownCount(range, isKnown) >= input.maxPerPoll)
			return waiting(result(range), range, k, total);
	}
	return result(range);
}
