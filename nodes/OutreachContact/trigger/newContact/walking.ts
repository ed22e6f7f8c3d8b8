import type { PageReader } from '../../paging/pageReader';
import type { Contact } from '../../types';
import type { NewContactReading } from '../shared/ledger/newContactReading';
import { cutShort, sampleWindow } from '../shared/ledger/sampling';
import type { Boundary, NewContactState } from '../shared/ledger/shapes';
import { storedBytes } from '../shared/ledger/stored';
import { DAY_MS, windowDays } from '../shared/serviceTime';
import { walkBytes, walkCeiling, walkStep, type WalkInput } from '../shared/walk';
import { ORDER_EVIDENCE } from '../shared/activationSample';

/**
 * New Contact without an order to trust: walks of the whole window, each going on from the
 * handled point the walk before left (docs/trigger.md, "Without an order").
 */

type WalkingState = Extract<NewContactState, { mode: 'walking' }>;
type NewContactWalk = NonNullable<WalkingState['walk']>;

/** The most days a walk's window is made wider than a poll's (a walk of more days cannot end). */
export const MAX_WIDENED = 64;

/**
 * A new walk of the whole window, after `previous` (the newest the last walk read). A walk may
 * take hours: its window is made `widened` days wider than a poll's (1; twice that of a walk that
 * outlasted its window, so that a walk on a small budget gets to its end).
 */
export function newWalk(
	floor: number,
	now: number,
	previous: number | null,
	widened = 1,
): NewContactWalk {
	const walk: NewContactWalk = {
		page: 1,
		days: windowDays(now + widened * DAY_MS, floor),
		newest: null,
		// Dates ahead of n8n's clock do not count: contacts created during the walk may be dated
		// below them, and the floor must wait for the walk.
		previous: previous === null ? null : Math.min(previous, now),
	};
	return widened > 1 ? { ...walk, widened } : walk;
}

/** What a step of the walk goes by: the walk's rules, n8n's clock and the window a poll needs. */
type WalkAt = Pick<WalkInput, 'isKnown' | 'time' | 'horizon' | 'maxPerPoll'> & {
	start: number;
	/** The service's present (zoneLag.ts), and where a new walk goes on from. */
	present: number;
	previous: number | null;
	window: number;
};

