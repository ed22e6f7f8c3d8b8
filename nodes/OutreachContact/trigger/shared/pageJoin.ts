import type { PageReader, ReadPage } from '../../paging/pageReader';
import type { Contact } from '../../types';

/**
 * Whether pages read a moment apart join without a gap. Contacts created while a poll reads move
 * the pages it has not read yet: newest first, new ones at the front move every page on; oldest
 * first, new ones go after every page and move none, but a contact created with a date back (a
 * backfill) lands among them and moves every page after it on by one. A deletion moves them back.
 * Reads in rising page numbers then repeat a contact (nothing lost) where the list grew, and leave
 * one out where it shrank; reads in falling page numbers the reverse. Two pages that share a
 * contact leave none out between them, however the list moved.
 */

/**
 * Whether `next`, the page after `prev` read a moment later, goes on from it without a gap: the
 * two share a contact (the list moved by less than a page), or the count did not change. When
 * contacts were deleted between the two reads, the list moved back toward page 1 and the
 * contacts that moved past the end of `prev` were read by neither. (During an import the pages
 * share nothing either; starting the range again then costs a page, not a contact.)
 */
export function continues(prev: ReadPage, next: ReadPage): boolean {
	// Gone past the end though `prev` said the list went on: it shrank between the two, and the
	// contacts that moved onto `prev`'s places were read by neither (survey 320000: the floor
	// rose past one that was the last but one of the N days).
	if (next.gone) return prev.pages === undefined || prev.page >= prev.pages;
	if (next.contacts.length === 0 || prev.contacts.length === 0) return true;
	// Without counts there is no telling: taken as following (pages of a still list never share).
	if (prev.total === undefined || next.total === undefined || prev.total === next.total)
		return true;
	return shareOne(prev, next);
}

/**
 * Oldest first, whether `later`, read after `earlier` and next to it (one page nearer the new
 * end, or one nearer the old end), joins it without a gap. New contacts go after both, so a count
 * that grew says nothing against it read rising; read falling, a backfill may have pushed the
 * contacts between them off `later` before it was read, and a count that grew leaves them
 * unproved unless the two share one (property run, seed 28: pages the activation's bisection read
 * before a backfill of 20 were joined to pages read after it, and 20 contacts were read by
 * neither). New contacts at the new end then cost a poll's range a page, not a contact.
 */
export function adjoins(earlier: ReadPage, later: ReadPage): boolean {
	const rising = later.page > earlier.page;
	if (later.gone) return rising && continues(earlier, later);
	// What continues proves holds in either direction; beyond it, only the count's direction.
	if (continues(earlier, later)) return true;
	const [from, to] = [earlier.total ?? 0, later.total ?? 0];
	return rising ? to > from : to < from;
}

/**
 * Oldest first, whether `later` joins `earlier` (see adjoins), reading `earlier` again when the
 * counts leave it unproved: when it still holds the same contacts at `later`'s count, the two are
 * neighbours in one list. A contact deleted at the new end while a range reads moves no page
 * before it, yet read rising, a count that shrank left every such range at its first page, and an
 * import stood still for as long as deletions went on (helper-44). One request, only then;
 * undefined out of budget.
 */
export async function nextTo(
	reader: PageReader,
	earlier: ReadPage,
	later: ReadPage,
): Promise<boolean | undefined> {
	if (adjoins(earlier, later)) return true;
	if (later.gone || later.total === undefined) return false;
	const again = await reader.read(earlier.page, true);
	if (!again) return undefined;
	if (again.total !== later.total || again.contacts.length !== earlier.contacts.length)
		return false;
	return again.contacts.every((c, i) => c?.id === earlier.contacts[i]?.id);
}

/**
 * The page `page` of a range read toward the new end, after `prev`: the reader's copy when it
 * came after `prev` at `prev`'s count, else read again, so that it was read after `prev`. Read
 * rising, a contact added meanwhile is read twice, never lost; an add and a deletion before the
 * copy's page cancel out in the count (the limit `continues` takes too). A copy a bisection read
 * before `prev` may lie apart from it (see adjoins), even at the same count: a backfill and a
 * deletion at the new end between the two cancel out, and the contact the backfill pushed from
 * `prev`'s page onto the copy's was read by neither (property run, seed 62;
 * `regressions/cancelledCount.test.ts`).
 */
export async function readAfter<T extends ReadPage | undefined | 'misfit'>(
	reader: PageReader,
	prev: ReadPage | undefined,
	read: (fresh: boolean) => Promise<T>,
): Promise<T> {
	const sent = reader.sent;
	const page = await read(false);
	if (!prev || reader.sent !== sent || !isPage(page)) return page;
	if (page.total === prev.total && reader.cameAfter(page, prev)) return page;
	return read(true);
}

/**
 * Oldest first, whether a bisection's boundary lies beyond new contacts: the page after
 * `handledPage` (the page of the count a poll before ended at, which reached the handled
 * contacts) holds a new one though the boundary is further on (undefined: out of budget). Oldest
 * first, contacts added after that count come after it, new ones and those of a backfill dated
 * before the handled point alike, so the page after it holds known contacts up to the boundary
 * unless the list is by insertion and such a backfill came after new contacts. The bisection then
 * stopped at the backfill, taken for the handled contacts, and the new contacts before it were
 * never read (helper-43: 37 of 110, pages of 2 at a share of 1). One request, only when the
 * boundary lies more than a page beyond that page.
 */
export async function newBetween(
	reader: PageReader,
	handledPage: number,
	boundaryPage: number,
	isKnown: (c: Contact) => boolean,
): Promise<boolean | undefined> {
	if (boundaryPage <= handledPage + 1) return false;
	const probe = await reader.read(handledPage + 1);
	return probe && !probe.gone && !probe.contacts.every(isKnown);
}

const isPage = (answer: ReadPage | undefined | 'misfit'): answer is ReadPage =>
	answer !== undefined && answer !== 'misfit';

function shareOne(a: ReadPage, b: ReadPage): boolean {
	const ids = new Set<unknown>();
	for (const c of a.contacts) ids.add(c?.id);
	return b.contacts.some((c) => ids.has(c?.id));
}
