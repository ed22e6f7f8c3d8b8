import { NodeApiError } from 'n8n-workflow';

import { toNodeError } from '../helpers/input';
import { searchContacts } from '../transport/api';
import { Withheld } from '../transport/retry';
import type { RequestContext } from '../transport/request';
import type { Contact, SearchCondition, SearchPage } from '../types';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_ASKED, readPagination } from './pageCursor';

/**
 * The absolute bound of a walk, for answers that report no totals at all: no pager sends more
 * requests than this (a walk that needs more is stopped, the answers cannot be consistent).
 */
export const MAX_REQUESTS_PER_WALK = 5_000;

/**
 * Pages a pass may read beyond what its first answer's totals allow, for contacts created while
 * paging: at least MIN_EXTRA_PAGES, or EXTRA_PAGES_SHARE of the pages announced.
 */
export const MIN_EXTRA_PAGES = 2;
export const EXTRA_PAGES_SHARE = 0.1;

/** The most pages a pass may read after a first answer that announced `announced` pages. */
export function pageAllowance(announced: number): number {
	return announced + Math.max(MIN_EXTRA_PAGES, Math.ceil(announced * EXTRA_PAGES_SHARE));
}

/**
 * What a 404 for a page after the first means to its caller (a 404 for page 1 is an error:
 * the first page of a search always exists, empty or not).
 * - 'gone': the page lies past the end of the list. It comes back empty, marked `gone`, and the
 *   caller reads that as "the list ends before it" (the trigger's reads jump to pages found from
 *   an older count: the last page announced, a page found by bisection).
 * - 'restart': the list shrank under a walk that reads every page in order, so contacts may have
 *   moved onto pages read already. `send` throws ListShrank, which ends the walk's batch at once;
 *   the walk reads again from page 1 (Return All, Fetch Test Event, Add's look-up).
 */
export type PastEnd = 'gone' | 'restart';

/** A 404 for a page after the first, under 'restart'; `error` is what to throw when no restart is left. */
export class ListShrank extends Error {
	constructor(readonly error: Error) {
		super(error.message);
	}
}

export interface PagerOptions {
	onPastEnd: PastEnd;
	/** Asked before each request, retries included (the poll's budget); false: send nothing more. */
	take?: () => boolean;
	itemIndex?: number;
	/** Refuse an answer with a contact that has no id or email (Search); the trigger skips those itself. */
	checkContacts?: boolean;
}

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
	/** True when the page was past the end (404 for a page after the first, 'gone'). */
	gone?: boolean;
}

/** One page sent: the size asked (the default, after the large one was refused), the answer, the page read from it. */
export interface SentPage {
	asked: number;
	answer?: SearchPage;
	read: ReadPage;
}

/**
 * The one way search pages are sent, for the trigger's reads and Search's walks alike. It asks
 * a large size first (PAGE_SIZE_ASKED) while it knows no size, and when the service refuses it
 * (400/422) asks again with the documented default; it gives a 404 for a later page the meaning
 * its caller chose (PastEnd); it sends at most MAX_REQUESTS_PER_WALK requests, and with `take`
 * none the budget refuses. Every request goes through the transport, which paces and retries.
 */
export class Pager {
	sent = 0;

	constructor(
		private readonly ctx: RequestContext,
		private readonly conditions: SearchCondition[],
		/** The size the service serves: given, or known from its first answer. */
		public size: number | undefined,
		private readonly options: PagerOptions,
	) {}

	/** Page `page` in `asked` (by default the size known); undefined when the bound or budget refused. */
	async send(page: number, asked = this.size ?? PAGE_SIZE_ASKED): Promise<SentPage | undefined> {
		const { take, itemIndex } = this.options;
		if (this.sent >= MAX_REQUESTS_PER_WALK) return undefined;
		// With a budget, each send (the first and every retry) is asked for right before it
		// leaves, after the pacer's wait (a 429's pause lasts seconds): the budget's minute is then
		// the one the service counts, and a send refused ends the read (Withheld). Without one,
		// the page counts toward the bound here.
		if (!take) this.sent++;
		const permit =
			take &&
			(() => {
				if (this.sent >= MAX_REQUESTS_PER_WALK || !take()) return false;
				this.sent++;
				return true;
			});
		let answer;
		try {
			const options = { ...this.options, permit };
			answer = await searchContacts(this.ctx, this.conditions, page, asked, options);
		} catch (error) {
			if (error instanceof Withheld) return undefined;
			const status = error instanceof NodeApiError ? Number(error.httpCode) : undefined;
			// The service refused the large size asked first: ask again with the documented default.
			const refused = status === 400 || status === 422;
			if (refused && this.size === undefined && asked > DEFAULT_PAGE_SIZE) {
				this.size = DEFAULT_PAGE_SIZE;
				return await this.send(page);
			}
			if (status === 404 && page > 1 && this.options.onPastEnd === 'gone') {
				return { asked, read: { page, contacts: [], pageSize: asked, gone: true } };
			}
			const failure = toNodeError(this.ctx.getNode(), error, itemIndex);
			throw status === 404 && page > 1 ? new ListShrank(failure) : failure;
		}
		const counts = readPagination(answer.pagination, asked);
		this.size ??= counts.pageSize;
		return { asked, answer, read: { page, contacts: answer.contacts, ...counts } };
	}
}
