import type { ReadPage } from '../../paging/pageReader';
import { idKey, type LedgerView } from '../shared/ledger/candidates';

/**
 * The contacts a range must hold by their dates (orderCheck.ts, leftOut), as those emitted: by
 * creation, a range whose span holds the date of a contact still there holds that contact.
 *
 * The activation's sample's new contacts (N days, in an order): one a range leaves out shows a
 * list by insertion, where the contacts inserted before a backfill dated days back sit behind it:
 * the activation took the backfill's pages from the new end for the N days' old end, and the
 * sample's page 1 was never read again (helper-46: Emit Contacts From the Last 3 Days, 163 of 192
 * never came).
 *
 * At the polls after, the oldest 10 new contacts of those pages that still wait (`sampleWaiting`,
 * ledger/witnesses.ts) are the witnesses; contacts on pages the sample did not read have none.
 *
 * The oldest contacts polls left waiting that still wait (`leftWaiting`): newest first, a contact deleted at the
 * new end and one added dated back between two page reads leave the count as it was, move the
 * page read second toward the new end, and its first contact is read by neither. Left waiting
 * above the handled point by Max Contacts per Poll, it then never came (helper-63: Emit Contacts
 * From the Last 2 Days, 1 of 299).
 */
export function withWitnesses(
	view: LedgerView,
	activationPages: ReadPage[],
	waiting: Record<string, number> = {},
): LedgerView['seenBetween'] {
	const sampledNew = activationPages
		.flatMap((p) => p.contacts)
		.filter((c) => !view.isKnown(c))
		.map((c) => ({ key: idKey(c?.id), t: view.time(c) }))
		.concat(Object.entries(waiting).map(([key, t]) => ({ key, t })));
	// Each id once: at the activation poll a contact of the sample is in `waiting` too, and named
	// twice it would be looked up twice and count twice toward MAX_LEFT_OUT_LOOKUPS.
	return (after, upTo) => [
		...new Set([
			...view.seenBetween(after, upTo),
			...sampledNew.flatMap(({ key, t }) =>
				key !== undefined && t !== undefined && t > after && t <= upTo ? [key] : [],
			),
		]),
	];
}
