import type { PageReader, ReadPage } from '../../paging/pageReader';
import type { Contact } from '../../types';
import type { EligibleBoundary } from './ledger/shapes';
import { MINUTE_MS } from './serviceTime';

/**
 * The oldest end of a backlog of an eligible event whose results are newest first (mode `newEnd`,
 * docs/trigger.md, "Eligible contacts"). After a pause, a newest-first walk near the new end would
 * meet the backlog newest first and emit it so; every id it emits stays in `seen` until a complete
 * walk, so a backlog of more ids than the state keeps (MAX_SEEN, 20,000) made the bound raise the floor
 * past its oldest contacts before the walk got to them (triggerEdges (f): 2,771 of 27,287 lost,
 * created in the first 10 hours of the pause). So when the new end's third page, or the walk's page,
 * holds a new wanted contact,
 * the poll finds by bisection, from that page on, the first page of known contacts (the
 * boundary), and reads from the page before it (partly known) down toward the new end until the
 * pages hold Max Contacts per Poll new contacts (see the read, below). While the range does not
 * reach down to the new end,
 * the pages between hold unread contacts newer than the range's and older than the new end's: the
 * poll then postpones every new contact it read newer than the range's (`newerThanRange`), or
 * emitting them would leave the backlog's newer part behind known pages, where no bisection looks
 * (a helper, 2026-11-28: 2,494 contacts of a 2-day pause waited behind them while polls sent 2
 * requests). The backlog then comes oldest first, and the bound only forgets contacts already
 * emitted. The walk passes no page with new contacts meanwhile: the poll leaves them waiting.
 * Nothing here is taken as proved: the walk still reads every page, and a contact this read
 * misses is met by the next poll's bisection or by the walk.
 */

export interface BacklogInput {
	/** The reader of the bisection and the range: the new end's, or one of a window reaching `since`. */
	reader: PageReader;
	/** A page that holds new contacts (the new end's third, or the walk's): the backlog's oldest end lies at or beyond it. */
	page: number;
	/** The pages the new end read (page 1 on). */
	newEnd: ReadPage[];
	isKnown(contact: Contact): boolean;
	maxPerPoll: number;
	/** The reader searches a window wider than the new end's: its counts differ from the new end's. */
	wider?: boolean;
	/**
	 * Where a poll before left off (the state's `boundary`, moved on by the contacts added since):
	 * page `lo` holds new contacts, `hi` is all known. The bisection goes on between them.
	 */
	from?: { lo: number; hi: number };
}

export interface BacklogRange {
	/** The range's pages (a page read twice, twice); none when there is no backlog beyond the new end. */
	pages: ReadPage[];
	/** Pages between the new end's and the range's were left unread: their contacts are newer. */
	partial: boolean;
	/**
	 * Where the next poll goes on (this poll's page numbers): the bisection's bounds when the budget
	 * stopped it, or after a partial range, the page above the first it leaves unemitted. None
	 * when the read reached the new end or found no backlog.
	 */
	next?: { lo: number; hi: number };
	/** The budget stopped the bisection: the boundary is not found yet, the backlog lies beyond `next.lo`. */
	stopped?: boolean;
}

const NO_RANGE: BacklogRange = { pages: [], partial: false };

