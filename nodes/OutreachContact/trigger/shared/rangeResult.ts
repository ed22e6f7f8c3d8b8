import type { ReadPage } from '../../paging/pageReader';
import type { Contact } from '../../types';
import { keepsOrder, keepsPlace, leftOut } from './orderCheck';
import type { OrderedInput, OrderedResult } from './orderedRead';
import { topOf } from './pageDates';

/** What an ordered read (orderedRead.ts, boundaryRead.ts) makes of the pages it took. */

/** Unknown contacts of pages, each once. */
export function unknownCount(pages: ReadPage[], isKnown: (c: Contact) => boolean): number {
	const ids = new Set<unknown>();
	for (const page of pages) for (const c of page.contacts) if (!isKnown(c)) ids.add(c?.id);
	return ids.size;
}

/**
 * A range that stops short of the new end, and where the next poll goes on: `at`, the page (from
 * the new end, at `count` results) of the range nearest the new end. Once the ledger took the
 * range, that page is the first from the new end to reach the handled contacts (contacts left
 * by Max Contacts per Poll are the newest of the range, on that page or before it; a range where
 * they are not proves no order, `keepsPlace`): the next poll reads from it toward the new end.
 * Every such range keeps the boundary, one of handled contacts alone too. A bisection from the
 * new end would settle behind contacts known but not handled (emitted above the handled point,
 * which moves only to a range's third newest date) on the same range at every poll. By
 * insertion, a range backfilled with dates below the handled point lowers it (while contacts
 * wait, it is where the read got to): a bisection from the new end settled pages back, and the
 * contacts after the same range never came (`regressions/insertion.test.ts`).
 */
export function waiting(
	result: OrderedResult,
	range: ReadPage[],
	at: number,
	count: number | undefined,
): OrderedResult {
	const goesOn = range.length > 0 && count !== undefined;
	return {
		...result,
		pagesWaiting: true,
		...(goesOn ? { boundary: { lo: Math.max(1, at), hi: Math.max(1, at), count } } : {}),
	};
}

/** The result of a read whose range is `range` (see OrderedResult). */
export function orderedResult(
	input: OrderedInput,
	range: ReadPage[],
	newEnd: ReadPage | undefined,
	total: number | undefined,
	lastPage: number | undefined,
	disordered: (range: ReadPage[]) => boolean,
): OrderedResult {
	const { seenBetween, order, time } = input;
	const fromNewEnd = newEnd !== undefined && range.includes(newEnd);
	const missing = seenBetween ? leftOut(range, fromNewEnd, { ...input, seenBetween }) : [];
	return {
		range,
		rangeTop: topOf(range, time),
		metTop: topOf(input.reader.pagesRead, time),
		ordered:
			!disordered(range) &&
			range.every((p) => keepsOrder([p.contacts], order, time)) &&
			keepsPlace(range, input),
		...(missing.length > 0 ? { leftOut: missing } : {}),
		total,
		lastPage,
	};
}
