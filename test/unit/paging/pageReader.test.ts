/** PageReader: single pages of one search, in one size, through the poll's budget. */
import { NodeApiError } from 'n8n-workflow';

import { searchContacts } from '../../../nodes/OutreachContact/transport/api';
import { Withheld } from '../../../nodes/OutreachContact/transport/retry';
import { PageReader } from '../../../nodes/OutreachContact/paging/pageReader';
import {
	DEFAULT_PAGE_SIZE,
	PAGE_SIZE_ASKED,
} from '../../../nodes/OutreachContact/paging/pageCursor';
import { MAX_REQUESTS_PER_WALK } from '../../../nodes/OutreachContact/paging/pager';
import type { SearchCondition } from '../../../nodes/OutreachContact/types';
import { contactAt, FakeSearch, httpError, pollContext } from '../../support/poll';

jest.mock('../../../nodes/OutreachContact/transport/api', () => ({ searchContacts: jest.fn() }));
const search = jest.mocked(searchContacts);

const conditions: SearchCondition[] = [
	{ property: 'created_timestamp', condition: 'Less than', value: 3 },
];
const T0 = Date.UTC(2026, 2, 10, 9, 0, 0);
const always = () => true;
const DAY = 86_400_000;

/** A service of `n` contacts (newest first) that serves at most `cap` a page. */
function service(n: number, cap: number): FakeSearch {
	const fake = new FakeSearch('newest', cap);
	fake.contacts = Array.from({ length: n }, (_, i) => contactAt(i + 1, T0 + i * 1000));
	return fake.install();
}

beforeEach(() => search.mockReset());

type Search = typeof searchContacts;

/** An answer sent as the transport sends it: only when the permit (the budget, the bound) allows. */
function sending(answer: (page: number) => ReturnType<Search>): Search {
	return async (_ctx, _conditions, page, _size, options) => {
		if (options?.permit && !options.permit()) throw new Withheld();
		return await answer(page);
	};
}

