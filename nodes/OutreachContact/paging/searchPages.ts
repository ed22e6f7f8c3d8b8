import { NodeOperationError } from 'n8n-workflow';

import type { RequestContext } from '../transport/request';
import type { Contact, SearchCondition } from '../types';
import { mapConcurrent } from '../helpers/concurrency';
import { toNodeError } from '../helpers/input';
import { PageCursor, type PageRequest } from './pageCursor';
import { ListShrank, MAX_REQUESTS_PER_WALK, Pager, pageAllowance } from './pager';
import type { PagerOptions, ReadPage, SentPage } from './pager';

/** How often one search is read again because its result list shrank while it was read. */
export const MAX_PASSES = 3;

/** What the service served: the page, the size it reported and its count of results. */
export type ServedPage = Pick<ReadPage, 'page' | 'pageSize' | 'total'>;

/** A walk's itemIndex and checkContacts go to its Pager. */
export interface PageWalk extends Omit<PagerOptions, 'onPastEnd' | 'take'> {
	conditions: SearchCondition[];
	/** Each page's contacts, in page order, duplicates included (the consumer dedupes by id). */
	onPage(contacts: Contact[], served: ServedPage): void;
	/** Read no page past this many results (Search's Limit). */
	limit?: number;
	/** Pages fetched at once once the number of pages is known; the transport still paces them. */
	concurrency?: number;
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

/** A contact's id as a key, or undefined when it has none (such a contact cannot be proved a repeat). */
function contactKey(contact: Contact): string | undefined {
	const id: unknown = contact?.id;
	return typeof id === 'number' || (typeof id === 'string' && id !== '') ? String(id) : undefined;
}

/**
 * Reads every page of one search (see PageCursor) through one Pager, for Search's Return All,
 * Fetch Test Event and Add's look-up. An error the transport still throws ends the walk unchanged.
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
	// The walk reads every page in order: a page gone means the list shrank under it, and what
	// moved may now sit on a page read already, so it reads again from page 1.
	const { itemIndex } = walk;
	const pager = new Pager(ctx, walk.conditions, undefined, { ...walk, onPastEnd: 'restart' });
	const fetchPage = async (ask: PageRequest): Promise<SentPage> => {
		const sent = await pager.send(ask.page, ask.pageSize);
		if (sent) return sent;
		throw new NodeOperationError(
			ctx.getNode(),
			`The contact search did not end after ${MAX_REQUESTS_PER_WALK} pages`,
			{
				description:
					'The service kept reporting more pages. Nothing was returned; try again later.',
				itemIndex,
			},
		);
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
			let pages: SentPage[];
			try {
				pages = await mapConcurrent(
					allowed.length,
					allowed.length,
					async (i) => await fetchPage(allowed[i]),
				);
			} catch (error) {
				// A page is gone: the list shrank since total_pages was read. Read it again from page 1.
				if (error instanceof ListShrank && pass < MAX_PASSES) {
					shrank = true;
					break;
				}
				const failure = error instanceof ListShrank ? error.error : error;
				throw toNodeError(ctx.getNode(), failure, itemIndex);
			}
			let repeated: number | undefined;
			for (const { asked, answer, read: served } of pages) {
				const { page, contacts, total } = served;
				announced ??= served.pages;
				const fresh = contacts.filter((contact) => {
					const key = contactKey(contact);
					if (key === undefined) return true;
					if (seen.has(key)) return false;
					seen.add(key);
					return true;
				});
				cursor.record({ page, pageSize: asked }, answer?.pagination, contacts.length);
				if (fresh.length === 0 && contacts.length > 0 && page > 1) {
					repeated ??= page; // nothing to hand on: the walk ends after this batch
					continue;
				}
				read += contacts.length;
				walk.onPage(contacts, served);
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
