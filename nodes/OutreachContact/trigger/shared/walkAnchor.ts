import type { ReadPage } from '../../paging/pageReader';
import type { Contact } from '../../types';
import { idKey } from './ledger/candidates';
import type { WalkAnchor } from './ledger/shapes';
import { orderShown, type TimeOf } from './serviceTime';
import type { WalkPosition } from './walk';
import { isGuess, noteMoved, pagesAhead, wentOnFrom } from './anchorGuess';

/**
 * Where a walk that stands for "what was there" stopped reading (issue 51, point 3): the ids of
 * the last contacts of the last page it read, and the count of results that page reported.
 * Contacts that leave the list while the walk reads (deleted, or out of the window) move those
 * after them back, onto pages the walk has read. When a later page reports a smaller count, or
 * comes back past the end, the walk reads back from the page before, at most LOCATE_PAGES pages,
 * until it meets the anchor, and goes on from the contact after it: only what may have moved is
 * read again, so a walk still ends under steady deletions. Contacts added before the anchor move
 * it forward instead: a page that holds the anchor is read from the contact after it.
 *
 * A walk that records what was there (recheckOnResume) does not count on the count alone on a
 * list in an order: contacts that arrive after its position (oldest first, new ones; newest
 * first, those dated back) grow the count by as many as were deleted before it, and the shrink
 * does not show (docs/trigger-open-schedules.md, the deletions class: 3 deleted before page 3 and
 * 70 imported after it, and a contact enriched before the activation moved onto page 2 unread).
 * Going on in a new poll, such a walk reads its anchor's page again first, and takes what moved
 * onto it.
 */

/** The ids an anchor keeps: when one of them leaves, the others still place it. */
export const ANCHOR_IDS = 3;

/** How many pages back from where the list shrank the walk looks for its anchor. */
export const LOCATE_PAGES = 4;

/**
 * The anchor after reading `fetched`, of which the walk took `taken` (placeRead): the page's last
 * ids and count; the one before when the page was empty. A page whose last contact is one of the
 * anchor's ids (it took nothing of it) keeps the anchor's ids, with this page's count: contacts
 * added before the anchor moved the others onto the next page, where they still place the walk.
 * Taken from this page alone, the anchor let the next page's first contacts, read already, come
 * again, and newest first they looked like a rise: the walk took its list for one in no order
 * (the trigger bench's Contact Enriched at 10,000 a day, fullWalk.test.ts).
 */
export function anchorOf(
	fetched: ReadPage,
	taken: ReadPage,
	before: WalkAnchor | undefined,
): WalkAnchor | undefined {
	const kept = before && fetched.contacts.length > 0 && taken.contacts.length === 0;
	const keys = fetched.contacts
		.map((c) => idKey(c?.id))
		.filter((k): k is string => k !== undefined);
	const ids = kept ? before.ids : keys.slice(-ANCHOR_IDS);
	if (ids.length === 0) return before;
	const head = kept ? before.head : keys.slice(0, ANCHOR_IDS);
	const anchor: WalkAnchor = { ids };
	if (fetched.total !== undefined) anchor.total = fetched.total;
	if (head !== undefined && head.length > 0) anchor.head = head;
	if (before?.moved !== undefined) anchor.moved = before.moved;
	return anchor;
}

/** Index of the last contact of `contacts` the anchor names, or -1. */
export function anchorIndex(contacts: Contact[], anchor: WalkAnchor): number {
	for (let i = contacts.length - 1; i >= 0; i--) {
		const key = idKey(contacts[i]?.id);
		if (key !== undefined && anchor.ids.includes(key)) return i;
	}
	return -1;
}

/**
 * Whether the list shrank since the anchor's page was read: a smaller count, or the end gone
 * where the anchor's count said more contacts lay (without a count, a page past the end after a
 * full page is the list's end).
 */
export function shrankSince(read: ReadPage, anchor: WalkAnchor): boolean {
	if (anchor.total === undefined) return false;
	if (read.gone) return anchor.total > (read.page - 1) * read.pageSize;
	return read.total !== undefined && read.total < anchor.total;
}

