import { NodeApiError } from 'n8n-workflow';

import { mapConcurrent } from '../helpers/concurrency';
import { ensureNodeError } from '../helpers/errors';
import type { Contact, SearchCondition, SearchPage } from '../types';
import { searchContacts } from './api';
import type { RequestContext } from './request';

/**
 * The service's largest page size is not shown. We ask for large pages and follow the
 * `page_size` it reports (it may cap it). Should it refuse a large size instead (400/422),
 * the first page is asked again once with the documented default of 100.
 */
export const PAGE_SIZE_ASKED = 1000;
const DEFAULT_PAGE_SIZE = 100;
/** Pages after the first are fetched a few at a time; the transport still paces them. */
const PAGE_CONCURRENCY = 4;

/** How many pages to read, given the first page's pagination and an optional limit. */
export function pagesNeeded(first: SearchPage['pagination'], pageSize: number, limit?: number): number {
	const total = Math.max(0, Number(first.total_pages) || 0);
	if (limit === undefined) return total;
	return Math.min(total, Math.ceil(limit / pageSize));
}

async function firstPage(
	ctx: RequestContext,
	conditions: SearchCondition[],
	pageSize: number,
	itemIndex?: number,
): Promise<SearchPage> {
	try {
		return await searchContacts(ctx, conditions, 1, pageSize, itemIndex);
	} catch (error) {
		const status = Number((error as NodeApiError).httpCode);
		if (error instanceof NodeApiError && (status === 400 || status === 422) && pageSize > DEFAULT_PAGE_SIZE) {
			return await searchContacts(ctx, conditions, 1, DEFAULT_PAGE_SIZE, itemIndex);
		}
		throw ensureNodeError(ctx.getNode(), error, itemIndex);
	}
}

/**
 * Every contact matching the conditions (or the first `limit`), in the service's order,
 * each once even if it shows up on two pages because contacts were added while paging.
 * Never asks for a page past the last one (the service may answer that with 404).
 */
export async function fetchSearchResults(
	ctx: RequestContext,
	conditions: SearchCondition[],
	limit?: number,
	itemIndex?: number,
): Promise<Contact[]> {
	const asked = limit === undefined ? PAGE_SIZE_ASKED : Math.min(limit, PAGE_SIZE_ASKED);
	const first = await firstPage(ctx, conditions, asked, itemIndex);
	const pageSize = Number(first.pagination.page_size) || first.contacts.length || asked;
	const pages = pagesNeeded(first.pagination, pageSize, limit);
	const rest = await mapConcurrent(Math.max(0, pages - 1), PAGE_CONCURRENCY, async (index) => {
		const page = await searchContacts(ctx, conditions, index + 2, pageSize, itemIndex);
		return page.contacts;
	});
	const seen = new Set<number>();
	const contacts: Contact[] = [];
	for (const contact of [first.contacts, ...rest].flat()) {
		if (seen.has(contact.id)) continue;
		seen.add(contact.id);
		contacts.push(contact);
		if (limit !== undefined && contacts.length >= limit) break;
	}
	return contacts;
}
