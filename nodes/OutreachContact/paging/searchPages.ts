import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { searchContacts } from '../transport/api';
import type { RequestContext } from '../transport/request';
import type { Contact, SearchCondition, SearchPage } from '../types';
import { mapConcurrent } from '../helpers/concurrency';
import { toNodeError, toWholeNumber } from '../helpers/input';
import { PageCursor, type PageRequest } from './pageCursor';

/**
 * The absolute bound of a walk, for answers that report no totals at all: a walk that needs
 * more requests than this is stopped with an error, the answers cannot be consistent.
 */
export const MAX_REQUESTS_PER_WALK = 5_000;

/**
 * Pages a pass may read beyond what its first answer's totals allow, for contacts created while
 * paging: at least MIN_EXTRA_PAGES, or EXTRA_PAGES_SHARE of the pages announced.
 */
export const MIN_EXTRA_PAGES = 2;
export const EXTRA_PAGES_SHARE = 0.1;

/** How often one search is read again because its result list shrank while it was read. */
export const MAX_PASSES = 3;

/** What the service served: the page, the size it reported and its count of results. */
export interface ServedPage {
	page: number;
	pageSize: number;
	total?: number;
}

export interface PageWalk {
	conditions: SearchCondition[];
	/** Each page's contacts, in page order, duplicates included (the consumer dedupes by id). */
	onPage(contacts: Contact[], served: ServedPage): void;
	/** Read no page past this many results (Search's Limit). */
	limit?: number;
	/** Pages fetched at once once the number of pages is known; the transport still paces them. */
	concurrency?: number;
	/** Refuse an answer with a contact that has no id or email (Search); the trigger skips those itself. */
	checkContacts?: boolean;
	itemIndex?: number;
}

/** How a walk ended. */
export interface WalkEnd {
	/**
	 * Set when the walk stopped early because the service's pagination did not add up (a page
	 * of nothing new, or more pages than the first answer announced): says what came back and
	 * where the walk stopped. What was read until then has been handed to `onPage`.
	 */
	inconsistent?: string;
}

/** The most pages a pass may read after a first answer that announced `announced` pages. */
export function pageAllowance(announced: number): number {
	return announced + Math.max(MIN_EXTRA_PAGES, Math.ceil(announced * EXTRA_PAGES_SHARE));
}

/** The pages a first answer announces: `total_pages`, else from `total_contacts`; undefined without either. */
function announcedPages(
	pagination: SearchPage['pagination'] | undefined,
	pageSize: number,
): number | undefined {
	const pages = toWholeNumber(pagination?.total_pages);
	if (pages !== undefined && pages >= 0) return pages;
	const total = toWholeNumber(pagination?.total_contacts);
	return total !== undefined && total >= 0 ? Math.ceil(total / pageSize) : undefined;
}

/** A contact's id as a key, or undefined when it has none (such a contact cannot be proved a repeat). */
function contactKey(contact: Contact): string | undefined {
	const id: unknown = contact?.id;
	return typeof id === 'number' || (typeof id === 'string' && id !== '') ? String(id) : undefined;
}

function httpCode(error: unknown): number | undefined {
	return error instanceof NodeApiError ? Number(error.httpCode) : undefined;
}

/**
 * Reads every page of one search (see PageCursor), for Search's Return All and the trigger
 * alike. Every request goes through the transport, which paces and retries; an error it still
 * throws ends the walk unchanged.
 *
 * Contacts created while paging only push others to later pages (read twice, never skipped).
 * Contacts leaving the result list while it is read (deleted, or the window's oldest day
 * dropping out at the service's midnight) can move a contact onto a page already read: a
 * shrinking `total_contacts`, or a 404 for a page after the first, shows that, and the search is
 * read once more from page 1 (up to MAX_PASSES in all).
 *
 * Bounded whatever the service answers: a pass ends at a page that brings no contact it has not
 * read already, and reads no page past `pageAllowance()` of what its first answer announced;
 * both end the walk with `inconsistent` set. Without any totals, MAX_REQUESTS_PER_WALK holds.
 * So a pass reads at most pageAllowance(first total) pages, and a walk MAX_PASSES passes.
 */