/**
 * Whether a walk that records what was there reads its anchor's page again before it goes on
 * (above): it goes on in a new poll, from a page after its first, in any order. Oldest first, the
 * contacts that arrive come after its position. Newest first, those added with a date back do:
 * Contact Enriched, 15 contacts deleted before the walk's position and 136 added dated 25 hours
 * back, and a contact enriched before the activation came (deletions survey 2190000, schedule
 * 170). In no order an arrival after the position hides a deletion before it as well: the count
 * stays, and contacts enriched 1 to 23 hours before the activation came (helper-87, 5 schedules,
 * `regressions/noOrderRecheck.test.ts`). The cost there: an arrival moves the anchor on as often as a
 * deletion moves it back, and the re-read then finds nothing (the sample's walk of an import at a
 * share of 1: 81 polls instead of 54 in 2026-11-28's measure, `npm run bench -- import`). When so,
 * it moves `position` to that page. Where the stored anchor has no count, only a page wholly after
 * the anchor (`pastAnchor`) turns a recheck that misses the anchor into a read back.
 */
export function recheckOnResume(position: WalkPosition, pageSize?: number): void {
	const order = orderShown(position);
	const { anchor } = position;
	if (!anchor || position.readingBack || position.page <= 1) return;
	position.readingBack = { from: position.page, recheck: true };
	position.page += order === 'newest' ? pagesAhead(anchor.moved, pageSize) - 1 : -1;
}

/**
 * What a walk that stands for "what was there" takes of `read`, the page at `position.page`
 * (which it moves): the page, from the contact after the anchor when it holds the anchor; after
 * a recheck that did not meet it where the list did not shrink nor lies wholly after it
 * (`pastAnchor`), the contacts that end the page dated past the last the walk read (in no
 * order, the page whole, unless it lies a page or more from it: `apartInNoOrder`); or 'skip':
 * nothing of this page, read `position.page` next (the page before, to look for the anchor; or,
 * after the same recheck with no such contact, the page where the walk stopped). A read back
 * never starts twice in a row from one page (`readBackFrom`): where the list shrinks again
 * there, or the anchor is not met within LOCATE_PAGES pages (its contacts were deleted too), the
 * walk goes on and marks itself `shrank` (it proves nothing).
 */
export function placeRead(read: ReadPage, position: WalkPosition, time: TimeOf): ReadPage | 'skip' {
	const { anchor, readingBack } = position;
	if (!anchor) return read;
	const at = anchorIndex(read.contacts, anchor);
	noteMoved(position, read, at);
	// Cleared by undefined, not delete: the ledger merges the position into the stored walk.
	if (at >= 0) {
		position.readingBack = undefined;
		return { ...read, contacts: read.contacts.slice(at + 1) };
	}
	if (readingBack?.recheck && isGuess(position, position.page)) {
		// A guess that missed the anchor: the anchor's page, as any recheck.
		position.page = readingBack.from - 1;
		return 'skip';
	}
	if (readingBack?.recheck) {
		if (
			!shrankSince(read, anchor) &&
			!pastAnchor(read, position, time) &&
			!apartInNoOrder(read, position, anchor)
		) {
			position.readingBack = undefined;
			// The anchor's contacts left and as many arrived elsewhere (the count stayed): the
			// contacts that end the page dated past the last the walk read moved back onto it, and
			// the walk takes them and goes on at the page after it (helper-71: 3 deleted, 3 dated back).
			// None: the anchor moved on (contacts added before it; the page after holds it), or
			// nothing moved. The walk goes on where it stopped.
			const moved = movedBack(read.contacts, position, time);
			if (moved.length > 0) return { ...read, contacts: moved };
			// In no order no date tells what moved back from what the walk read before: it takes the
			// page whole (the page after it holds the anchor when it moved on). Gone on where it
			// stopped, the contacts that 2 deletions moved back at pages of 2 went unread (helper-91:
			// `regressions/noOrderRecheck.test.ts`). Moved back a page or more, this page holds none
			// of the anchor page's ids (`apartInNoOrder`) and the walk reads back for it.
			const shown = orderShown(position);
			if (shown !== 'oldest' && shown !== 'newest') return read;
			position.page = readingBack.from;
			wentOnFrom(position, readingBack.from);
			return 'skip';
		}
		// The list shrank, or the page lies wholly after the anchor (a page or more was deleted
		// before it), or in no order a page or more from it (moved back, or on: then the read back
		// does not meet it and the walk is marked `shrank`): a read back as any other from here,
		// whatever later counts say (a helper, 2026-11-28: spread over two polls, arrivals between
		// them brought the count back up, and the read back stopped with contacts moved back unread).
		position.readingBack = { from: readingBack.from };
	}
	if (readingBack) {
		if (position.page > 1 && readingBack.from - position.page < LOCATE_PAGES) {
			position.page--;
			return 'skip';
		}
		position.readingBack = undefined;
		position.shrank = true;
		return read;
	}
	if (position.page === 1 || !shrankSince(read, anchor)) return read;
	if (position.readBackFrom === position.page) {
		position.shrank = true;
		return read;
	}
	position.readBackFrom = position.page;
	position.readingBack = { from: position.page };
	position.page--;
	return 'skip';
}

