import type { PageRequest, ReportedPagination } from '../../../nodes/OutreachContact/helpers/pollPaging';
import { PageCursor, REQUESTED_PAGE_SIZE } from '../../../nodes/OutreachContact/helpers/pollPaging';

/**
 * A list served in pages, with a size cap, optionally changing between requests.
 * Returns the pages asked for and the ids read.
 */
function walk(
	list: () => number[],
	options: {
		cap?: (request: number) => number;
		report?: (p: ReportedPagination) => ReportedPagination;
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
		const size = Math.min(ask.pageSize, options.cap?.(asked.length - 1) ?? Infinity);
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
	return { asked, read, requests: cursor.requests };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('PageCursor', () => {
	it('asks for the documented default size first', () => {
		expect(new PageCursor().next()).toEqual({ page: 1, pageSize: REQUESTED_PAGE_SIZE });
		expect(REQUESTED_PAGE_SIZE).toBe(100);
	});

	it('makes one request for an empty result', () => {
		const { asked, read } = walk(() => []);
		expect(asked).toEqual([{ page: 1, pageSize: 100 }]);
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
			{ page: 1, pageSize: 100 },
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
		cursor.record({ page: 1, pageSize: 100 }, { total_pages: -3, page_size: 0, total_contacts: 'x' }, 100);
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
});
