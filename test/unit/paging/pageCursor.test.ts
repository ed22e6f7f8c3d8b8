import type {
	PageRequest,
	ReceivedPagination,
} from '../../../nodes/OutreachContact/paging/pageCursor';
import {
	DEFAULT_PAGE_SIZE,
	PAGE_SIZE_ASKED,
	PageCursor,
} from '../../../nodes/OutreachContact/paging/pageCursor';

/**
 * A list served in pages, with a size cap (100, the documented default, unless given),
 * optionally changing between requests.
 * Returns the pages asked for and the ids read.
 */
function walk(
	list: () => number[],
	options: {
		cap?: (request: number) => number;
		report?: (p: ReceivedPagination) => ReceivedPagination;
		beforeRequest?: (request: number) => void;
	} = {},
) {
	const cursor = new PageCursor();
	const asked: PageRequest[] = [];
	const read: number[] = [];
	for (let ask = cursor.next(); ask; ask = cursor.next()) {
		if (asked.length > 1000) throw new Error('endless walk');
		options.beforeRequest?.(asked.length);
		asked.push(ask);
		const items = list();
		const size = Math.min(ask.pageSize, options.cap?.(asked.length - 1) ?? DEFAULT_PAGE_SIZE);
		const page = items.slice((ask.page - 1) * size, ask.page * size);
		read.push(...page);
		const pagination = {
			total_contacts: items.length,
			page: ask.page,
			total_pages: Math.ceil(items.length / size),
			page_size: size,
		};
		cursor.record(ask, options.report ? options.report(pagination) : pagination, page.length);
	}
	return { asked, read };
}

const range = (from: number, to: number) =>
	Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('PageCursor', () => {
	it('asks for large pages first', () => {
		expect(new PageCursor().next()).toEqual({ page: 1, pageSize: PAGE_SIZE_ASKED });
		expect(PAGE_SIZE_ASKED).toBe(1000);
	});

	it('makes one request for an empty result', () => {
		const { asked, read } = walk(() => []);
		expect(asked).toEqual([{ page: 1, pageSize: 1000 }]);
		expect(read).toEqual([]);
	});

	it('reads every page by total_pages', () => {
		const items = range(1, 250);
		const { asked, read } = walk(() => items);
		expect(asked.map((a) => a.page)).toEqual([1, 2, 3]);
		expect(read).toEqual(items);
	});

	it('uses the page size the service reports for every later page', () => {
		const items = range(1, 120);
		const { asked, read } = walk(() => items, { cap: () => 25 });
		expect(asked).toEqual([
			{ page: 1, pageSize: 1000 },
			{ page: 2, pageSize: 25 },
			{ page: 3, pageSize: 25 },
			{ page: 4, pageSize: 25 },
			{ page: 5, pageSize: 25 },
		]);
		expect(read).toEqual(items);
	});

	it('leaves no gap when the served size grows during the walk', () => {
		const items = range(1, 200);
		// 20 on the first two answers, then 50.
		const { read } = walk(() => items, { cap: (n) => (n < 2 ? 20 : 50) });
		expect(new Set(read)).toEqual(new Set(items));
	});

	it('leaves no gap when the served size shrinks or flips during the walk', () => {
		const items = range(1, 333);
		const { read } = walk(() => items, { cap: (n) => [40, 30, 70, 10, 100, 7][n % 6] });
		expect(new Set(read)).toEqual(new Set(items));
	});

	it('keeps going when total_pages grows while paging (newest first, new ones in front)', () => {
		let items = range(1, 150).reverse();
		let next = 151;
		const { read, asked } = walk(() => items, {
			cap: () => 50,
			beforeRequest: (n) => {
				if (n >= 1 && n <= 4) {
					items = [...range(next, next + 29).reverse(), ...items];
					next += 30;
				}
			},
		});
		// Every contact that existed when the walk started is read; new ones may be read too.
		expect(new Set(read)).toEqual(new Set([...read, ...range(1, 150)]));
		expect(asked.length).toBeGreaterThan(3);
		expect(read.length).toBeGreaterThan(new Set(read).size); // duplicates: the caller dedupes
	});

	it('keeps going when contacts are appended at the end (oldest first)', () => {
		let items = range(1, 100);
		const { read } = walk(() => items, {
			cap: () => 50,
			beforeRequest: (n) => {
				if (n === 1) items = range(1, 180);
			},
		});
		expect(read).toEqual(range(1, 180));
	});

	it('derives the page count from total_contacts when total_pages is missing', () => {
		const items = range(1, 130);
		const { read } = walk(() => items, {
			cap: () => 50,
			report: ({ total_contacts, page_size }) => ({ total_contacts, page_size }),
		});
		expect(read).toEqual(items);
	});

	it('reads on while pages are full when the answer has no counts at all', () => {
		const items = range(1, 100);
		const { read, asked } = walk(() => items, {
			cap: () => 50,
			report: ({ page_size }) => ({ page_size }),
		});
		expect(read).toEqual(items);
		expect(asked.length).toBe(3); // the third page is empty and ends the walk
	});

	it('accepts counts sent as strings of digits and ignores nonsense', () => {
		const items = range(1, 120);
		const { read } = walk(() => items, {
			cap: () => 40,
			report: (p) => ({ ...p, total_pages: String(p.total_pages), page_size: String(p.page_size) }),
		});
		expect(read).toEqual(items);
		const cursor = new PageCursor();
		cursor.record(
			{ page: 1, pageSize: 100 },
			{ total_pages: -3, page_size: 0, total_contacts: 'x' },
			100,
		);
		expect(cursor.next()).toEqual({ page: 2, pageSize: 100 });
	});

	it('stops early when total_pages shrinks', () => {
		let items = range(1, 300);
		const { asked } = walk(() => items, {
			beforeRequest: (n) => {
				if (n === 1) items = range(1, 150);
			},
		});
		expect(asked.map((a) => a.page)).toEqual([1, 2]);
	});

	it('with a limit, asks no page past it (and no more than the limit on the first)', () => {
		const cursor = new PageCursor(250);
		expect(cursor.next()).toEqual({ page: 1, pageSize: 250 });
		cursor.record(
			{ page: 1, pageSize: 250 },
			{ total_pages: 10, page_size: 100, total_contacts: 950 },
			100,
		);
		expect(cursor.nextPages(4)).toEqual([
			{ page: 2, pageSize: 100 },
			{ page: 3, pageSize: 100 },
		]);
	});

	it('hands out several known pages at once, never past total_pages', () => {
		const cursor = new PageCursor();
		expect(cursor.nextPages(4)).toEqual([{ page: 1, pageSize: 1000 }]); // count unknown yet
		cursor.record({ page: 1, pageSize: 1000 }, { total_pages: 4, page_size: 100 }, 100);
		expect(cursor.nextPages(5).map((p) => p.page)).toEqual([2, 3, 4]);
	});

	it('falls back to the documented default size once', () => {
		const cursor = new PageCursor();
		expect(cursor.useDefaultSize()).toBe(true);
		expect(cursor.next()).toEqual({ page: 1, pageSize: 100 });
		expect(cursor.useDefaultSize()).toBe(false);
	});
});