/**
 * Whether a date lies past the last the walk read, in the order its pages showed (after it oldest
 * first, before it newest first); undefined without an order or a last date.
 */
function pastLast(position: WalkPosition): ((t: number) => boolean) | undefined {
	const { last } = position;
	if (last === undefined) return undefined;
	const order = orderShown(position);
	if (order === 'oldest') return (t) => t > last;
	if (order === 'newest') return (t) => t < last;
	return undefined;
}

/**
 * Whether a page of a list its pages showed in an order lies wholly after where the walk stopped:
 * its first contact is dated past the last the walk read: a page or more was deleted before it.
 */
function pastAnchor(read: ReadPage, position: WalkPosition, time: TimeOf): boolean {
	const past = pastLast(position);
	const first = read.contacts.length > 0 ? time(read.contacts[0]) : undefined;
	return past !== undefined && first !== undefined && past(first);
}

/**
 * The contacts that end `contacts` dated past the last the walk read (`pastLast`); none without
 * an order or a date. Only those that end the page: one dated past it among contacts dated before
 * it is out of order, not moved back.
 */
function movedBack(contacts: Contact[], position: WalkPosition, time: TimeOf): Contact[] {
	const past = pastLast(position);
	if (!past) return [];
	let from = contacts.length;
	for (; from > 0; from--) {
		const t = time(contacts[from - 1]);
		if (t === undefined || !past(t)) break;
	}
	return contacts.slice(from);
}

/**
 * Whether a page of a list in no order lies a page or more from where the walk stopped: it holds
 * none of the ids that began or ended the anchor's page, and the list did not grow by a page.
 * Deletions before the position moved it back (helper-92: pages of 1 to 8, 4 to 8 deleted a step
 * and as many added after it): the walk reads back for it. Where the list grew by a page, contacts
 * added before the position may have moved it on, and the page is taken whole as before; arrivals
 * after it as many as a page more than the deletions before it leave that gap (helper-95: not
 * made to fail). Contacts added before it without such growth (as many deleted after it) move it
 * on too: the read back does not meet it, and the walk is marked `shrank` (another walk). At
 * pages of 1 to 3 the head is the anchor's own ids.
 */
function apartInNoOrder(read: ReadPage, position: WalkPosition, anchor: WalkAnchor): boolean {
	const shown = orderShown(position);
	if (shown === 'oldest' || shown === 'newest' || !anchor.head) return false;
	if (read.contacts.length === 0) return false;
	const grew =
		read.total !== undefined && anchor.total !== undefined ? read.total - anchor.total : 0;
	if (grew >= read.pageSize) return false;
	return anchorIndex(read.contacts, { ids: anchor.head }) < 0;
}
