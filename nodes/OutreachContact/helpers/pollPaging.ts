/**
 * Which search page to ask for next, so that a walk covers every position of the result list
 * even when the service serves a different page size than asked, or the list grows meanwhile.
 * Pure: the caller sends the requests and reports each answer with `record`.
 */

/**
 * The page size asked for. The interface documents 100 as the default and shows no maximum,
 * so 100 is the largest size known to be accepted. Whatever size the service reports in
 * `pagination.page_size` is used for every later page.
 */
export const REQUESTED_PAGE_SIZE = 100;

export interface PageRequest {
	page: number;
	pageSize: number;
}

export interface ReportedPagination {
	total_contacts?: unknown;
	page?: unknown;
	total_pages?: unknown;
	page_size?: unknown;
}

function wholeNumber(value: unknown, min: number): number | undefined {
	const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	return typeof n === 'number' && Number.isInteger(n) && n >= min ? n : undefined;
}

/**
 * Page p of size s holds the positions [(p - 1) * s, p * s) of the result list.
 *
 * - The walk keeps `covered`: every position below it has been read. The next page is the one
 *   that holds position `covered`, in the size the service last reported, so a page size that
 *   changes between answers can make pages overlap (read twice, deduplicated by the caller) but
 *   never leaves a gap.
 * - `total_pages` is read again from every answer: if the list grows while paging (contacts
 *   created meanwhile), the walk goes on to the new last page; if it shrinks, it stops earlier.
 * - When an answer lacks `total_pages`, it is derived from `total_contacts`; without either, a
 *   full page means "there may be more" and a short page ends the walk.
 *
 * Contacts created while paging push others to later positions (the service's order is not
 * known: new ones may be inserted anywhere). Such contacts show up twice, which the caller
 * deduplicates by id; none is skipped. Only contacts leaving the result list during the walk
 * (deleted, or past the oldest day of the window at midnight) could move others to a page
 * already read; those are picked up by the next poll.
 */
export class PageCursor {
	private pageSize = REQUESTED_PAGE_SIZE;

	private covered = 0;

	private totalPages: number | undefined;

	private answers = 0;

	get requests(): number {
		return this.answers;
	}

	/** The next page to fetch, or undefined when the walk is complete. */
	next(): PageRequest | undefined {
		const page = Math.floor(this.covered / this.pageSize) + 1;
		if (this.totalPages !== undefined && page > this.totalPages) return undefined;
		return { page, pageSize: this.pageSize };
	}

	/** Records the answer to `asked`: its pagination block and how many contacts it held. */
	record(asked: PageRequest, pagination: ReportedPagination | undefined, received: number): void {
		this.answers++;
		const p = pagination ?? {};
		const size = wholeNumber(p.page_size, 1) ?? asked.pageSize;
		const start = (asked.page - 1) * size;
		if (start <= this.covered) this.covered = Math.max(this.covered, start + size);
		this.pageSize = size;

		const totalPages = wholeNumber(p.total_pages, 0);
		const totalContacts = wholeNumber(p.total_contacts, 0);
		if (totalPages !== undefined) {
			this.totalPages = totalPages;
		} else if (totalContacts !== undefined) {
			this.totalPages = Math.ceil(totalContacts / size);
		} else {
			this.totalPages = received >= size ? asked.page + 1 : asked.page;
		}
	}
}
