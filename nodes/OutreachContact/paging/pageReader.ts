import type { RequestContext } from '../transport/request';
import type { SearchCondition } from '../types';
import { Pager, type ReadPage } from './pager';

export type { ReadPage } from './pager';

/**
 * Reads single pages of one search, in any order (the trigger's reads jump: the last page, a
 * page found by bisection), through a Pager. Every page in one size: the one the service served
 * first, so that page numbers keep meaning the same positions. Bounded like every walk: `take()`
 * is asked before each request (false: no request, undefined back) and no reader sends more than
 * MAX_REQUESTS_PER_WALK. A page past the end comes back empty with `gone`.
 */
export class PageReader {
	private readonly pager: Pager;

	private readonly cache = new Map<number, ReadPage>();

	/** The turn each answer came in (1 for the first), to tell which of two was read later. */
	private readonly turns = new WeakMap<ReadPage, number>();

	private turn = 0;

	constructor(
		ctx: RequestContext,
		conditions: SearchCondition[],
		size: number | undefined,
		take: () => boolean,
		/** Awaited before each page is sent (the poll's budget waits for a place in its share). */
		private readonly ready?: () => Promise<void>,
	) {
		// The reads jump to pages found from an older count: a 404 there says where the list ends now
		// (the callers look for that end), not that a walk in order lost its footing.
		this.pager = new Pager(ctx, conditions, size, { onPastEnd: 'gone', take });
	}

	/** The page size every page is read in (known after the first answer). */
	get pageSize(): number | undefined {
		return this.pager.size;
	}

	/** The pages this reader read (each page number once, as last read). */
	get pagesRead(): ReadPage[] {
		return [...this.cache.values()];
	}

	get sent(): number {
		return this.pager.sent;
	}

	/** Whether reading `page` would take it from the cache (no request). */
	has(page: number): boolean {
		return this.cache.has(page);
	}

	/**
	 * The page, from this reader's cache when it read it already (unless `fresh`: read it again,
	 * the list may have moved since); undefined when out of budget.
	 */
	async read(page: number, fresh = false): Promise<ReadPage | undefined> {
		const cached = fresh ? undefined : this.cache.get(page);
		if (cached) return cached;
		await this.ready?.();
		const sent = await this.pager.send(page);
		if (sent) {
			this.cache.set(page, sent.read);
			this.turns.set(sent.read, ++this.turn);
		}
		return sent?.read;
	}

	/** Whether `later` came after `earlier` (false when either is not an answer of this reader). */
	cameAfter(later: ReadPage, earlier: ReadPage): boolean {
		const [a, b] = [this.turns.get(later), this.turns.get(earlier)];
		return a !== undefined && b !== undefined && a > b;
	}

	/** True when `page` came in the size this reader reads in (else its positions are others). */
	fits(page: ReadPage): boolean {
		return this.pager.size === undefined || page.pageSize === this.pager.size;
	}
}
