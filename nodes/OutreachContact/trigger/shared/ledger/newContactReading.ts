import type { ReadPage } from '../../../paging/pageReader';
import type { NewContactBase, NewContactState } from './shapes';

/**
 * What a New Contact read hands the ledger (newContact.ts, the one writer): the pages it read and
 * what they prove, and the positions its mode learned, which the ledger stores as they are but for
 * the times it holds back (atPresent, withBoundaryMarks).
 */

/** What a New Contact read learned of the service: its mode's positions, to store as they are. */
export type NewContactLearned =
	| Omit<Extract<NewContactState, { mode: 'ordered' }>, keyof NewContactBase | 'orderedSample'>
	| Pick<Extract<NewContactState, { mode: 'walking' }>, 'mode' | 'walk'>;

/** What one New Contact poll read, for the ledger. */
export interface NewContactReading {
	pages: ReadPage[];
	/** How far the pages reach without a gap (their third newest), when they prove it. */
	reach?: number;
	/** True when the pages join the handled contacts: what they leave waiting is newer. */
	reachesHandled: boolean;
	/** New contacts wait on pages this poll did not read. */
	pagesWaiting?: boolean;
	/** Set only while they wait: the oldest creation time read, which the floor does not pass. */
	low?: number;
	/** A walk read its last page. */
	complete?: boolean;
	/** And every page of it, the list neither shrinking nor breaking: it met every contact. */
	whole?: boolean;
	/**
	 * The sample's walk ended short of its window's newest (sampling.ts, `cutShort`): `learned`
	 * holds where it goes on.
	 */
	cutShort?: 'grown' | 'shrank';
	learned: NewContactLearned;
	pageSize?: number;
	inconsistent?: string;
}

/**
 * What a read learned, as stored: not past the service's present. A round's mark of the rolling
 * check (the third newest date its read met) stops there: contacts dated ahead are not searchable
 * yet (survey 8: the floor passed a contact searchable 17 minutes late). So does the newest a walk
 * read, which the next walk goes on from (survey 36: with dates without a zone the lag may be hours
 * more than the reader knew; the floor passed 761 contacts).
 */
export function atPresent(learned: NewContactLearned, present: number): NewContactLearned {
	if (learned.mode !== 'ordered') {
		const { walk } = learned;
		if (!walk || walk.previous === null || walk.previous <= present) return learned;
		return { ...learned, walk: { ...walk, previous: present } };
	}
	const { roundFrom, checkedFrom } = learned;
	return {
		...learned,
		...(roundFrom === undefined ? {} : { roundFrom: Math.min(roundFrom, present) }),
		...(checkedFrom === undefined ? {} : { checkedFrom: Math.min(checkedFrom, present) }),
	};
}

/**
 * What the ledger adds to the read's boundary (boundaryRead.ts). Its `emittedTo`: what this poll
 * emitted last, else the read's, else `held`, the stored one; not capped at the present (helper-30:
 * pages of 1 or 2 stalled so). Newest first, `fullPoll` when this poll left at least Max Contacts
 * per Poll waiting: the next poll reads from the boundary's page, not the pages before it
 * (helper-64's E364: at Max Contacts per Poll 1 and a share of 2, every second poll read the two
 * pages before it and emitted nothing). A poll the budget stopped before its range keeps the mark.
 */
export function withBoundaryMarks(
	learned: NewContactLearned,
	to?: number,
	held?: number,
	fullPoll = false,
): NewContactLearned {
	if (learned.mode !== 'ordered' || !learned.boundary) return learned;
	const emittedTo = to ?? learned.boundary.emittedTo ?? held;
	const marked = fullPoll && learned.order === 'newest';
	const boundary = { ...learned.boundary, emittedTo, ...(marked ? { fullPoll } : {}) };
	return { ...learned, boundary };
}