/** The backlog's oldest end (see above). */
export async function readBacklogRange(input: BacklogInput): Promise<BacklogRange> {
	const { reader, newEnd, isKnown } = input;
	const first = newEnd[0];
	if (!first || first.pages === undefined || first.contacts.length === 0) return NO_RANGE;
	const allKnown = (p: ReadPage | undefined) =>
		p === undefined || p.gone || p.contacts.length === 0 || p.contacts.every(isKnown);
	// lo holds new contacts (`page`, or where a poll before left off), hi is all known (or past the end). The reader may search a
	// wider window than the new end's (one that reaches `since`): its list matches the walk's over
	// the new end's pages; further on it may also hold contacts updated before the walk's window,
	// placed by their creation, so page numbers there may differ (`page` is then only a lower
	// bound) and the end moves out as its pages tell.
	// Where a poll before left off, the wider list's end was at least past its bounds.
	let end = Math.max(first.pages, (input.from?.hi ?? 0) - 1);
	let lo = input.from?.lo ?? input.page;
	let hi = input.from ? Math.max(lo + 1, input.from.hi) : end + 1;
	let hiKnown = input.from !== undefined;
	while (hi - lo > 1) {
		const mid = Math.floor((lo + hi) / 2);
		const read = await reader.read(mid);
		// The budget ends the poll here: the next goes on between the bounds (issue 51, point 1).
		if (!read) return { ...NO_RANGE, next: { lo, hi }, stopped: true };
		if (allKnown(read)) [hi, hiKnown] = [mid, true];
		else lo = mid;
		end = Math.max(end, read.pages ?? end);
		if (!hiKnown) hi = end + 1;
	}
	const top = Math.min(hi - 1, end);
	if (top <= newEnd.length) return NO_RANGE;
	// From the boundary's page `top` (partly known) down toward the new end, until the pages hold
	// Max Contacts per Poll new contacts, the budget ends, or they reach the new end's pages (pages
	// the walk passed before the backlog came hold it too). Dense or scattered, the range then holds
	// the oldest new contacts; read as Max Contacts per Poll's worth of pages, a range among contacts
	// made eligible late, scattered deep in the list, brought a few a poll while the new end waited
	// (a helper, 2026-11-28: Contact Enriched at 5,000 a day, half enriched 3 to 23 hours late,
	// 65 of 1,462 prompt ones in 16 hours).
	// Contacts that arrive while the range reads push every page's last ones onto the next. Read
	// after the page above it, a page may have lost some to that page, read before: when the two
	// counts differ (or are not reported), the page above is read again (both copies count). A
	// page the bisection read comes from the reader's cache, read at another moment: it is read
	// again when its count differs from the page above's. So is the boundary's page after the
	// range, where the oldest may have gone (triggerEdges (f): 2 contacts a poll were left for a
	// later walk).
	const pages: ReadPage[] = [];
	const again: ReadPage[] = [];
	const moved = (a: ReadPage, b: ReadPage) =>
		a.total === undefined || b.total === undefined || a.total !== b.total;
	let fresh = 0;
	let ended = false;
	for (let page = top; page > newEnd.length && fresh < input.maxPerPoll; page--) {
		const before = reader.sent;
		let read = await reader.read(page);
		const above = pages[0];
		if (read && above && reader.sent === before && moved(read, above))
			read = await reader.read(page, true);
		if (!read) {
			ended = true;
			break;
		}
		if (above && moved(read, above)) {
			const copy = await reader.read(above.page, true);
			if (copy) again.push(copy);
		}
		pages.unshift(read);
		fresh += read.contacts.filter((c) => !isKnown(c)).length;
	}
	// The bisection took the budget: the next poll reads the range from the boundary.
	if (pages.length === 0) return { ...NO_RANGE, next: { lo: top, hi: top + 1 }, stopped: true };
	// Nothing new down from the boundary before the budget ended: bounds moved on a page too far
	// (a few contacts added, or some deleted, helper-21): the next poll goes on below.
	const lowest = pages[0].page;
	if (fresh === 0 && ended && lowest - 1 > newEnd.length)
		return { ...NO_RANGE, next: { lo: lowest - 1, hi: lowest }, stopped: true };
	// Nothing new down from the boundary: no backlog where the search looked (in a wider list the
	// walk's page is only a lower bound, and its new contacts may lie past the boundary found). A
	// range of known pages would keep the walk from passing its page, and the next poll would look
	// there again: a survey (seed 140000) met a walk that stood still for hundreds of polls of 10
	// requests. The walk meets them.
	if (fresh === 0) return NO_RANGE;
	// Going on where a poll before left off, the boundary's page was not read: contacts that arrived
	// since the new end's read (its list's count grew) pushed the top page's last ones onto it
	// (helper-21: one a poll was left behind, and came hours after newer ones). Before, that page
	// was read whenever the bisection had not, and set aside: a request a poll for nothing.
	if (pages.length > 0 && top < end) {
		const last = pages[pages.length - 1];
		const cached = reader.pagesRead.find((p) => p.page === top + 1);
		const grew =
			input.from !== undefined &&
			!input.wider &&
			(last.total === undefined || first.total === undefined || last.total > first.total);
		if ((cached && moved(cached, last)) || (!cached && grew)) {
			const boundary = await reader.read(top + 1, true);
			if (boundary) again.push(boundary);
		}
	}
	const partial = lowest > newEnd.length + 1;
	return {
		pages: [...pages, ...again],
		partial,
		...(partial ? { next: leftOff(pages, isKnown, input.maxPerPoll) } : {}),
	};
}

/**
 * Where the next poll goes on after a partial range (`pages`, lowest page first): the poll emits
 * the range's oldest Max Contacts per Poll new contacts, so every page from the one where they
 * end up to the boundary is then known (`hi`), and the page below it still holds new ones (`lo`).
 * Where something else takes the poll's places (the walk's older contacts), the next range starts
 * a little low, and what it left is met by the next bisection from the new end or by the walk.
 */
function leftOff(
	pages: ReadPage[],
	isKnown: (c: Contact) => boolean,
	maxPerPoll: number,
): { lo: number; hi: number } {
	let hi = pages[pages.length - 1].page + 1;
	let emitted = 0;
	for (let i = pages.length - 1; i >= 0; i--) {
		emitted += pages[i].contacts.filter((c) => !isKnown(c)).length;
		if (emitted > maxPerPoll) break;
		hi = pages[i].page;
	}
	return { lo: hi - 1, hi };
}

/**
 * How long a boundary a poll left off at is gone on from: its bounds move with the count of the
 * walk's list, which after a pause also lost its oldest days, and bounds kept over a pause of 2
 * days pointed into the pause's newest contacts (helper-21: 49 hours ahead at Requests per
 * Minute 12). Before any boundary was kept, each poll searched afresh: at Requests per Minute 40
 * the search took the share, no range was read, the new end came up to 95 hours ahead of the
 * backlog, and 1,760 contacts then waited while polls sent 2 requests.
 */
export const RESUME_WITHIN_MS = 10 * MINUTE_MS;

/** The boundary a poll left off at, when this poll at `start` goes on from it in a list of `days`. */
export function goesOnFrom(
	left: EligibleBoundary | undefined,
	start: number,
	days: number[],
): EligibleBoundary | undefined {
	if (!left || start < left.at || start - left.at > RESUME_WITHIN_MS) return undefined;
	return days.includes(left.days) ? left : undefined;
}

/**
 * A boundary a poll left off at, moved on by `grown` pages of contacts added since (or deleted).
 * A range's boundary moves with them (`hi` by the pages they fill), and the range reads down from
 * the page before it: a few added leave contacts of the page before on it, and a page too far is a
 * known page read on the way. A search under way keeps both bounds outside the boundary
 * (helper-21: both moved a whole page for a few contacts added, and `lo` fell among known pages).
 */
export function movedOn(left: EligibleBoundary, grown: number): { lo: number; hi: number } {
	const hi = left.hi + Math.ceil(grown);
	if (left.hi - left.lo <= 1) return { lo: Math.max(1, hi - 1), hi };
	return { lo: Math.max(1, left.lo + Math.floor(grown)), hi };
}
