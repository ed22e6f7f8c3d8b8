import type { PageReader, ReadPage } from '../../paging/pageReader';
import type { Contact } from '../../types';

/**
 * The oldest end of a backlog of an eligible event whose results are newest first (mode `newEnd`,
 * docs/trigger.md, "Eligible contacts"). After a pause, a newest-first walk near the new end would
 * meet the backlog newest first and emit it so; every id it emits stays in `seen` until a complete
 * walk, so a backlog of more ids than the state holds (about 23,000) made the bound raise the floor
 * past its oldest contacts before the walk got to them (triggerEdges (f): 2,771 of 27,287 lost,
 * created in the first 10 hours of the pause). So when the new end's third page, or the walk's page,
 * holds a new wanted contact,
 * the poll finds by bisection, beyond the walk's page, the first page of known contacts (the
 * boundary), and reads the pages just before it, Max Contacts per Poll's worth and the boundary's
 * own page (partly known), in rising page numbers (contacts created meanwhile push unread ones
 * further on, where they are still read). While the range does not reach down to the new end,
 * the pages between hold unread contacts newer than the range's and older than the new end's: the
 * poll then holds the new end's newer contacts back (eligibleWalk.ts), or emitting them would
 * leave the backlog's newer part behind known pages, where no bisection looks (a helper, 2026-11-28:
 * 2,494 contacts of a 2-day pause waited behind them while polls sent 2 requests).
 * The backlog then comes oldest first, and the bound only forgets contacts already emitted.
 * The walk waits meanwhile: it must not pass pages whose new contacts the poll leaves waiting.
 * Nothing here is taken as proved: the walk still reads every page, and a contact this read
 * misses is met by the next poll's bisection or by the walk.
 */

export interface BacklogInput {
	reader: PageReader;
	/** A page that holds new contacts (the new end's last, or the walk's): the backlog's oldest end lies at or beyond it. */
	from: number;
	/** The pages the new end read (page 1 on): the last of them holds new contacts. */
	newEnd: ReadPage[];
	isKnown(contact: Contact): boolean;
	maxPerPoll: number;
	/** Requests this poll may still send. */
	left(): number;
}

export interface BacklogRange {
	/** The range's pages, in rising page numbers; none when there is no backlog beyond the new end. */
	pages: ReadPage[];
	/** Pages between the new end's and the range's were left unread: their contacts are newer. */
	partial: boolean;
}

const NO_RANGE: BacklogRange = { pages: [], partial: false };

/** The backlog's oldest end (see above). */
export async function readBacklogRange(input: BacklogInput): Promise<BacklogRange> {
	const { reader, newEnd, isKnown } = input;
	const first = newEnd[0];
	if (!first || first.pages === undefined || first.contacts.length === 0) return NO_RANGE;
	const allKnown = (p: ReadPage | undefined) =>
		p === undefined || p.gone || p.contacts.length === 0 || p.contacts.every(isKnown);
	// lo holds new contacts (or is the walk's page less one), hi is all known (or past the end).
	let lo = input.from;
	let hi = first.pages + 1;
	while (hi - lo > 1) {
		const mid = Math.floor((lo + hi) / 2);
		const read = await reader.read(mid);
		if (!read) return NO_RANGE;
		if (allKnown(read)) hi = mid;
		else lo = mid;
	}
	const rangePages = Math.max(1, Math.ceil(input.maxPerPoll / Math.max(1, first.pageSize)));
	const top = Math.min(hi - 1, first.pages);
	if (top <= newEnd.length) return NO_RANGE;
	// The boundary's page `top` is partly known: one page more than Max Contacts per Poll's worth.
	// Down to the new end's pages at most: pages the walk passed before the backlog came hold it too.
	const start = Math.max(newEnd.length + 1, top - rangePages, top - input.left() + 1);
	// Every page up to the boundary: the oldest are on the last, and the ledger emits the oldest.
	// A page the bisection read comes from the reader's cache; contacts that arrived since pushed
	// the last ones of the page before it onto it, unread (triggerEdges (f): 2 contacts a poll, met
	// only by a later walk). When the count moved since (or is not reported), it is read again, and
	// so is the boundary's page after the range.
	const pages: ReadPage[] = [];
	let countNow: number | undefined;
	let sentHere = false;
	const moved = (p: ReadPage) =>
		p.total === undefined || countNow === undefined || p.total !== countNow;
	for (let page = start; page <= Math.min(top + 1, first.pages); page++) {
		const before = reader.sent;
		let read = await reader.read(page);
		const cached = reader.sent === before;
		if (page > top && !(cached && sentHere && read && moved(read))) break;
		if (read && cached && sentHere && moved(read)) read = await reader.read(page, true);
		if (!read) break;
		if (reader.sent > before) {
			sentHere = true;
			countNow = read.total;
		}
		pages.push(read);
	}
	return { pages, partial: pages.length > 0 && start > newEnd.length + 1 };
}
