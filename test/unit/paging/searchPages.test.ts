import { NodeApiError } from 'n8n-workflow';

import type { Contact, SearchCondition, SearchPage } from '../../../nodes/OutreachContact/types';
import { searchContacts } from '../../../nodes/OutreachContact/transport/api';
import {
	fetchSearchResults,
	MAX_PASSES,
	walkSearchPages,
} from '../../../nodes/OutreachContact/paging/searchPages';
import {
	MAX_REQUESTS_PER_WALK,
	MIN_EXTRA_PAGES,
	pageAllowance,
} from '../../../nodes/OutreachContact/paging/pager';
import { pollContext, testNode } from '../../support/poll';

jest.mock('../../../nodes/OutreachContact/transport/api', () => ({ searchContacts: jest.fn() }));
const search = searchContacts as jest.MockedFunction<typeof searchContacts>;

const node = testNode;
const ctx = pollContext;
const conditions: SearchCondition[] = [
	{ property: 'created_timestamp', condition: 'Less than', value: 3 },
];
const contact = (id: number): Contact => ({
	id,
	email: `c${id}@x.test`,
	created_date: '2026-01-01T00:00:00Z',
});

/** Serves `list()` (re-read on every request) in pages of at most `cap`. */
function serve(list: () => number[], cap = 10, notFound?: (page: number) => boolean) {
	search.mockImplementation(async (_ctx, _conditions, page, pageSize) => {
		if (notFound?.(page)) {
			throw new NodeApiError(
				node,
				{ message: 'gone' },
				{ message: 'Page not found (404)', httpCode: '404' },
			);
		}
		const items = list();
		const size = Math.min(pageSize, cap);
		const page_ = items.slice((page - 1) * size, page * size);
		const result: SearchPage = {
			contacts: page_.map(contact),
			pagination: {
				total_contacts: items.length,
				page,
				total_pages: Math.ceil(items.length / size),
				page_size: size,
			},
		};
		return result;
	});
}

/** One page at a time (Fetch Test Event, Add or Look Up). A pass starts at page 1, so passes = requests for page 1. */
async function walk() {
	const read: number[] = [];
	const end = await walkSearchPages(ctx, {
		conditions,
		onPage: (contacts) => read.push(...contacts.map((c) => c.id)),
	});
	const requests = search.mock.calls.length;
	const passes = search.mock.calls.filter((c) => c[2] === 1).length;
	return { requests, passes, read, end };
}

const range = (from: number, to: number) =>
	Array.from({ length: to - from + 1 }, (_, i) => from + i);

beforeEach(() => search.mockReset());

describe('walkSearchPages, one page at a time', () => {
	it('reads every page once when nothing changes', async () => {
		serve(() => range(1, 35));
		const { read, requests, passes } = await walk();
		expect(read).toEqual(range(1, 35));
		expect(requests).toBe(4);
		expect(passes).toBe(1);
		expect(search.mock.calls.map((c) => [c[2], c[3]])).toEqual([
			[1, 1000],
			[2, 10],
			[3, 10],
			[4, 10],
		]);
		expect(search.mock.calls[0][1]).toBe(conditions);
	});

	it('reads again when the list shrinks while paging (oldest first, old ones leave)', async () => {
		let items = range(1, 40);
		let calls = 0;
		serve(() => {
			if (++calls === 3) items = range(11, 40); // 1-10 leave: 21-30 move onto page 2, read already
			return items;
		});
		const { read, passes } = await walk();
		expect(passes).toBe(2);
		expect(new Set(read)).toEqual(new Set(range(1, 40)));
	});

	it('treats a 404 for a later page as a shrink and reads again', async () => {
		let items = range(1, 40);
		let calls = 0;
		serve(
			() => items,
			10,
			(page) => {
				// Before page 4 is asked for, the 15 oldest leave: only 3 pages are left.
				if (++calls === 4) items = range(16, 40);
				return page > Math.ceil(items.length / 10);
			},
		);
		const { read, passes, requests } = await walk();
		expect(passes).toBe(2);
		expect(requests).toBe(4 + 3);
		expect(read.slice(30)).toEqual(range(16, 40));
	});

	it('throws a 404 on page 1, or on the last pass', async () => {
		serve(
			() => range(1, 5),
			10,
			(page) => page === 1,
		);
		await expect(walk()).rejects.toThrow('Page not found (404)');

		serve(
			() => range(1, 40),
			10,
			(page) => page === 3,
		);
		await expect(walk()).rejects.toBeInstanceOf(NodeApiError);
		expect(search.mock.calls.filter((c) => c[2] === 3)).toHaveLength(MAX_PASSES);
	});

	it('stops re-reading after MAX_PASSES even if the list keeps shrinking', async () => {
		let n = 400;
		serve(() => range(1, (n -= 3)));
		const { passes } = await walk();
		expect(passes).toBe(MAX_PASSES);
	});

	it('passes other transport errors through unchanged', async () => {
		const failure = new NodeApiError(
			node,
			{ message: 'x' },
			{ message: 'The service failed (500)', httpCode: '500' },
		);
		search.mockRejectedValue(failure);
		await expect(walk()).rejects.toBe(failure);
	});

	it('stops past the pages the first answer announced, plus the margin, and says so', async () => {
		// Every answer announces one more page, each with a contact not seen before.
		search.mockImplementation(async (_c, _k, page) => ({
			contacts: [contact(page)],
			pagination: { total_contacts: page + 1, page, total_pages: page + 1, page_size: 1 },
		}));
		const { end } = await walk();
		// The first answer announced 2 pages: 2 + MIN_EXTRA_PAGES may be read.
		expect(pageAllowance(2)).toBe(2 + MIN_EXTRA_PAGES);
		expect(search.mock.calls.map((c) => c[2])).toEqual([1, 2, 3, 4]);
		expect(end.inconsistent).toBe(
			'the first answer announced 2 pages, yet page 4 still reported more; the search stopped there (4 contacts read)',
		);
	});

	it('stops at a page that repeats only contacts of earlier pages (an endless pager)', async () => {
		search.mockImplementation(async (_c, _k, page) => ({
			contacts: [contact(1), contact(2)],
			pagination: { total_contacts: 4, page, total_pages: page + 1, page_size: 2 },
		}));
		const { read, requests } = await walk();
		expect(requests).toBe(2);
		expect(read).toEqual([1, 2]);
	});

	it('gives up when answers without any totals never stop (the absolute bound)', async () => {
		search.mockImplementation(async (_c, _k, page) => ({
			contacts: [contact(page)],
			pagination: { page, page_size: 1 } as SearchPage['pagination'],
		}));
		await expect(walk()).rejects.toThrow(`did not end after ${MAX_REQUESTS_PER_WALK} pages`);
		expect(search).toHaveBeenCalledTimes(MAX_REQUESTS_PER_WALK);
	});
});

