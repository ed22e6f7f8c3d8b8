import type { PageReader, ReadPage } from '../../paging/pageReader';
import type { Order } from './serviceTime';

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
): Promise<NewEnd> {
	if (order === 'newest') {
		const first = await reader.read(1);
		return { first, lastPage: first?.pages };
	}
	const out: NewEnd = {};
	const size = reader.pageSize;
	const guess = size && total ? Math.max(1, Math.ceil(total / size)) : 1;
	let first = await reader.read(guess);
	if (first && first.contacts.length > 0 && reachesHandled(first)) out.handledAt = guess;
	// Past the end (the list shrank since the last poll) or no count: count again on page 1.
	if (first && (first.gone || first.pages === undefined) && guess > 1) first = await reader.read(1);
	let lastPage = first?.pages;
	// The window's count, kept though the last page is refused: else the count of the last poll
	// stays, and every poll guesses past the end, counts again and is refused the same page.
	if (first && !first.gone && reader.fits(first)) out.counted = first;
	if (first && lastPage !== undefined && lastPage >= 1 && lastPage !== first.page) {
		first = await reader.read(lastPage);
		lastPage = first?.gone ? undefined : (first?.pages ?? lastPage);
	}
	return { ...out, first, lastPage };
}
