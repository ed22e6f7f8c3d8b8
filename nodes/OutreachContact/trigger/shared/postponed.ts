import type { ReadPage } from '../../paging/pageReader';
import type { Contact } from '../../types';
import type { BacklogRange } from './backlogRange';

/**
 * What waits behind a backlog's range that does not reach the new end (backlogRange.ts): the
 * pages between hold unread contacts newer than the range's, so every new contact the poll read
 * newer than the range's newest is postponed, and the backlog comes oldest first.
 */

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
