import type { PageReader, ReadPage } from '../../paging/pageReader';
import type { Contact } from '../../types';

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
	from: number;
	/** The pages the new end read (page 1 on). */
	newEnd: ReadPage[];
	isKnown(contact: Contact): boolean;
	maxPerPoll: number;
}

export interface BacklogRange {
	/** The range's pages (a page read twice, twice); none when there is no backlog beyond the new end. */
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
	// lo holds new contacts (`from`), hi is all known (or past the end). The reader may search a
	// wider window than the new end's (one that reaches `since`): its list matches the walk's over
	// the new end's pages; further on it may also hold contacts updated before the walk's window,
	// placed by their creation, so page numbers there may differ (`from` is then only a lower
	// bound) and the end moves out as its pages tell.
	let end = first.pages;
	let lo = input.from;
	let hi = end + 1;
	let hiKnown = false;
	while (hi - lo > 1) {
		const mid = Math.floor((lo + hi) / 2);
		const read = await reader.read(mid);
		if (!read) return NO_RANGE;
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
	for (let page = top; page > newEnd.length && fresh < input.maxPerPoll; page--) {
		const before = reader.sent;
		let read = await reader.read(page);
		const above = pages[0];
		if (read && above && reader.sent === before && moved(read, above))
			read = await reader.read(page, true);
		if (!read) break;
		if (above && moved(read, above)) {
			const copy = await reader.read(above.page, true);
			if (copy) again.push(copy);
		}
		pages.unshift(read);
		fresh += read.contacts.filter((c) => !isKnown(c)).length;
	}
	// Nothing new down from the boundary: no backlog where the search looked. A range of known
	// pages would keep the walk from passing its page, and the next poll would look there again
	// (a survey, seed 140000: a walk stood still for hundreds of polls of 10 requests). The walk
	// meets them.
	if (fresh === 0) return NO_RANGE;
	if (pages.length > 0 && top < end) {
		const sent = reader.sent;
		const after = await reader.read(top + 1);
		const last = pages[pages.length - 1];
		if (after && reader.sent === sent && moved(after, last)) {
			const boundary = await reader.read(top + 1, true);
			if (boundary) again.push(boundary);
		}
	}
	const lowest = pages[0]?.page;
	return {
		pages: [...pages, ...again],
		partial: lowest !== undefined && lowest > newEnd.length + 1,
	};
}

/**
 * Whether a contact the poll read must wait behind a partial range: a new one the event wants,
 * created after the range's newest (undefined when the range is whole or has no dates).
 */
export function newerThanRange(
	range: BacklogRange,
	time: (c: Contact) => number | undefined,
	wants: (c: Contact) => boolean,
	isNew: (c: Contact) => boolean,
): ((c: Contact) => boolean) | undefined {
	if (!range.partial) return undefined;
	const times = range.pages.flatMap((p) => p.contacts.map(time)).filter((t) => t !== undefined);
	if (times.length === 0) return undefined;
	const newest = Math.max(...times);
	return (c) => wants(c) && isNew(c) && (time(c) ?? Infinity) > newest;
}

/** The pages without the contacts `later` postpones, and how many (each id once) it postponed. */
export function withoutLater(
	pages: ReadPage[],
	later: ((c: Contact) => boolean) | undefined,
): { kept: ReadPage[]; postponed: number } {
	if (!later) return { kept: pages, postponed: 0 };
	const ids = new Set<unknown>();
	const keep = (c: Contact) => {
		if (!later(c)) return true;
		ids.add(c?.id);
		return false;
	};
	const kept = pages.map((p) => ({ ...p, contacts: p.contacts.filter(keep) }));
	return { kept, postponed: ids.size };
}
