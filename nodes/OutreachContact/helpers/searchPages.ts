import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { searchContacts } from '../transport/api';
import type { RequestContext } from '../transport/request';
import type { Contact, SearchCondition, SearchPage } from '../types';
import { mapConcurrent } from './concurrency';
import { toNodeError, toWholeNumber } from './input';
import { PageCursor, type PageRequest } from './pageCursor';

/** A walk that needs more requests than this is stopped: the answers cannot be consistent. */
export const MAX_REQUESTS_PER_WALK = 5_000;

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
	/** After each page: true ends the walk (its reader knows the later pages hold nothing it needs). */
	stopAfter?(contacts: Contact[]): boolean;
	/** Read no page past this many results (Search's Limit). */
	limit?: number;
	/** Pages fetched at once once the number of pages is known; the transport still paces them. */
	concurrency?: number;
	/** Called before every request with the number already sent: throw to stop the walk. */
	beforeRequest?(sent: number): void;
	itemIndex?: number;
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
 */
export async function walkSearchPages(ctx: RequestContext, walk: PageWalk): Promise<void> {
	let sent = 0;
	const fetchPage = async (ask: PageRequest): Promise<SearchPage> => {
		if (sent >= MAX_REQUESTS_PER_WALK) {
			throw new NodeOperationError(ctx.getNode(), `The contact search did not end after ${MAX_REQUESTS_PER_WALK} pages`, {
				description: 'The service kept reporting more pages. Nothing was returned; try again later.',
				itemIndex: walk.itemIndex,
			});
		}
		walk.beforeRequest?.(sent);
		sent++;
		return await searchContacts(ctx, walk.conditions, ask.page, ask.pageSize, walk.itemIndex);
	};

	for (let pass = 1; ; pass++) {
		const cursor = new PageCursor(walk.limit);
		let largest = 0;
		let shrank = false;
		for (let asks = cursor.nextPages(1); asks.length > 0; asks = cursor.nextPages(walk.concurrency ?? 1)) {
			let pages: SearchPage[];
			try {
				pages = await mapConcurrent(asks.length, asks.length, async (i) => await fetchPage(asks[i]));
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
			let stop = false;
			for (const [i, result] of pages.entries()) {
				const total = toWholeNumber(result.pagination?.total_contacts);
				const pageSize = toWholeNumber(result.pagination?.page_size) ?? asks[i].pageSize;
				walk.onPage(result.contacts, { page: asks[i].page, pageSize, total });
				cursor.record(asks[i], result.pagination, result.contacts.length);
				if (total !== undefined) {
					if (total < largest) shrank = true;
					largest = Math.max(largest, total);
				}
				if (walk.stopAfter?.(result.contacts)) stop = true;
			}
			if (stop) return;
		}
		if (!shrank || pass >= MAX_PASSES) return;
	}
}

/**
 * Every contact matching the conditions (or the first `limit`), in the service's order, each
 * once even if it shows up on two pages because contacts were added while paging.
 */
export async function fetchSearchResults(
	ctx: RequestContext,
	conditions: SearchCondition[],
	limit?: number,
	itemIndex?: number,
): Promise<Contact[]> {
	const seen = new Set<unknown>();
	const contacts: Contact[] = [];
	await walkSearchPages(ctx, {
		conditions,
		limit,
		itemIndex,
		concurrency: 4,
		onPage(page) {
			for (const contact of page) {
				if ((limit !== undefined && contacts.length >= limit) || seen.has(contact.id)) continue;
				seen.add(contact.id);
				contacts.push(contact);
			}
		},
	});
	return contacts;
}