describe('fetchSearchResults, as Search reads Return All or a Limit', () => {
	const asReceived = { shape: (c: Contact) => c };

	it('reads the pages after the first 4 at a time, in order, each contact once', async () => {
		let inFlight = 0;
		let most = 0;
		const items = range(1, 95);
		search.mockImplementation(async (_ctx, _conditions, page, pageSize) => {
			inFlight++;
			most = Math.max(most, inFlight);
			await Promise.resolve();
			inFlight--;
			const size = Math.min(pageSize, 10);
			// Page 3 repeats the last contact of page 2, as when one is added while paging.
			const from = page === 3 ? 19 : (page - 1) * size;
			return {
				contacts: items.slice(from, page * size).map(contact),
				pagination: { total_contacts: 95, page, total_pages: 10, page_size: size },
			};
		});
		const { contacts } = await fetchSearchResults(ctx, conditions, asReceived);
		expect(contacts.map((c) => c.id)).toEqual(items);
		expect(search.mock.calls.map((c) => c[2])).toEqual(range(1, 10));
		expect(most).toBe(4);
	});

	it('stops at the limit', async () => {
		serve(() => range(1, 95), 10);
		const { contacts } = await fetchSearchResults(ctx, conditions, { ...asReceived, limit: 25 });
		expect(contacts.map((c) => c.id)).toEqual(range(1, 25));
		expect(search.mock.calls.map((c) => [c[2], c[3]])).toEqual([
			[1, 25],
			[2, 10],
			[3, 10],
		]);
	});

	it('reads again from page 1 when the list shrank while paging', async () => {
		let items = range(1, 40);
		let calls = 0;
		serve(() => {
			if (++calls === 2) items = range(11, 40); // 1-10 leave after page 1 was read
			return items;
		});
		const { contacts } = await fetchSearchResults(ctx, conditions, asReceived);
		expect(new Set(contacts.map((c) => c.id))).toEqual(new Set(range(1, 40)));
		expect(search.mock.calls.filter((c) => c[2] === 1)).toHaveLength(2);
	});

	it('shapes each page as it arrives, before the next pages are requested, and keeps only the shapes', async () => {
		serve(() => range(1, 65), 10); // page 1, then pages 2-5, then 6-7 (4 at a time)
		const requestsWhenShaped: number[] = [];
		const { contacts } = await fetchSearchResults(ctx, conditions, {
			shape: (c) => {
				requestsWhenShaped.push(search.mock.calls.length);
				return { shaped: c.id };
			},
		});
		expect(contacts).toEqual(range(1, 65).map((id) => ({ shaped: id })));
		expect(requestsWhenShaped).toEqual([
			...Array<number>(10).fill(1),
			...Array<number>(40).fill(5),
			...Array<number>(15).fill(7),
		]);
	});
});
