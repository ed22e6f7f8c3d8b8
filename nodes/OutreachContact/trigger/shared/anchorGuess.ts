import type { ReadPage } from '../../paging/pageReader';
import type { WalkPosition } from './walk';

/**
 * Where a walk that records what was there, newest first, looks for its anchor first when it goes
 * on in a new poll (walkAnchor.ts, recheckOnResume), and how far the anchor moved, measured as the
 * walk finds it. `from` below is the page the walk reads next, the one after the anchor's page.
 */

/**
 * How many pages past the anchor's page the walk looks for the anchor first when it goes on in a
 * new poll (`page` then is a guess, and placeRead reads the anchor's page if the guess misses):
 * contacts that arrive in front of the walk move the anchor on, about as far as the walk last
 * found it moved between two polls (`moved`, noteMoved). Where a page arrived between two polls,
 * the anchor's page held what the walk had read, the page after it the anchor at its end, and a
 * poll of 2 requests read no contact the walk had not: at Requests per Minute 8 with polls 5
 * minutes apart, 25 contacts a poll, the activation's first walk stood still until the arrivals
 * stopped (docs/trigger-open-schedules.md, item 25). The anchor's ids end its page, so its last
 * moves ceil(moved / page size) pages on. Oldest first, contacts arrive after it, and the walk
 * reads the anchor's page.
 */
export function pagesAhead(moved: number | undefined, pageSize: number | undefined): number {
	if (!moved || !pageSize) return 0;
	return Math.min(MAX_PAGES_AHEAD, Math.ceil(moved / pageSize));
}

/** The furthest the guess goes (a poll's share of pages at the most Requests per Minute). */
const MAX_PAGES_AHEAD = 1_000;

/**
 * How far the anchor moved on since its read, from a page the walk read looking for it as it went
 * on in this poll (the guess, the anchor's page, or `from` when the anchor's page did not hold
 * it): where the page holds the anchor, the anchor's distance from the end of its old page (the
 * page before `from`); after a guess that missed it, 0 (it moved less, or more, than guessed: the
 * next poll reads the anchor's page first); else unknown. Measured where the anchor is found,
 * never from the count: a walk held for polls by a share of 1 kept an anchor whose count was hours
 * old, guessed from its growth at each poll, missed, and both requests of every poll went to the
 * guess and the anchor's page (the property test, seed 88, schedule 2059: 60 of 67 never came).
 */
function movedOn(
	read: ReadPage,
	at: number,
	from: number,
	guessed: boolean,
	before: number | undefined,
): number | undefined {
	const { pageSize } = read;
	if (at >= 0) return Math.max(0, (read.page - (from - 1)) * pageSize + at - (pageSize - 1));
	return guessed ? 0 : before;
}

/**
 * Keeps on the position's anchor how far it moved (movedOn) when `read`, in which the anchor is at
 * `at` (-1: not there), is a page the walk read looking for it as it went on in this poll.
 */
export function noteMoved(position: WalkPosition, read: ReadPage, at: number): void {
	const { anchor, readingBack } = position;
	if (!anchor) return;
	const { wentOn, missedGuess } = handedOn(position);
	const from = readingBack?.recheck ? readingBack.from : wentOn;
	if (from === undefined) return;
	const guessed = isGuess(position, read.page);
	const moved = movedOn(read, at, from, guessed, anchor.moved);
	position.anchor = moved === undefined ? anchor : { ...anchor, moved };
	if (guessed && at < 0 && read.page === from) hands.set(position, { missedGuess: read });
	// The anchor's page, read after a guess of `from` that missed, shows nothing moved between the
	// two reads (unmoved): the guess is `from` as it is now, and the walk takes it (usedGuess).
	else if (
		missedGuess &&
		at >= 0 &&
		read.page === from - 1 &&
		unmoved(missedGuess, read, at, anchor)
	)
		hands.set(position, { usable: missedGuess });
}

/** Whether `page` is a guess: read past the anchor's page as the walk goes on in a new poll. */
export function isGuess(position: WalkPosition, page: number): boolean {
	const { readingBack } = position;
	return readingBack?.recheck === true && page >= readingBack.from;
}

/**
 * The page the walk reads next when it is the guess read earlier in the poll (noteMoved), or
 * undefined. A guess of `from` that missed (no contact arrived since the last poll, after a poll
 * that a page of arrivals had moved the anchor on) cost the request the walk had for its page:
 * with a page arriving every other poll, a poll of 2 requests read nothing new at any poll
 * (helper-81: at pages of 10, 208 polls instead of 16).
 */
export function usedGuess(position: WalkPosition): ReadPage | undefined {
	const page = hands.get(position)?.usable;
	if (!page) return undefined;
	hands.delete(position);
	return page.page === position.page ? page : undefined;
}

/**
 * Whether the guess `a` and the anchor's page `b` (the anchor's last id at `at`) show nothing
 * moved between the two reads: they counted as many, and the anchor stands where the change of the
 * count since its own read puts it, were all of that change in front of it (its ids ended its
 * page). With the count equal between the two reads alone, a contact deleted in front of the walk
 * before the poll (so one stood after the anchor on its page) and one arriving in front between
 * the reads (pushing it onto the guess's page, read before) left it on neither read (helper-82,
 * attacking cc01ba2: pages of 2, contact 7); the anchor then stood a place further on than the
 * count said. Changes that cancel out both between the polls (one deleted in front, one added
 * behind) and between the two reads (one added in front, one deleted behind) still hide it: the
 * kind of race left open between two pages of one poll (docs/trigger.md).
 */
const unmoved = (a: ReadPage, b: ReadPage, at: number, anchor: { total?: number }) =>
	a.total !== undefined &&
	a.total === b.total &&
	anchor.total !== undefined &&
	at === b.pageSize - 1 + (b.total - anchor.total);

/**
 * What one read of a poll hands on to the next read alone, keyed by walkStep's copy of the
 * position (a new object each poll, so nothing passes to the next poll): the page a recheck that
 * missed the anchor goes on from (noteMoved measures there), a guess of `from` that missed while
 * the walk reads the anchor's page, or that guess once the walk may take it (usedGuess).
 */
interface HandedOn {
	wentOn?: number;
	missedGuess?: ReadPage;
	usable?: ReadPage;
}

const hands = new WeakMap<WalkPosition, HandedOn>();

/** What the read before handed on, taken (noteMoved): the next read gets what this one hands on. */
function handedOn(position: WalkPosition): HandedOn {
	const handed = hands.get(position) ?? {};
	hands.delete(position);
	return handed;
}

/** A recheck missed the anchor, and the walk reads `from` next (noteMoved measures it there). */
export function wentOnFrom(position: WalkPosition, from: number): void {
	hands.set(position, { wentOn: from });
}

/**
 * Whether the read just placed was a recheck that missed the anchor, and the walk goes on where
 * it stopped (wentOnFrom). Contacts added before the anchor may have moved it pages on: the pages
 * up to it hold contacts the walk read, dated before the last it read oldest first (after it
 * newest first), and compared with that date they made the list look in no order. Oldest first,
 * the next poll then did not recheck, and a contact a deletion moved back onto read pages came
 * after the activation (the property test, seed 91, schedule 9725). So the order is watched from
 * the next page on, not from that date. Only there: where the recheck meets the anchor, the
 * contacts after it go on from that date, and a list in no order shows it there (helper-87: with
 * every recheck forgetting the date, a list in no order read a page a poll stayed newest first,
 * and a contact enriched 5 hours before the activation came).
 */
export function wentOn(position: WalkPosition): boolean {
	return hands.get(position)?.wentOn !== undefined;
}
