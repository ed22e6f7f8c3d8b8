import type { ReadPage } from '../../paging/pageReader';
import type { Contact } from '../../types';
import type { Boundary } from './ledger/shapes';
import type { OrderedInput, OrderedResult } from './orderedRead';
import { adjoins, continues, newBetween, nextTo, readAfter } from './pageJoin';
import { orderedResult, unknownCount, waiting } from './rangeResult';

/**
 * The read of a poll that goes on from a boundary a poll before stored, instead of starting again
 * from the new end (docs/trigger.md, "Going on from the boundary", under "What a poll may send").
 */

/**
 * The read of a poll that goes on from a boundary a poll before stored (see readOrdered): the
 * bisection goes on between its bounds, then the range is read from the boundary toward the new
 * end, as far as the budget and Max Contacts per Poll allow, without reading the new end first.
 * Each page it takes is proved as any range is: newest first, the range is read in rising page
 * numbers until a page reaches the handled contacts (wherever the boundary moved meanwhile);
 * oldest first, its page nearest the old end must reach them. A poll that runs out of budget
 * stores how far it got, so the next goes on beyond it; every poll moves on.
 */
export async function readFromBoundary(
	input: OrderedInput,
	from: Boundary,
	size: number,
	reachesHandled: (p: ReadPage) => boolean,
	disordered: (range: ReadPage[]) => boolean,
): Promise<OrderedResult> {
	const { reader, order, isKnown } = input;
	let { lo, count } = from;
	let hi = Math.max(lo, from.hi);
	let total: number | undefined;
	let lastPage: number | undefined;
	let newEnd: ReadPage | undefined;
	// Oldest first, pages from the new end as the boundary's count put them: contacts added since
	// come after them and move none of them.
	const lastThen = Math.max(1, Math.ceil(count / size));
	if (order === 'oldest') hi = Math.min(hi, lastThen);
	lo = Math.min(lo, hi);
	const at = (k: number) => (order === 'newest' ? k : lastThen - k + 1);
	const noteCount = (p: ReadPage) => {
		total = p.total ?? total;
		lastPage = p.pages ?? lastPage;
		// Newest first, contacts added since push the boundary away from the new end.
		if (order === 'newest' && p.total !== undefined && p.total > count) {
			hi += Math.ceil((p.total - count) / size);
			count = p.total;
		}
	};
	// A poll that stops before a range keeps what the boundary carries but `emittedTo`, which the
	// ledger carries over (at a share of 1 every second poll sends nothing: without `fullPoll`, the
	// poll after it read the pages before the boundary again, helper-65).
	const { handledPage, falling: fell, fullPoll } = from;
	const stopped = (): OrderedResult => ({
		range: [],
		ordered: true,
		total,
		lastPage,
		boundary: {
			lo,
			hi: Math.max(lo, hi),
			count,
			...(handledPage ? { handledPage } : {}),
			...(fell ? { falling: true } : {}),
			...(fullPoll ? { fullPoll } : {}),
		},
	});
	const result = (range: ReadPage[]) =>
		orderedResult(input, range, newEnd, total, lastPage, disordered);
	// The boundary's page (the `hi`-th from the new end, where the bisection brings `lo`, moved on by
	// contacts added since) joins the handled contacts: a bisection proved it reaches them, or it is
	// the page nearest the new end of a range the ledger took (in part, with contacts left waiting).
	// From it on, a page of known contacts goes on from them too. The handled point moves only to
	// a range's third newest date (CUTOFF_RANK), so the contacts a range emitted above it are
	// known, not handled: with pages of 1 or 2 their page never reached the handled contacts again,
	// and a share of 2 never got past it (triggerSmallShare.test.ts, pages of 2).
	// Only a page that holds one of them, dated at most the boundary's `emittedTo` (the newest date
	// a poll emitted as it stored the boundary; one that emitted nothing carries it over): contacts
	// a poll emitted from the new end while older ones waited on pages it did not read are known
	// and newer, and the read stopped at them, short of the older ones (survey 260000,
	// regressions/knownNewer.test.ts). One such contact suffices: a contact emitted early, dated
	// hours ahead then, shares a page with those of the last range, and requiring all of them held
	// a share of 2 on that page (helper-29, pages of 2).
	const { emittedTo } = from;
	const emittedBy = (c: Contact) =>
		emittedTo === undefined || (input.time(c) ?? Infinity) <= emittedTo;
	const meetsHandled = (p: ReadPage, k: number) =>
		reachesHandled(p) ||
		(k >= hi && p.contacts.length > 0 && p.contacts.every(isKnown) && p.contacts.some(emittedBy));
	// An answer in another size: the boundary's positions mean others, the read starts again at the
	// next poll, but the count the answers before it gave is kept (see readOrdered).
	const misfit = (): OrderedResult => ({ range: [], ordered: true, total, lastPage });
	const read = async (k: number, fresh: boolean) => {
		const page = await reader.read(at(k), fresh);
		if (page && !reader.fits(page)) return 'misfit' as const;
		if (page) noteCount(page);
		return page;
	};
	const bisecting = lo < hi;
	while (lo < hi) {
		const mid = Math.floor((lo + hi) / 2);
		const probe = await read(mid, false);
		if (probe === 'misfit') return misfit();
		if (!probe) return stopped();
		if (reachesHandled(probe)) hi = mid;
		else lo = mid + 1;
	}
	if (order === 'oldest' && handledPage) {
		const apart = await newBetween(reader, handledPage, at(lo), isKnown);
		if (apart === undefined) return stopped();
		if (apart) return { ...stopped(), ordered: false };
	}
	// The boundary page alone may hold nothing new: a poll the bisection left with the budget for
	// it alone keeps the boundary, and the next poll reads the range with its whole budget.
	const left = input.requestsLeft?.() ?? Infinity;
	if (bisecting && left < 2) return stopped();
	const needed = Math.max(1, Math.min(Math.ceil(input.maxPerPoll / size) + 1, left));
	const atEnd = (p: ReadPage) =>
		p.gone || p.contacts.length === 0 || p.page >= (p.pages ?? Infinity);
	if (order === 'newest') {
		let range: ReadPage[] = [];
		// In rising page numbers (see readOrdered), until a page reaches the handled contacts; from
		// the pages before the boundary's, which hold the newer contacts, unless the poll that
		// stored it left a poll's worth waiting there or beyond (`fullPoll`).
		for (let k = fullPoll ? lo : Math.max(1, lo - needed + 1); ; k++) {
			const page = await read(k, true);
			if (page === 'misfit') return misfit();
			if (!page) return stopped();
			if (k === 1) newEnd = page;
			const prev = range[range.length - 1];
			if (prev && !continues(prev, page)) range = [];
			range.push(page);
			if (meetsHandled(page, k) || atEnd(page)) break;
			if (k >= lo) lo = k + 1; // short of the handled contacts: the boundary lies beyond it
		}
		if (range[0].page === 1) return result(range);
		return knownAlone(waiting(result(range), range, range[0].page, count), range);
	}
	// Oldest first: the boundary's page, further toward the old end while it does not reach the
	// handled contacts (contacts that left the window at the old end moved it there).
	let k = lo;
	const boundaryAt = k;
	// After a range that stopped on a count that shrank (`falling`), the page after the
	// boundary's is read first, then the boundary's: the two then join unless the list grew.
	const after = fell && k > 1 ? await read(k - 1, true) : undefined;
	if (after === 'misfit') return misfit();
	let boundaryPage = await read(k, after !== undefined);
	for (;;) {
		if (boundaryPage === 'misfit') return misfit();
		if (!boundaryPage) return stopped();
		if (meetsHandled(boundaryPage, k) || at(k) <= 1) break;
		lo = hi = ++k;
		boundaryPage = await read(k, false);
	}
	const range: ReadPage[] = [boundaryPage];
	if (after && k === boundaryAt && adjoins(after, boundaryPage)) range.push(after);
	// While deletions go on (the pair read falling shrank), the next poll reads falling again.
	let falling = range.length === 2 && (boundaryPage.total ?? 0) < (after?.total ?? 0);
	for (;;) {
		const nearest = range[range.length - 1];
		if (atEnd(nearest)) {
			newEnd = nearest;
			return result(range); // joined the new end
		}
		if (unknownCount(range, isKnown) >= input.maxPerPoll) break;
		const at = k - range.length;
		const page = await readAfter(reader, nearest, (fresh) => read(at, fresh));
		if (page === 'misfit') return misfit();
		const joined = page && (await nextTo(reader, nearest, page));
		if (joined === undefined && page) falling = true;
		if (!joined) break;
		range.push(page);
	}
	// Where the next poll goes on: the range's page nearest the new end, from the new end at the
	// count of the newest answer.
	const now = total ?? count;
	const lastNow = Math.max(1, Math.ceil(now / size));
	const stored = waiting(result(range), range, lastNow - range[range.length - 1].page + 1, now);
	if (falling && stored.boundary) stored.boundary.falling = true;
	return knownAlone(stored, range);

	/**
	 * A range of known contacts alone, joined to the handled ones, is handled to its newest: the
	 * next poll's boundary page stands for them, though no poll emitted a contact dated as late.
	 * Its page held a contact emitted earlier, dated after `emittedTo` (pages of 1 oldest first;
	 * pages of 2 newest first, two dated 7 hours ahead), and at a share of 2 every poll read it and
	 * the page behind it, never the new end (`tinyPages.test.ts`, both).
	 */
	function knownAlone(stored: OrderedResult, pages: ReadPage[]): OrderedResult {
		if (!stored.boundary || unknownCount(pages, isKnown) > 0) return stored;
		let newest = emittedTo ?? -Infinity;
		for (const c of pages.flatMap((p) => p.contacts))
			newest = Math.max(newest, input.time(c) ?? newest);
		if (newest > -Infinity) stored.boundary.emittedTo = newest;
		return stored;
	}
}
