import type { PageReader, ReadPage } from '../../paging/pageReader';
import { CUTOFF_RANK, type Order } from './serviceTime';

/** Where an ordered read finds the new end (orderedRead.ts). */
export interface NewEnd {
	/** The new end's page: page 1 newest first, the last page oldest first. */
	first?: ReadPage;
	lastPage?: number;
	/** Oldest first: the page of the last count, when it reaches the handled ones (new ones are after it). */
	handledAt?: number;
	/** Oldest first: the answer that gave the count, before the last page is read. */
	counted?: ReadPage;
}

/**
 * The new end of an ordered window: page 1 newest first; oldest first, the last page, found
 * from the count of the last poll (`total`), counted again on page 1 when that guess is past
 * the end or the service gives no count.
 */
export async function readNewEnd(
	reader: PageReader,
	order: Order,
	total: number | undefined,
	reachesHandled: (p: ReadPage) => boolean,
	/**
	 * Oldest first: the most pages between the last count's page and the new end read first, and
	 * the requests the poll may still send (default: no cap).
	 */
	rising: { between: number; left?: () => number } = { between: 0 },
): Promise<NewEnd> {
	const { between } = rising;
	if (order === 'newest') {
		const first = await reader.read(1);
		return { first, lastPage: first?.pages };
	}
	const out: NewEnd = {};
	const size = reader.pageSize;
	const guess = size && total ? Math.max(1, Math.ceil(total / size)) : 1;
	let first = await reader.read(guess);
	if (first && first.contacts.length > 0 && reachesHandled(first)) out.handledAt = guess;
	// Grown since, a page that held fewer than CUTOFF_RANK contacts at the last count holds none
	// handled (the handled point is a range's third newest date): the page before it is read,
	// then it again, so that the pages from the handled ones to the new end are read rising (see
	// below). At 100,000 a day, pages of 50, every few polls bisected instead (20 requests).
	const held = size && total ? total - (guess - 1) * size : CUTOFF_RANK;
	const grew = first?.total !== undefined && total !== undefined && first.total > total;
	// Only with requests to spare: at a share of 2 with pages of 2 (every page holds fewer) the
	// two took the rolling check's request at every poll (`smallShare.test.ts`).
	const spare = (rising.left?.() ?? Infinity) > between + 2;
	if (first && !out.handledAt && grew && guess > 1 && held < CUTOFF_RANK && spare) {
		const before = await reader.read(guess - 1);
		// Refused, the copy read first stays: its count is kept, and the read goes on from it.
		const again = before && (await reader.read(guess, true));
		if (again) first = again;
	}
	// Past the end (the list shrank since the last poll) or no count: count again on page 1.
	if (first && (first.gone || first.pages === undefined) && guess > 1) first = await reader.read(1);
	let lastPage = first?.pages;
	// The window's count, kept though the last page is refused: else the count of the last poll
	// stays, and every poll guesses past the end, counts again and is refused the same page.
	if (first && !first.gone && reader.fits(first)) out.counted = first;
	if (first && lastPage !== undefined && lastPage >= 1 && lastPage !== first.page) {
		// The pages from the last count's page to the new end are read before it, rising: new
		// contacts go after them, and a backfill moves them on (two pages then share a contact), so
		// the pages the read from the new end then takes from the cache join without a gap
		// (adjoins judges a cached copy by its count: read earlier, it holds fewer). Read after the
		// new end, falling, every pair was unproved while contacts arrived, the new end's page
		// waited for the next poll, and the handled point fell behind: at 100,000 a day, pages of
		// 50, a bisection every few polls and contacts up to 4 minutes late (`npm run bench --
		// trigger`; 61 s before the joins). Only when the poll may send them all and the new
		// end's: one cut short reads nothing it can take, and at a small share the next poll
		// would be cut short at the same page.
		const count = lastPage - first.page;
		const fits = count - 1 <= between && (rising.left?.() ?? Infinity) >= count;
		if (first.page === guess && fits)
			for (let page = guess + 1; page < lastPage; page++) if (!(await reader.read(page))) break;
		first = await reader.read(lastPage);
		lastPage = first?.gone ? undefined : (first?.pages ?? lastPage);
	}
	return { ...out, first, lastPage };
}
