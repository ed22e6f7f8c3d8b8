import type { PageReader, ReadPage } from '../../paging/pageReader';
import { pageAllowance } from '../../paging/pager';
import type { Contact } from '../../types';
import { idKey } from './ledger/candidates';
import { CUTOFF_RANK, OrderWatch, type ResultOrder, type TimeOf } from './serviceTime';
import { MAX_STATE_BYTES, utf8Bytes, type Walk } from './ledger/shapes';
import { anchorOf, placeRead, recheckOnResume } from './walkAnchor';
import { usedGuess, wentOn } from './anchorGuess';

/**
 * A read of every page of a window that goes on over as many polls as it needs (docs/trigger.md,
 * "Without an order"). Each poll reads from where the last stopped, as far as its budget and
 * Max Contacts per Poll allow, and what it finds new is emitted (or, by a recording walk,
 * recorded) as it goes. New contacts can land on pages already read: they come with the next
 * walk, which the floor waits for. A walk that stands for "what was there" keeps an anchor to
 * find where it stopped when the list moves (walkAnchor.ts).
 *
 * A walk's position as walkStep reads and moves it (its window stays the walk's).
 */
export type WalkPosition = Omit<Walk, 'days'>;

export interface WalkStep {
	/** The pages read, to collect: without the contacts above the walk's ceiling (they wait). */
	pages: ReadPage[];
	position: WalkPosition;
	/**
	 * True when the walk read its last page, or stopped early (`inconsistent`): the next poll starts
	 * a new one, or, past its allowance, the activation's sample and first walk go on after it
	 * (sampling.ts, cutShort; eligible.ts).
	 */
	complete: boolean;
	/** After a complete walk: the order its pages showed (undefined: too few times to tell). */
	order?: ResultOrder;
	/** Set when the service's pagination did not add up and the walk ended early: what came back. */
	inconsistent?: string;
}

export interface WalkInput {
	reader: PageReader;
	position: WalkPosition;
	maxPerPoll: number;
	/** Ids of new contacts the poll read on other pages (the new end's): they count toward it. */
	taken?: unknown[];
	time: TimeOf;
	/** True for a contact that is not new. */
	isKnown(contact: Contact): boolean;
	/** Dates after this are not taken for the walk's newest (they wait, see the collector). */
	horizon: number;
	/** At most this many pages this poll (the budget still applies). */
	maxPages?: number;
	/** The walk's ceiling, decided on its first page (walkCeiling, below); none when absent. */
	ceilingOf?(first: ReadPage): number | undefined;
	/**
	 * Whether the walk stands for "what was there" (the eligible events' walks, the sample's, the
	 * walk after an update, New Contact's handing on its first point): it reads back (walkAnchor.ts).
	 */
	whole?: boolean;
	/**
	 * Whether the walk records what was there (the activation's first walk, the sample's walk, the
	 * walk after an update; every New Contact walk): going on in a new poll, one also `whole`
	 * rechecks (walkAnchor.ts, recheckOnResume).
	 */
	records?: boolean;
}

