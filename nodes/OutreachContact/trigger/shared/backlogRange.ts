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
 * boundary), and reads the pages just before it, Max Contacts per Poll's worth and the boundary's
 * own page (partly known), in rising page numbers (contacts created meanwhile push unread ones
 * further on, where they are still read). While the range does not reach down to the new end,
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
	// lo holds new contacts (`from`), hi is all known (or past the end). The reader may search a
	// wider window than the new end's (one that reaches `since`): its list is the same up to the
	// new end's last page and may go on, so the end moves out as its pages tell.
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
	const rangePages = Math.max(1, Math.ceil(input.maxPerPoll / Math.max(1, first.pageSize)));
	const top = Math.min(hi - 1, end);
	if (top <= newEnd.length) return NO_RANGE;
	// The boundary's page `top` is partly known: one page more than Max Contacts per Poll's worth.
	// Down to the new end's pages at most: pages the walk passed before the backlog came hold it too.
	const start = Math.max(newEnd.length + 1, top - rangePages, top - input.left() + 1);
	// Every page up to the boundary: the oldest are on the last, and the ledger emits the oldest.
	// Pages the bisection (or the walk's peek) read come from the reader's cache, each read at its
	// own moment; contacts that arrived between two reads pushed the last ones of a page onto the
	// next, and the next, read before, missed them (triggerEdges (f): 2 contacts a poll, met only
	// by a later walk). So a page from the cache whose count differs from the page before's (or
	// is not reported) is read again, and so is the boundary's page after the range.
	const pages: ReadPage[] = [];
	for (let page = start; page <= Math.min(top + 1, end); page++) {
		const before = reader.sent;
		let read = await reader.read(page);
		const prior = pages[pages.length - 1];
		const stale =
			read !== undefined &&
			reader.sent === before &&
			prior !== undefined &&
			(read.total === undefined || read.total !== prior.total);
		if (page > top && !stale) break;
		if (stale) read = await reader.read(page, true);
		if (!read) break;
		pages.push(read);
	}
	return { pages, partial: pages.length > 0 && start > newEnd.length + 1 };
}

/**
 * Whether a contact the poll read must wait behind a partial range: a new one the event wants,
 * created after the range's newest. Undefined (nothing waits) when the range is whole, has no
 * dates, or is sparse: fewer than half of the contacts it holds that the event wants are new.
 * A sparse range is not a backlog's block but contacts made eligible late, scattered deep in the
 * list: postponing behind one of them held the new end for hours (a helper, 2026-11-28: Contact
 * Enriched at 5,000 a day, half enriched 3 to 23 hours after creation, 65 of 1,462 prompt ones
 * in 16 hours), while each poll's range brought a few late ones.
 */
export function newerThanRange(
	range: BacklogRange,
	time: (c: Contact) => number | undefined,
	wants: (c: Contact) => boolean,
	isNew: (c: Contact) => boolean,
): ((c: Contact) => boolean) | undefined {
	if (!range.partial) return undefined;
	const wanted = range.pages.flatMap((p) => p.contacts.filter(wants));
	if (2 * wanted.filter(isNew).length < wanted.length) return undefined;
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