export async function walkSearchPages(ctx: RequestContext, walk: PageWalk): Promise<WalkEnd> {
	let sent = 0;
	const fetchPage = async (ask: PageRequest): Promise<SearchPage> => {
		if (sent >= MAX_REQUESTS_PER_WALK) {
			throw new NodeOperationError(
				ctx.getNode(),
				`The contact search did not end after ${MAX_REQUESTS_PER_WALK} pages`,
				{
					description:
						'The service kept reporting more pages. Nothing was returned; try again later.',
					itemIndex: walk.itemIndex,
				},
			);
		}
		sent++;
		return await searchContacts(ctx, walk.conditions, ask.page, ask.pageSize, {
			itemIndex: walk.itemIndex,
			checkContacts: walk.checkContacts,
		});
	};

	for (let pass = 1; ; pass++) {
		const cursor = new PageCursor(walk.limit);
		const seen = new Set<string>();
		let read = 0;
		let announced: number | undefined;
		let largest = 0;
		let shrank = false;
		for (
			let asks = cursor.nextPages(1);
			asks.length > 0;
			asks = cursor.nextPages(walk.concurrency ?? 1)
		) {
			const allowance = announced === undefined ? Infinity : pageAllowance(announced);
			const allowed = asks.filter((ask) => ask.page <= allowance);
			let pages: SearchPage[];
			try {
				pages = await mapConcurrent(
					allowed.length,
					allowed.length,
					async (i) => await fetchPage(allowed[i]),
				);
			} catch (error) {
				const status = httpCode(error);
				const firstAsk = sent === 1 && asks[0].page === 1;
				// The service refused the size asked: ask again with the documented default.
				if (firstAsk && (status === 400 || status === 422) && cursor.useDefaultSize()) continue;
				// A page is gone: the list shrank since total_pages was read. Read it again.
				if (status === 404 && asks[0].page > 1 && pass < MAX_PASSES) {
					shrank = true;
					break;
				}
				throw toNodeError(ctx.getNode(), error, walk.itemIndex);
			}
			let repeated: number | undefined;
			for (const [i, result] of pages.entries()) {
				const ask = allowed[i];
				const total = toWholeNumber(result.pagination?.total_contacts);
				const pageSize = toWholeNumber(result.pagination?.page_size) ?? ask.pageSize;
				announced ??= announcedPages(result.pagination, pageSize);
				const fresh = result.contacts.filter((contact) => {
					const key = contactKey(contact);
					if (key === undefined) return true;
					if (seen.has(key)) return false;
					seen.add(key);
					return true;
				});
				cursor.record(ask, result.pagination, result.contacts.length);
				if (fresh.length === 0 && result.contacts.length > 0 && ask.page > 1) {
					repeated ??= ask.page; // nothing to hand on: the walk ends after this batch
					continue;
				}
				read += result.contacts.length;
				walk.onPage(result.contacts, { page: ask.page, pageSize, total });
				if (total !== undefined) {
					if (total < largest) shrank = true;
					largest = Math.max(largest, total);
				}
			}
			const lastRead = allowed.length > 0 ? allowed[allowed.length - 1].page : asks[0].page - 1;
			if (repeated !== undefined) {
				return {
					inconsistent: `page ${repeated} held only contacts of earlier pages; the search stopped after page ${lastRead} (${read} contacts read)`,
				};
			}
			if (allowed.length < asks.length) {
				return {
					inconsistent: `the first answer announced ${announced} pages, yet page ${lastRead} still reported more; the search stopped there (${read} contacts read)`,
				};
			}
		}
		if (!shrank || pass >= MAX_PASSES) return {};
	}
}

/** What Search's walk found, and why it stopped early if it did (see WalkEnd). */
export interface SearchResults<T> extends WalkEnd {
	/** Each contact as the caller's `shape` made it, in the service's order. */
	contacts: T[];
	/** The number of matching contacts the first answer reported, if it did. */
	total?: number;
}

export interface SearchRead<T> {
	limit?: number;
	itemIndex?: number;
	/** What the caller keeps of a contact, run as its page arrives: only that is held to the end. */
	shape(contact: Contact): T;
}

/**
 * Every contact matching the conditions (or the first `limit`), in the service's order, each
 * once even if it shows up on two pages because contacts were added while paging, each shaped
 * by `read.shape` as its page arrives. Each contact must have an id and an email (checkContacts).
 */
export async function fetchSearchResults<T>(
	ctx: RequestContext,
	conditions: SearchCondition[],
	read: SearchRead<T>,
): Promise<SearchResults<T>> {
	const { limit, itemIndex, shape } = read;
	const seen = new Set<unknown>();
	const contacts: T[] = [];
	let total: number | undefined;
	const end = await walkSearchPages(ctx, {
		conditions,
		limit,
		itemIndex,
		concurrency: 4,
		checkContacts: true,
		onPage(page, served) {
			total ??= served.total;
			for (const contact of page) {
				if ((limit !== undefined && contacts.length >= limit) || seen.has(contact.id)) continue;
				seen.add(contact.id);
				contacts.push(shape(contact));
			}
		},
	});
	return { ...end, contacts, total };
}
