import type { PageReader, ReadPage } from '../../paging/pageReader';
import { idKey } from '../shared/ledger/candidates';

/**
 * The page a range of two pages or more begins with (`range[0]`: oldest first the boundary's,
 * newest first the one nearest the new end; mostly the range's page read first), read again after
 * the others (docs/trigger.md, "A range read at two moments"): its contacts the range did not
 * hold, or none. Pages read before it that join it (the poll's first pages) are proved by
 * pageJoin.ts alone: the boundary this covers is the one after `range[0]`. The pages of a
 * range are read at different moments; a contact added before a page boundary and one deleted
 * elsewhere between two reads leave the count as it was and move a contact across the boundary,
 * onto a page read before (property test, seed 77, schedule 1456: New Contact oldest first, an
 * owed contact moved from page 3 onto page 4 after page 4 was read and before page 3 was; neither
 * met it, and the handled point passed it). A request more for each poll whose range spans pages
 * while its share leaves two (this and one for the rolling check), two when the page makes the
 * poll's pages odd (the check gets a request for every two); none for a quiet poll (one page).
 */
export async function rangeAgain(
	reader: PageReader,
	range: ReadPage[],
	requestsLeft: () => number,
): Promise<ReadPage | undefined> {
	if (range.length < 2 || requestsLeft() < 2) return undefined;
	const again = await reader.read(range[0].page, true);
	if (!again) return undefined;
	const held = new Set(range.flatMap((p) => p.contacts.map((c) => idKey(c?.id))));
	const moved = again.contacts.filter((c) => !held.has(idKey(c?.id)));
	return moved.length > 0 ? { ...again, contacts: moved } : undefined;
}
