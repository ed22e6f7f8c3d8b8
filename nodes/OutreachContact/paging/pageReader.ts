import { NodeApiError } from 'n8n-workflow';

import { toNodeError, toWholeNumber } from '../helpers/input';
import { searchContacts } from '../transport/api';
import { Withheld } from '../transport/retry';
import type { RequestContext } from '../transport/request';
import type { Contact, SearchCondition } from '../types';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_ASKED } from './pageCursor';
import { MAX_REQUESTS_PER_WALK } from './searchPages';

/** One page as the service served it. */
export interface ReadPage {
	page: number;
	contacts: Contact[];
	/** The page size the service reported (or the one asked, when it reported none). */
	pageSize: number;
	/** `total_contacts`, when reported. */
	total?: number;
	/** The number of pages of the list: `total_pages`, else from `total_contacts`. */
	pages?: number;
	/** True when the page was past the end (404 for a page after the first). */
	gone?: boolean;
}

/**
 * Reads single pages of one search, in any order (the trigger's reads jump: the last page, a
 * page found by bisection). Every page in one size: the one the service served first, so that
 * page numbers keep meaning the same positions. Bounded like every walk: `take()` is asked
 * before each request (false: no request, undefined back) and no reader sends more than
 * MAX_REQUESTS_PER_WALK. A page past the end comes back empty with `gone`.
 */
export class PageReader {
	private sentCount = 0;

	private readonly cache = new Map<number, ReadPage>();

	constructor(
		private readonly ctx: RequestContext,
		private readonly conditions: SearchCondition[],
		private size: number | undefined,
		private readonly take: () => boolean,
	) {}

	/** The page size every page is read in (known after the first answer). */
	get pageSize(): number | undefined {
		return this.size;
	}

	get sent(): number {
		return this.sentCount;
	}

	/**
	 * The page, from this reader's cache when it read it already (unless `fresh`: read it again,
	 * the list may have moved since); undefined when out of budget.
	 */
	async read(page: number, fresh = false): Promise<ReadPage | undefined> {
		const cached = fresh ? undefined : this.cache.get(page);
		if (cached) return cached;
		if (!this.maySend()) return undefined;
		const asked = this.size ?? PAGE_SIZE_ASKED;
		// The first send took its request above; each retry takes one more, and a retry the budget
		// refuses ends the read (Withheld) like a page the budget refused.
		let retry = false;
		const permit = () => (retry ? this.maySend() : (retry = true));
		let answer;
		try {
			answer = await searchContacts(this.ctx, this.conditions, page, asked, { permit });
		} catch (error) {
			if (error instanceof Withheld) return undefined;
			const status = error instanceof NodeApiError ? Number(error.httpCode) : undefined;
			// The service refused the large size asked first: ask again with the documented default.
			if (this.size === undefined && (status === 400 || status === 422)) {
				this.size = DEFAULT_PAGE_SIZE;
				return await this.read(page);
			}
			if (status === 404 && page > 1) {
				const gone: ReadPage = { page, contacts: [], pageSize: asked, gone: true };
				this.cache.set(page, gone);
				return gone;
			}
			throw toNodeError(this.ctx.getNode(), error);
		}
		const p = answer.pagination;
		const served = toWholeNumber(p?.page_size);
		const pageSize = served !== undefined && served > 0 ? served : asked;
		this.size ??= pageSize;
		const total = toWholeNumber(p?.total_contacts);
		const totalPages = toWholeNumber(p?.total_pages);
		const read: ReadPage = {
			page,
			contacts: answer.contacts,
			pageSize,
			total: total !== undefined && total >= 0 ? total : undefined,
			pages:
				totalPages !== undefined && totalPages >= 0
					? totalPages
					: total !== undefined && total >= 0
						? Math.ceil(total / pageSize)
						: undefined,
		};
		this.cache.set(page, read);
		return read;
	}

	/** Takes one request of the budget and of this reader's bound; false: send nothing. */
	private maySend(): boolean {
		if (this.sentCount >= MAX_REQUESTS_PER_WALK || !this.take()) return false;
		this.sentCount++;
		return true;
	}

	/** True when `page` came in the size this reader reads in (else its positions are others). */
	fits(page: ReadPage): boolean {
		return this.size === undefined || page.pageSize === this.size;
	}
}
