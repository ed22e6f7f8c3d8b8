import type { Pagination } from '../types';
import { toWholeNumber } from '../helpers/input';

/**
 * The page size asked for. The interface documents 100 as the default and shows no maximum:
 * we ask for large pages and use whatever size the service reports in `pagination.page_size`
 * for every later page. A service that refuses the large size (400/422) is asked again with
 * the documented default (`DEFAULT_PAGE_SIZE`).
 */
export const PAGE_SIZE_ASKED = 1000;
export const DEFAULT_PAGE_SIZE = 100;

export interface PageRequest {
	page: number;
	pageSize: number;
}

/** A pagination block as received: any field may be missing or of another type. */
export type ReceivedPagination = { [K in keyof Pagination]?: unknown };

function atLeast(value: unknown, min: number): number | undefined {
	const n = toWholeNumber(value);
	return n !== undefined && n >= min ? n : undefined;
}

/**
 * What a pagination block says, read as received: the size served (else the one `asked`), the
 * count of results, and the number of pages (`total_pages`, else from `total_contacts`).
 */
export function readPagination(p: ReceivedPagination | undefined, asked: number) {
	const pageSize = atLeast(p?.page_size, 1) ?? asked;
	const total = atLeast(p?.total_contacts, 0);
	const pages =
		atLeast(p?.total_pages, 0) ?? (total === undefined ? total : Math.ceil(total / pageSize));
	return { pageSize, total, pages };
}

/**
 * Which search pages to ask for next. Page p of size s holds the positions [(p - 1) * s, p * s)
 * of the result list; every position below `covered` has been read. The next page is the one
 * holding position `covered`, in the size the service last reported, so a size that changes
 * between answers can make pages overlap (read twice, deduplicated by the caller) but never
 * leaves a gap. `total_pages` is read again from every answer, so the walk follows a list
 * that grows or shrinks while it is read; without it, `total_contacts` gives it, and without
 * either a full page means "there may be more". With a `limit`, no page past it is asked.
 */
export class PageCursor {
	private pageSize: number;

	private covered = 0;

	private totalPages: number | undefined;

	constructor(private readonly limit?: number) {
		this.pageSize = limit === undefined ? PAGE_SIZE_ASKED : Math.min(limit, PAGE_SIZE_ASKED);
	}

	/** The next page to fetch, or undefined when the walk is complete. */
	next(): PageRequest | undefined {
		return this.nextPages(1)[0];
	}

	/**
	 * Up to `max` pages from the next one on, all known to exist (only the next one before the
	 * first answer), or none when the walk is complete.
	 */
	nextPages(max: number): PageRequest[] {
		if (this.limit !== undefined && this.covered >= this.limit) return [];
		const first = Math.floor(this.covered / this.pageSize) + 1;
		let last = this.totalPages === undefined ? first : Math.min(this.totalPages, first + max - 1);
		if (this.limit !== undefined) last = Math.min(last, Math.ceil(this.limit / this.pageSize));
		const pages: PageRequest[] = [];
		for (let page = first; page <= last; page++) pages.push({ page, pageSize: this.pageSize });
		return pages;
	}

	/** After the service refused the size asked: true when a smaller size is left to try. */
	useDefaultSize(): boolean {
		if (this.pageSize <= DEFAULT_PAGE_SIZE) return false;
		this.pageSize = DEFAULT_PAGE_SIZE;
		return true;
	}

	/** Records the answer to `asked`: its pagination block and how many contacts it held. */
	record(asked: PageRequest, pagination: ReceivedPagination | undefined, received: number): void {
		const { pageSize: size, pages } = readPagination(pagination, asked.pageSize);
		const start = (asked.page - 1) * size;
		if (start <= this.covered) this.covered = Math.max(this.covered, start + size);
		this.pageSize = size;
		// Without any totals, a full page means "there may be more".
		this.totalPages = pages ?? (received >= size ? asked.page + 1 : asked.page);
	}
}