export async function walkStep(input: WalkInput): Promise<WalkStep> {
	const { reader, isKnown, time } = input;
	const position: WalkPosition = { ...input.position };
	const watch = new OrderWatch(time, position);
	if (input.whole && input.records) recheckOnResume(position, reader.pageSize);
	const pages: ReadPage[] = [];
	const fresh = new Set<unknown>(input.taken);
	const takenCount = fresh.size;
	let previous: ReadPage | undefined;
	let refresh = false;
	let readBack = 0;
	let pushedOn = false;
	for (;;) {
		if (input.maxPages !== undefined && pages.length - readBack >= input.maxPages) {
			return { pages, position, complete: false };
		}
		// From a read back on, each page as it is now (the reader keeps what it read earlier in the
		// poll, and contacts added meanwhile may have moved it on), or as guessed (anchorGuess.ts).
		const readingBack = position.readingBack !== undefined;
		refresh ||= readingBack;
		const fetched = usedGuess(position) ?? (await reader.read(position.page, refresh));
		if (!fetched) return { pages, position, complete: false };
		const read = input.whole ? placeRead(fetched, position, time) : fetched;
		if (read === 'skip' && wentOn(position)) watch.forgetLast(); // after a recheck that missed
		if (read === 'skip') continue;
		// The rest of a page read back (the recheck's page too) does not count toward the poll's
		// pages, nor does one page a poll that the list pushed on: contacts added in front of the
		// walk (newest first) moved its anchor past the page's half. Counted, a walk reading a page
		// a poll stood still where a page a poll arrived (triggerPushedWalk.test.ts). One a poll: a
		// service that serves one page for every number made each poll read its share (helper-78).
		const pushed: boolean = !pushedOn && read.contacts.length * 2 < fetched.contacts.length;
		pushedOn ||= pushed;
		if (readingBack || pushed) readBack++;
		// Decided again at every first page; undefined (none) replaces one stored before.
		if (position.page === 1 && !position.anchor && input.ceilingOf)
			position.ceiling = input.ceilingOf(read);
		const before = fresh.size;
		let holds = false;
		for (const c of read.contacts) {
			if (isKnown(c) || aboveCeiling(c, position.ceiling, time)) continue;
			fresh.add(c?.id);
			holds = true;
		}
		// More new contacts than one poll emits: a page that would overflow is left for the next poll
		// (unless it is the walk's first with any: its contacts then compete by age with the new
		// end's, and the walk stays on it), so that the oldest read are emitted and no page with a
		// contact left out is passed over. A page without new contacts is passed, whatever the new
		// end holds.
		const over = holds && fresh.size > input.maxPerPoll;
		if (over && before > takenCount) return { pages, position, complete: false };
		if (previous && read.contacts.length > 0 && sameIds(previous.contacts, read.contacts)) {
			const inconsistent = `page ${read.page} repeated page ${previous.page}; the walk ended there`;
			return { pages, position, complete: true, order: watch.order, inconsistent };
		}
		// Contacts that leave the window while the walk reads (a day passes, a contact is deleted)
		// move those after them onto pages already read, where this walk never meets them: a walk
		// whose list shrank proves nothing (survey 25: after a pause of 45 hours, 7 lost). A page
		// past the end that an earlier page said was there shows it too. A whole walk reads back.
		if (read.gone && position.page > 1 && !input.whole) position.shrank = true;
		if (read.total !== undefined) {
			const fewer = position.total !== undefined && read.total < position.total;
			if (fewer && !input.whole) position.shrank = true;
			position.total = Math.max(position.total ?? 0, read.total);
		}
		if (position.limit === undefined && read.pages !== undefined) {
			position.limit = pageAllowance(Math.max(read.pages, position.page));
		}
		const { ceiling } = position;
		const below = read.contacts.filter((c) => !aboveCeiling(c, ceiling, time));
		pages.push(below.length === read.contacts.length ? read : { ...read, contacts: below });
		previous = read;
		// A page the walk stays on is read again by the next poll: it counts when the walk leaves it,
		// else a contact dated ahead would count once a read and set the walk's newest by itself.
		if (over) return { pages, position, complete: false };
		// The order is watched on the contacts after the anchor: a newest-first page that overlaps
		// the one before (contacts arrived while the walk read) looked like a list in no order, and
		// Contact Enriched at 1,000 a day then walked the window at every poll (backlogRange.ts).
		watch.add(read.contacts);
		Object.assign(position, watch.snapshot());
		// The walk's newest is the CUTOFF_RANK-th newest it read, so that one or two contacts dated
		// ahead do not set it; fewer dates than that set none. A date read again counts once: a
		// contact the list moved onto the next page is read twice, and two dated ahead, one of them
		// twice, set it by themselves (two contacts of one date count once too: it is lower, not
		// higher, than it would be).
		for (const c of read.contacts) {
			const t = time(c);
			if (t === undefined || t > input.horizon || position.tops?.includes(t)) continue;
			position.tops = [...(position.tops ?? []), t].sort((a, b) => b - a).slice(0, CUTOFF_RANK);
			position.newest = position.tops.length < CUTOFF_RANK ? null : position.tops[CUTOFF_RANK - 1];
		}
		// Of the page as it came (placeRead may have taken only the contacts after the anchor).
		const last =
			fetched.gone ||
			fetched.contacts.length === 0 ||
			(fetched.pages !== undefined
				? position.page >= fetched.pages
				: fetched.contacts.length < fetched.pageSize);
		if (last) return { pages, position, complete: true, order: watch.order };
		if (position.limit !== undefined && position.page >= position.limit) {
			// An import while the walk reads looks the same as a pager that never ends: say what came back.
			const reported = `${read.pages ?? 'more'} pages (${read.total ?? 'no'} contacts)`;
			const inconsistent = `page ${position.page} reported ${reported}, past the ${position.limit} its allowance gave (contacts added while the walk read, or a count that never ends); the walk stopped there: the activation's sample and first walk go on after it with an allowance from the count then (within their limits), other walks start again from page 1`;
			// Left as any page, so that a walk that goes on (sampling.ts, cutShort) does not take it
			// again: taken twice, its dates fell and the walk took its list for one in no order.
			if (input.whole) position.anchor = anchorOf(fetched, read, position.anchor);
			position.page++;
			return { pages, position, complete: true, order: watch.order, inconsistent };
		}
		// The walk leaves the page: where it stopped, should the list shrink (walkAnchor.ts).
		if (input.whole) position.anchor = anchorOf(fetched, read, position.anchor);
		position.page++;
		if (fresh.size >= input.maxPerPoll && (holds || takenCount === 0))
			return { pages, position, complete: false };
	}
}