describe('PageReader', () => {
	it('asks 1000 first, then every page in the size the service served', async () => {
		const fake = service(95, 10);
		const reader = new PageReader(pollContext, conditions, undefined, always);
		const first = await reader.read(1);
		expect(first).toMatchObject({ page: 1, pageSize: 10, total: 95, pages: 10 });
		expect(reader.pageSize).toBe(10);
		const last = await reader.read(10);
		expect(last?.contacts.map((c) => c.id)).toEqual([5, 4, 3, 2, 1]);
		await reader.read(4);
		expect(fake.requests.map((r) => [r.page, r.pageSize])).toEqual([
			[1, PAGE_SIZE_ASKED],
			[10, 10],
			[4, 10],
		]);
		expect(fake.requests[0].conditions).toBe(conditions);
		expect(reader.sent).toBe(3);
	});

	it('reads in the size it was given (the size stored by the last poll)', async () => {
		const fake = service(95, 50);
		const reader = new PageReader(pollContext, conditions, 20, always);
		const page = await reader.read(3);
		expect(page?.contacts).toHaveLength(20);
		expect(fake.requests.map((r) => r.pageSize)).toEqual([20]);
		expect(reader.fits(page!)).toBe(true);
	});

	it('tells when a page came in another size than the one it reads in', async () => {
		const fake = service(95, 50);
		const reader = new PageReader(pollContext, conditions, 20, always);
		fake.cap = 10; // the service lowered its cap since the last poll
		const page = await reader.read(1);
		expect(page?.pageSize).toBe(10);
		expect(reader.fits(page!)).toBe(false);
	});

	it('reads a page once: a page read again comes from its cache', async () => {
		const fake = service(30, 10);
		const reader = new PageReader(pollContext, conditions, undefined, always);
		const a = await reader.read(2);
		const b = await reader.read(2);
		expect(b).toBe(a);
		expect(fake.requests).toHaveLength(1);
	});

	it('reads a page again when asked for a fresh copy (the list may have moved)', async () => {
		const fake = service(30, 10);
		const reader = new PageReader(pollContext, conditions, undefined, always);
		const before = await reader.read(1);
		fake.contacts.push(contactAt(99, T0 + DAY));
		const fresh = await reader.read(1, true);
		expect(fake.requests).toHaveLength(2);
		expect(fresh?.contacts[0].id).toBe(99);
		expect(before?.contacts[0].id).toBe(30);
		expect(await reader.read(1)).toBe(fresh); // the cache holds the fresh copy
	});

	it('tells which of two answers came later, a fresh copy after the page it followed', async () => {
		service(30, 10);
		const reader = new PageReader(pollContext, conditions, undefined, always);
		const three = (await reader.read(3))!;
		const two = (await reader.read(2))!;
		expect(reader.cameAfter(two, three)).toBe(true);
		expect(reader.cameAfter(three, two)).toBe(false);
		// The copy in the cache stays the one read first; a fresh one comes after.
		expect(reader.cameAfter((await reader.read(3))!, two)).toBe(false);
		expect(reader.cameAfter((await reader.read(3, true))!, two)).toBe(true);
		// A page no read of this reader answered came at no time.
		expect(reader.cameAfter({ ...two }, three)).toBe(false);
	});

	it.each([400, 422])(
		'asks again with the documented default (100) when the service refuses 1000 (%i)',
		async (status) => {
			const fake = service(250, 1000);
			search.mockImplementationOnce(
				sending(async () => {
					throw httpError(status);
				}),
			);
			const reader = new PageReader(pollContext, conditions, undefined, always);
			const page = await reader.read(1);
			expect(page?.contacts).toHaveLength(DEFAULT_PAGE_SIZE);
			expect(page?.pages).toBe(3);
			expect(search.mock.calls.map((c) => c[3])).toEqual([PAGE_SIZE_ASKED, DEFAULT_PAGE_SIZE]);
			expect(fake.requests).toHaveLength(1); // the refused ask never reached the fake
			expect(reader.sent).toBe(2);
		},
	);

	it('does not retry a 400 once the size is known: the error goes to the poll', async () => {
		service(250, 50);
		const reader = new PageReader(pollContext, conditions, 50, always);
		search.mockImplementationOnce(async () => {
			throw httpError(400);
		});
		await expect(reader.read(1)).rejects.toBeInstanceOf(NodeApiError);
	});

	it('returns a page past the end (404) as gone, empty, and does not ask for it again', async () => {
		const fake = service(25, 10);
		const reader = new PageReader(pollContext, conditions, 10, always);
		const gone = await reader.read(7);
		expect(gone).toEqual({ page: 7, contacts: [], pageSize: 10, gone: true });
		expect(await reader.read(7)).toBe(gone);
		expect(fake.requests).toHaveLength(1);
	});

	it('throws a 404 on page 1 and any other error of the transport unchanged', async () => {
		const reader = new PageReader(pollContext, conditions, 10, always);
		const notFound = httpError(404);
		search.mockRejectedValueOnce(notFound);
		await expect(reader.read(1)).rejects.toBe(notFound);
		const failure = httpError(500);
		search.mockRejectedValueOnce(failure);
		await expect(reader.read(2)).rejects.toBe(failure);
	});

	it('sends no request when take() says no, and answers undefined', async () => {
		const fake = service(50, 10);
		let left = 2;
		const reader = new PageReader(pollContext, conditions, undefined, () => left-- > 0);
		expect(await reader.read(1)).toBeDefined();
		expect(await reader.read(2)).toBeDefined();
		expect(await reader.read(3)).toBeUndefined();
		expect(fake.requests).toHaveLength(2);
		expect(reader.sent).toBe(2);
		// A page read already still comes from the cache: it costs nothing.
		expect((await reader.read(1))?.page).toBe(1);
	});

	it('asks take() before every request, also before the ask with the default size', async () => {
		const fake = service(250, 1000);
		search.mockImplementationOnce(
			sending(async () => {
				throw httpError(422);
			}),
		);
		let asked = 0;
		const reader = new PageReader(pollContext, conditions, undefined, () => ++asked <= 1);
		expect(await reader.read(1)).toBeUndefined();
		expect(asked).toBe(2); // the refused size, then the default one, which take() refused
		expect(fake.requests).toHaveLength(0); // so it was never sent
	});

	it('counts pages from total_contacts when the service reports no total_pages', async () => {
		search.mockImplementation(async (_c, _k, page) => ({
			contacts: [contactAt(page, T0)],
			pagination: { total_contacts: 41, page, page_size: 10 } as never,
		}));
		const reader = new PageReader(pollContext, conditions, undefined, always);
		expect(await reader.read(1)).toMatchObject({ pages: 5, total: 41, pageSize: 10 });
	});

	it('sends at most MAX_REQUESTS_PER_WALK requests, whatever take() allows', async () => {
		search.mockImplementation(
			sending(async (page) => ({
				contacts: [contactAt(page, T0)],
				pagination: { page, page_size: 1 } as never,
			})),
		);
		const reader = new PageReader(pollContext, conditions, 1, always);
		for (let page = 1; page <= MAX_REQUESTS_PER_WALK; page++) await reader.read(page);
		expect(await reader.read(MAX_REQUESTS_PER_WALK + 1)).toBeUndefined();
		expect(search).toHaveBeenCalledTimes(MAX_REQUESTS_PER_WALK);
	});
});
