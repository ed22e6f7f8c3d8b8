import type { ReadPage } from '../../paging/pageReader';
import type { Contact } from '../../types';
import { idKey } from './collector';
import { utf8Bytes } from './state';
import { MAX_STATE_BYTES } from './stateBound';
import { parseCreatedTime } from './timeRules';

/**
 * The ceiling of a walk without an order (docs/trigger.md, "Without an order"). Such a
 * walk meets new contacts in no order and emits them as it finds them, so it has to remember
 * every one it emitted until it is complete and the floor passes them. After a pause of days,
 * or with "Emit Contacts From the Last N Days" on a large account, that is more ids than the
 * state's bound holds. So a walk that would find too many emits only the oldest of them, those
 * created up to its ceiling; the newer ones wait for the next walks, each of which goes on
 * from the ceiling of the one before.
 */

/** The bytes of ids a walk may add: what its state leaves of this share of the bound... */
const ROOM_SHARE = 0.5;

/** ...and at least this much, so that a walk always gets on (an eighth of the bound). */
export const MIN_WALK_BYTES = MAX_STATE_BYTES / 8;

/**
 * The bytes of ids a walk may add to a state of `stateBytes`: what is left of half the bound
 * (the estimate of a walk's new contacts comes from one page; the other half is margin for it,
 * for the contacts created while the walk reads, and for the overlap below the floor).
 */
export function walkRoom(stateBytes: number): number {
	return Math.max(MIN_WALK_BYTES, ROOM_SHARE * MAX_STATE_BYTES - stateBytes);
}

/** One id in `seen` as JSON: `"id":1781083169774,` (the quotes, the time, colon and comma). */
function entryBytes(key: string): number {
	return utf8Bytes(JSON.stringify(key)) + 15;
}

/**
 * The ceiling of a walk, from its first page (a sample of the window when it has no order):
 * undefined when the new contacts of the window fit in `room` bytes (walkRoom), by the share of
 * them on that page and the count of results; else the creation time under which about that
 * many lie. It is at least the oldest new contact of the page, so that every walk emits some.
 */
export function walkCeiling(
	first: ReadPage,
	isNew: (contact: Contact) => boolean,
	latest: number,
	room: number,
): number | undefined {
	const times: number[] = [];
	let bytes = 0;
	for (const c of first.contacts) {
		const t = parseCreatedTime(c?.created_date);
		const key = idKey(c?.id);
		if (t === undefined || key === undefined || t > latest || !isNew(c)) continue;
		times.push(t);
		bytes += entryBytes(key);
	}
	if (times.length === 0) return undefined;
	const count = Math.max(first.total ?? 0, first.contacts.length);
	const estimated = (bytes * count) / first.contacts.length;
	if (estimated <= room) return undefined;
	times.sort((a, b) => a - b);
	const k = Math.max(1, Math.floor((times.length * room) / estimated));
	return times[k - 1];
}

/** Whether a contact was created after the ceiling (it waits for a later walk). */
export function aboveCeiling(contact: Contact, ceiling: number | undefined): boolean {
	if (ceiling === undefined) return false;
	const t = parseCreatedTime(contact?.created_date);
	return t !== undefined && t > ceiling;
}
