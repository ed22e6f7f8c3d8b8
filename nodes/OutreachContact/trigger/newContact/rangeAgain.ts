import type { PageReader, ReadPage } from '../../paging/pageReader';
import { idKey } from '../shared/ledger/candidates';

/**
 * The first page of a range of two pages or more, read again after the others (docs/trigger.md,
 * "A range read at two moments"): its contacts the range did not hold, or none. The pages of a
 * range are read at different moments; a contact added before a page boundary and one deleted
 * elsewhere between two reads leave the count as it was and move a contact across the boundary,
 * onto a page read before (property test, seed 77, schedule 1456: New Contact oldest first, an
 * owed contact moved from page 3 onto page 4 after page 4 was read and before page 3 was; neither
 * met it, and the handled point passed it). A request more for each poll whose range spans pages
 * while its share leaves one beside the rolling check's; none for a quiet poll (one page).
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