/** A step of the walk of the whole window (no order to trust), and what it learned. */
export async function readWalking(
	state: WalkingState,
	at: WalkAt,
	readerFor: (days: number) => PageReader,
): Promise<NewContactReading> {
	const { floor } = state;
	const { start, present, previous, window, ...rules } = at;
	// The walk that completes the sample reads the sample's window (sampling.ts).
	const { sampling } = state;
	let walk = state.walk ?? newWalk(floor, start, previous);
	if (sampling && !state.walk) walk = { ...walk, days: sampleWindow(sampling, start) };
	// After a pause of days the walk's window may no longer reach the floor: it starts again, wider.
	if (walk.days < window && !sampling)
		walk = newWalk(floor, start, walk.previous, Math.min(2 * (walk.widened ?? 1), MAX_WIDENED));
	const isNew = (c: Contact) => !rules.isKnown(c);
	const reader = readerFor(walk.days);
	// It emits nothing: no ceiling, no Max Contacts per Poll.
	const step = await walkStep({
		...rules,
		reader,
		position: walk,
		...(sampling ? { maxPerPoll: Infinity } : {}),
		// The walk after an update records what was there (priorFloor.ts), the sample's walk where
		// the activation's contacts end, a walk that hands on a first handled point what the N days
		// held (the first of N days; again after one that shrank, or after an order broke before
		// its check's first round): none of it may move past them (deletions and as many arrivals
		// between its polls hid that contacts moved back; one created 6 hours back never came,
		// helper-95). Not a walk after nothing (an empty account's first): it hands on nothing.
		whole:
			state.priorFloor !== undefined ||
			sampling !== undefined ||
			(state.handledTo === null && walk.previous !== null),
		records: true,
		ceilingOf: (first) =>
			sampling
				? undefined
				: walkCeiling(first, isNew, rules.horizon, walkBytes(storedBytes(state)), rules.time),
	});
	let next: NewContactWalk = { ...walk, ...step.position };
	const read: NewContactReading = {
		pages: step.pages,
		reachesHandled: false,
		inconsistent: step.inconsistent,
		learned: { mode: 'walking', walk: next },
	};
	if (!step.complete) return read;
	read.complete = true;
	read.whole = !step.inconsistent && !step.position.shrank;
	// Everything up to the newest the walk before read was there when this one started, and was
	// read unless the list shrank under the walk (walk.ts).
	if (walk.previous !== null && !step.inconsistent && !step.position.shrank)
		read.reach = Math.min(walk.previous, step.position.ceiling ?? Infinity);
	// Dates ahead of the service's present do not count (newWalk).
	const newest = step.position.newest ?? walk.previous;
	next = newWalk(floor, start, newest === null ? null : Math.min(newest, present));
	// Only a walk that read its window to the end hands over to an order: one that ended early (past
	// the pages its first answer allowed) or whose list shrank left contacts unread, and reads by
	// the order take every contact beyond the first handled one for handled. At Max Contacts per
	// Poll 1, 69 contacts created while a walk read 100 polls pushed 31 onto a page past its limit,
	// and the ordered reads after it passed them (survey seed 8400, schedule 750).
	// Nor one narrower than the poll's window: the sample's walk reads the sample's (after a pause,
	// a window of 4 days at day 4 left out the activation's import; helper-38).
	// Nor one that read fewer than ORDER_EVIDENCE contacts: two of a list by insertion oldest first
	// fell (a backfill after the one contact there), the reads by the order took page 1 and 2 for
	// the new end at every poll, a share of 1 left the rolling check no request, and the contacts
	// added after them never came (helper-56, g2-4366: 16 of 16). A list that small walks cheaply.
	const handsOver =
		!step.inconsistent &&
		!step.position.shrank &&
		walk.days >= window &&
		(step.position.total ?? ORDER_EVIDENCE) >= ORDER_EVIDENCE;
	read.learned =
		handsOver && (step.order === 'newest' || step.order === 'oldest')
			? {
					mode: 'ordered',
					order: step.order,
					checkedTo: 0,
					checkedFrom: state.handledTo ?? floor,
					...handedOver(step.position.total, reader.pageSize),
				}
			: { mode: 'walking', walk: next };
	// The sample's walk cut short goes on where it stopped, with a new allowance, or from page 1.
	const cut = sampling && cutShort(step.position, step.inconsistent);
	if (cut) read.cutShort = cut;
	if (cut === 'grown')
		read.learned = { mode: 'walking', walk: { ...walk, ...step.position, limit: undefined } };
	if (cut === 'shrank') read.learned = { mode: 'walking', walk: null };
	return read;
}

/**
 * Where the reads by the order go on from a walk that hands over to them: the walk read to the
 * new end, so the first of them searches for where the new contacts it left start (a bisection
 * between the second page from the new end and the far end, boundaryRead.ts), at the walk's
 * count, without reading the new end again. From the new end, the first handled contact it met
 * stood for all there is: by insertion, a backfill dated below the handled point then stood at
 * the new end, the rolling check ended its round at a second backfill dated below the floor, and
 * the contacts the walk left behind them never came (property run, seed 92, schedule 4662: oldest
 * first, pages of 1, 11 of 11). A list of one page has no second page: its reads start there.
 */
export function handedOver(
	total: number | undefined,
	pageSize: number | undefined,
): { count?: number; boundary?: Boundary } {
	if (total === undefined) return {};
	const pages = pageSize ? Math.ceil(total / pageSize) : 0;
	if (pages < 2) return { count: total };
	return { count: total, boundary: { lo: 2, hi: pages, count: total } };
}