function sameIds(a: Contact[], b: Contact[]): boolean {
	return a.length === b.length && a.every((c, i) => c?.id === b[i]?.id);
}

/**
 * The ceiling of a walk without an order (docs/trigger.md, "Without an order"). Such a walk
 * meets new contacts in no order and emits them as it finds them, so it has to remember every one
 * it emitted until it is complete and the floor passes them. A walk that would find more than
 * fit in the state's bound emits only the oldest of them, those created up to its ceiling; the newer
 * ones wait for the next walks, each of which goes on from the ceiling of the one before.
 * The bytes of ids a walk may add: what its state leaves of this share of the bound...
 */
const WALK_SHARE = 0.5;

/** ...and at least this much, so that a walk always gets on (an eighth of the bound). */
export const MIN_WALK_BYTES = MAX_STATE_BYTES / 8;

/**
 * The bytes of ids a walk may add to a state of `stateBytes`: what is left of half the bound
 * (the estimate of a walk's new contacts comes from one page; the other half is margin for it,
 * for the contacts created while the walk reads, and for the overlap below the floor).
 */
export function walkBytes(stateBytes: number): number {
	return Math.max(MIN_WALK_BYTES, WALK_SHARE * MAX_STATE_BYTES - stateBytes);
}

/** One id in `seen` as JSON: `"id":1781083169774,` (the quotes, the time, colon and comma). */
function entryBytes(key: string): number {
	return utf8Bytes(JSON.stringify(key)) + 15;
}

/**
 * The ceiling of a walk, from its first page (a sample of the window when it has no order):
 * undefined when the new contacts of the window fit in `allowedBytes` (walkBytes), by the share of
 * them on that page and the count of results; else the creation time under which about that
 * many lie. It is at least the oldest new contact of the page, so that every walk emits some.
 */
export function walkCeiling(
	first: ReadPage,
	isNew: (contact: Contact) => boolean,
	horizon: number,
	allowedBytes: number,
	time: TimeOf,
): number | undefined {
	const times: number[] = [];
	let bytes = 0;
	for (const c of first.contacts) {
		const t = time(c);
		const key = idKey(c?.id);
		if (t === undefined || key === undefined || t > horizon || !isNew(c)) continue;
		times.push(t);
		bytes += entryBytes(key);
	}
	if (times.length === 0) return undefined;
	const count = Math.max(first.total ?? 0, first.contacts.length);
	const estimated = (bytes * count) / first.contacts.length;
	if (estimated <= allowedBytes) return undefined;
	times.sort((a, b) => a - b);
	const k = Math.max(1, Math.floor((times.length * allowedBytes) / estimated));
	return times[k - 1];
}

/** Whether a contact was created after the ceiling (it waits for a later walk). */
export function aboveCeiling(contact: Contact, ceiling: number | undefined, time: TimeOf): boolean {
	if (ceiling === undefined) return false;
	const t = time(contact);
	return t !== undefined && t > ceiling;
}
