/** Reads of a window the service lists in an order: readOrdered, keepsOrder and checkOrder. */
import { PageReader } from '../../../nodes/OutreachContact/paging/pageReader';
import {
	checkOrder,
	keepsOrder,
	lateContacts,
} from '../../../nodes/OutreachContact/trigger/shared/orderCheck';
import {
	CHEAP_PAGES,
	readOrdered,
} from '../../../nodes/OutreachContact/trigger/shared/orderedRead';
import {
	createdTime,
	continues,
	MINUTE_MS,
	type Order,
} from '../../../nodes/OutreachContact/trigger/shared/serviceTime';
import type { Contact } from '../../../nodes/OutreachContact/types';
import { contactAt, FakeSearch, pollContext } from '../../support/poll';

jest.mock('../../../nodes/OutreachContact/transport/api', () => ({ searchContacts: jest.fn() }));

const T0 = Date.UTC(2026, 2, 10, 9, 0, 0);
/** Contact `id` was created `id` minutes after T0: a larger id is newer. */
const c = (id: number) => contactAt(id, T0 + id * MINUTE_MS);
const range = (from: number, to: number) =>
	Array.from({ length: to - from + 1 }, (_, i) => from + i);
const ids = (contacts: Contact[]) => contacts.map((x) => x.id);
const pagesOf = (...pages: number[][]) => pages.map((page) => page.map(c));

/** A service listing contacts 1..n in `order`, `cap` a page. */
function service(n: number, order: Order, cap = 10): FakeSearch {
	const fake = new FakeSearch(order, cap);
	fake.contacts = range(1, n).map(c);
	return fake.install();
}

const reader = (size?: number, take = () => true) => new PageReader(pollContext, [], size, take);

/** Contacts up to `known` were handled by the earlier polls, without a gap. */
const knownUpTo = (known: number) => ({
	isKnown: (contact: Contact) => contact.id <= known,
	isHandled: (contact: Contact) => contact.id <= known,
});

/** One read of the new end of a list: contacts up to `known` were handled. */
const readNewest = (known: number, maxPerPoll: number) =>
	readOrdered({
		time: createdTime,
		reader: reader(),
		order: 'newest',
		...knownUpTo(known),
		maxPerPoll,
	});
const readOldest = (known: number, maxPerPoll: number, total: number) =>
	readOrdered({
		time: createdTime,
		reader: reader(10),
		order: 'oldest',
		...knownUpTo(known),
		maxPerPoll,
		total,
	});

/** The unknown contacts of a read, each once, oldest first. */
function unknownIn(pages: Array<{ contacts: Contact[] }>, known: number): number[] {
	const all = new Set(pages.flatMap((p) => ids(p.contacts)).filter((id) => id > known));
	return [...all].sort((a, b) => a - b);
}

describe('keepsOrder', () => {
	it('holds for pages that never rise (newest) or never fall (oldest), across pages', () => {
		expect(keepsOrder([[c(9), c(8)], [c(8), c(5)], [c(2)]], 'newest', createdTime)).toBe(true);
		expect(keepsOrder([[c(9), c(8)], [c(10)]], 'newest', createdTime)).toBe(false);
		expect(keepsOrder([[c(1), c(3)], [c(7)]], 'oldest', createdTime)).toBe(true);
		expect(keepsOrder([[c(3), c(1)]], 'oldest', createdTime)).toBe(false);
	});

	it('passes over a contact met again on a later page (pages read a moment apart overlap)', () => {
		// Newest first: two contacts were added between the reads, 9 moved onto page 2.
		expect(keepsOrder(pagesOf([10, 9], [9, 8]), 'newest', createdTime)).toBe(true);
		expect(keepsOrder(pagesOf([10, 8], [9, 7]), 'newest', createdTime)).toBe(false);
	});

	it('passes over contacts without a readable date', () => {
		const odd = { ...c(99), created_date: 'soon' };
		expect(keepsOrder([[c(5), odd, c(4)]], 'newest', createdTime)).toBe(true);
	});
});

describe('continues: a page read after the one before goes on from it', () => {
	const page = (n: number, contactIds: number[], total?: number) => ({
		page: n,
		contacts: contactIds.map(c),
		pageSize: 3,
		total,
	});
	it.each([
		[
			'shares a contact with it (the list moved by less than a page)',
			[9, 8, 7],
			[7, 6, 5],
			33,
			true,
		],
		['has the same count (the list did not move)', [9, 8, 7], [6, 5, 4], 30, true],
		['moved by a page or more: shares none and the count grew', [9, 8, 7], [12, 11, 10], 33, false],
	])('%s', (_what, prev, next, total, expected) => {
		expect(continues(page(1, prev, 30), page(2, next, total))).toBe(expected);
	});
	it('holds at an empty page or one past the end, and without counts (no telling)', () => {
		expect(continues(page(1, [9, 8, 7], 30), page(2, [], 33))).toBe(true);
		expect(continues(page(1, [9, 8, 7]), page(2, [3, 2, 1]))).toBe(true);
	});
});

describe('readOrdered, newest first', () => {
	it('a quiet poll reads one page', async () => {
		const fake = service(500, 'newest');
		const r = await readNewest(500, 100);
		expect(fake.pagesAsked).toEqual([1]);
		expect(r).toMatchObject({ ordered: true, total: 500, lastPage: 50 });
		expect(r.range.map((p) => p.page)).toEqual([1]);
		expect(r.rangeTop).toBe(T0 + 498 * MINUTE_MS); // the third newest: two dated ahead do not set it
	});

	it('two contacts dated far ahead do not set how far the range reaches (its third newest)', async () => {
		const fake = service(500, 'newest');
		fake.contacts.push(
			contactAt(900, T0 + 5000 * MINUTE_MS),
			contactAt(901, T0 + 6000 * MINUTE_MS),
		);
		const r = await readNewest(501, 100);
		expect(r.rangeTop).toBe(T0 + 500 * MINUTE_MS);
	});

	it('a few new: reads from page 1 to the first page that joins the handled contacts', async () => {
		const fake = service(500, 'newest');
		const r = await readNewest(488, 100);
		expect(fake.pagesAsked).toEqual([1, 2]); // page 2 holds 488, handled: it joins them
		expect(unknownIn(r.range, 488)).toEqual(range(489, 500));
	});

	it('a page whose only known contact was seen but is not handled (dated ahead) does not end the read', async () => {
		const fake = service(500, 'newest');
		fake.contacts.push(c(600)); // emitted earlier, dated ahead of what is handled
		const r = await readOrdered({
			time: createdTime,
			reader: reader(),
			order: 'newest',
			isKnown: (x) => x.id <= 480 || x.id === 600,
			isHandled: (x) => x.id <= 480,
			maxPerPoll: 100,
		});
		expect(fake.pagesAsked).toEqual([1, 2, 3]);
		expect(unknownIn(r.range, 480).filter((id) => id !== 600)).toEqual(range(481, 500));
	});

	it('many new: finds the boundary by bisection, in O(log pages) requests', async () => {
		const fake = service(2000, 'newest'); // 200 pages of 10
		const r = await readNewest(505, 25); // the first known, 505, is on page 150
		const needed = Math.ceil(25 / 10) + 1;
		expect(fake.requests.length).toBeLessThanOrEqual(
			CHEAP_PAGES + Math.ceil(Math.log2(200)) + needed,
		);
		// The range joins the known ones and holds the oldest 25 new contacts.
		expect(r.range.some((p) => p.contacts.some((x) => x.id <= 505))).toBe(true);
		expect(unknownIn(r.range, 505).slice(0, 25)).toEqual(range(506, 530));
		expect(r.ordered).toBe(true);
		const read = r.range.flatMap((p) => ids(p.contacts)).sort((a, b) => b - a);
		expect(r.rangeTop).toBe(T0 + read[2] * MINUTE_MS);
		expect(r.pagesWaiting).toBe(true); // pages 4 to 146 wait
	});

	it('reads the range in rising page numbers, so contacts added meanwhile skip none', async () => {
		const fake = service(2000, 'newest');
		let next = 5000;
		// Before each answer, 3 contacts are created: every page shifts by 3 toward the end.
		fake.beforeAnswer = () => fake.contacts.push(c(next++), c(next++), c(next++));
		const r = await readNewest(505, 25);
		const pages = r.range.map((p) => p.page).filter((p) => p > CHEAP_PAGES);
		expect(pages).toEqual([...pages].sort((a, b) => a - b));
		expect(unknownIn(r.range, 505).slice(0, 25)).toEqual(range(506, 530));
	});

	it.each([8, 10, 12, 14])(
		'the boundary on the last page and an import over after %d answers: the range has no gap',
		async (answers) => {
			// 25 contacts are created before each answer, then none: the list grows by 2.5 pages a
			// request while the poll reads, so the last page of the first answer is not the end.
			const fake = service(2000, 'newest');
			let next = 5000;
			let answered = 0;
			fake.beforeAnswer = () => {
				if (answered++ >= answers) return;
				for (let i = 0; i < 25; i++) fake.contacts.push(c(next++));
			};
			const r = await readOrdered({
				time: createdTime,
				reader: reader(),
				order: 'newest',
				...knownUpTo(5),
				maxPerPoll: 25,
			});
			const read = new Set(r.range.flatMap((p) => ids(p.contacts)));
			const top = (r.rangeTop! - T0) / MINUTE_MS;
			const unread = [...range(6, 2000), ...range(5000, next - 1)].filter(
				(id) => id <= top && !read.has(id),
			);
			expect(unread).toEqual([]);
			expect(r.range.some((p) => p.contacts.some((x) => x.id <= 5))).toBe(true);
		},
	);

	it('contacts deleted while the poll reads: the range starts again after a page that skipped some', async () => {
		// From the 11th answer on (past the bisection), the 15 newest contacts go before each: the
		// pages move back toward page 1 by 1.5 pages, so a page read after another skipped some.
		const fake = service(2000, 'newest');
		let answered = 0;
		fake.beforeAnswer = () => {
			if (++answered > 10) fake.contacts.splice(-15, 15);
		};
		const r = await readNewest(505, 25);
		const read = new Set(r.range.flatMap((p) => ids(p.contacts)));
		const top = (r.rangeTop! - T0) / MINUTE_MS;
		const present = new Set(ids(fake.contacts));
		const unread = range(506, top).filter((id) => present.has(id) && !read.has(id));
		expect(unread).toEqual([]);
	});

	it('a short gap: the range runs from the boundary up to page 1', async () => {
		service(500, 'newest');
		const r = await readNewest(455, 100); // 45 new: pages 1 to 5
		expect(r.range.map((p) => p.page).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
		expect(unknownIn(r.range, 455)).toEqual(range(456, 500));
		expect(r.pagesWaiting).toBeUndefined(); // it reached the new end
	});

	it('everything new down to the last page: the whole list is the range', async () => {
		service(25, 'newest');
		const r = await readNewest(0, 100);
		expect(unknownIn(r.range, 0)).toEqual(range(1, 25));
	});

	it('takes nothing as handled when the budget ends before the range joins the known ones', async () => {
		service(2000, 'newest');
		let left = 6;
		const r = await readOrdered({
			time: createdTime,
			reader: reader(undefined, () => left-- > 0),
			order: 'newest',
			...knownUpTo(505),
			maxPerPoll: 25,
		});
		expect(r.range).toEqual([]);
		expect(r.ordered).toBe(true);
	});

	// Pages read a moment apart need not line up: during an import the list moves on by more than
	// a page between two answers, and a later page can then hold newer contacts than an earlier one.
	// Only a page out of order in itself says the order broke.
	it.each([
		[
			'says the order broke when a page is not in the order itself',
			[30, 29, 28, 27, 31, 26],
			false,
		],
		['does not take pages that do not line up for a broken order', [30, 29, 28, 31, 27, 26], true],
	])('%s', async (_name, listed, ordered) => {
		new FakeSearch('asListed', 3, [...listed, 5, 4, 3].map(c)).install();
		const r = await readNewest(20, 100);
		expect(r.ordered).toBe(ordered);
	});

	it('reads nothing into the range when the service serves another size than the stored one', async () => {
		service(100, 'newest', 10);
		const r = await readOrdered({
			time: createdTime,
			reader: reader(20),
			order: 'newest',
			...knownUpTo(0),
			maxPerPoll: 100,
		});
		expect(r).toEqual({ range: [], ordered: true });
	});
});

describe('readOrdered, oldest first', () => {
	it('a quiet poll reads only the last page, found from the last count', async () => {
		const fake = service(500, 'oldest');
		const r = await readOldest(500, 100, 500);
		expect(fake.pagesAsked).toEqual([50]);
		expect(r.range.map((p) => p.page)).toEqual([50]);
	});

	it('moves to the last page the service reports when the list grew', async () => {
		const fake = service(530, 'oldest');
		const r = await readOldest(500, 100, 500);
		expect(fake.pagesAsked.slice(0, 4)).toEqual([50, 53, 52, 51]);
		expect(unknownIn(r.range, 500)).toEqual(range(501, 530));
		// Page 50, read first, joins the handled ones; the bisection still probes log2(50) pages.
		expect(fake.requests.length).toBeLessThanOrEqual(4 + Math.ceil(Math.log2(50)));
	});

	it('counts again on page 1 when the list shrank past the last count (404)', async () => {
		const fake = service(480, 'oldest');
		const r = await readOldest(480, 100, 600);
		expect(fake.pagesAsked).toEqual([60, 1, 48]);
		expect(r).toMatchObject({ ordered: true, lastPage: 48 });
	});

	it('a few pages added since the last count: bisects only those, from the page of that count', async () => {
		const fake = service(2000, 'oldest'); // 200 pages of 10; the last poll counted 1,950
		const r = await readOldest(1950, 25, 1950);
		// Page 195 (the last count) joins; pages 196 to 200 are new: 195, 200, 199, 198, then at
		// most two probes (pages 196 and 197) and no more.
		expect(fake.requests.length).toBeLessThanOrEqual(6);
		expect(unknownIn(r.range, 1950)).toEqual(range(1951, 2000));
	});

	it('many new: bisects, then reads from the boundary toward the end, oldest first', async () => {
		const fake = service(2000, 'oldest');
		const r = await readOldest(505, 25, 2000); // 505 is on page 51
		expect(fake.requests.length).toBeLessThanOrEqual(
			1 + CHEAP_PAGES + Math.ceil(Math.log2(200)) + 3,
		);
		expect(r.range.map((p) => p.page)).toEqual([51, 52, 53]);
		expect(unknownIn(r.range, 505).slice(0, 25)).toEqual(range(506, 530));
		expect(r.pagesWaiting).toBe(true); // pages 54 to 200 wait
	});
});

describe('checkOrder: the rolling check', () => {
	const check = (order: Order, checkedTo: number, requests: number, below = 15) =>
		checkOrder({
			time: createdTime,
			reader: reader(10),
			order,
			checkedTo,
			total: 50,
			requests,
			belowFloor: (x) => x.id <= below,
		});

	it('newest first: goes on from where the last poll stopped, to a page below the floor', async () => {
		const fake = service(50, 'newest');
		const a = await check('newest', 0, 2);
		expect(a).toMatchObject({ checkedTo: 20, ordered: true });
		const b = await check('newest', a.checkedTo, 2);
		expect(b.checkedTo).toBe(40);
		const done = await check('newest', b.checkedTo, 2); // page 5: 10..1, all below the floor
		expect(done.checkedTo).toBe(0);
		expect(fake.pagesAsked).toEqual([1, 2, 3, 4, 5]);
	});

	it('oldest first: positions count from the new end (the last page)', async () => {
		const fake = service(50, 'oldest');
		const a = await check('oldest', 0, 3);
		expect(a.checkedTo).toBe(30);
		expect(ids(a.pages[0].contacts)).toEqual(range(41, 50));
		const b = await check('oldest', a.checkedTo, 3);
		expect(b.checkedTo).toBe(0); // page 1 (1..10) is below the floor: a new round
		expect(fake.pagesAsked).toEqual([5, 4, 3, 2, 1]);
	});

	it('starts a new round when the position is past the end of the list', async () => {
		const fake = service(50, 'newest');
		expect(await check('newest', 70, 2)).toEqual({
			pages: [],
			checkedTo: 0,
			ordered: true,
			complete: true,
		});
		expect(fake.requests).toHaveLength(0);
	});

	it('says the order broke at a page out of order, and starts over', async () => {
		const fake = new FakeSearch('asListed', 10);
		fake.contacts = [...range(41, 50).reverse(), 31, 32, ...range(21, 30).reverse()].map(c);
		fake.install();
		const r = await check('newest', 10, 2);
		expect(r).toMatchObject({ checkedTo: 0, ordered: false });
	});

	it('stops where the budget ends, keeping its position', async () => {
		service(50, 'newest');
		let left = 1;
		const r = await checkOrder({
			time: createdTime,
			reader: reader(10, () => left-- > 0),
			order: 'newest',
			checkedTo: 10,
			total: 50,
			requests: 3,
			belowFloor: () => false,
		});
		expect(r.pages.map((p) => p.page)).toEqual([2]);
		expect(r.checkedTo).toBe(20);
	});
});

describe("lateContacts: what a poll takes of the check's pages", () => {
	const upTo = T0 + 5 * MINUTE_MS;
	const input = { time: createdTime, isKnown: (x: Contact) => Number(x.id) <= 5, upTo };
	/** The read met the handled contacts on `met`, of `total` results. */
	const read = (met: number, total = 40) => ({ range: [page(met, [])], total });
	const page = (n: number, ids: number[], total = 40) => ({
		page: n,
		pageSize: 20,
		total,
		contacts: ids.map(c),
	});

	it("takes the contacts up to the read's reach; newer ones wait for the read", () => {
		const out = lateContacts([page(1, [7, 6, 3, 2])], read(1), { ...input, order: 'newest' });
		expect(out.ordered).toBe(true);
		expect(out.pages.map((p) => ids(p.contacts))).toEqual([[3, 2]]);
	});

	it('a newer unknown contact behind where the read met the handled ones, in the same count: the order broke', () => {
		// Newest first, page 2 lies behind page 1; oldest first, page 1 lies behind page 2.
		expect(lateContacts([page(2, [7, 2])], read(1), { ...input, order: 'newest' }).ordered).toBe(
			false,
		);
		expect(lateContacts([page(1, [2, 7])], read(2), { ...input, order: 'oldest' }).ordered).toBe(
			false,
		);
	});

	it('the count changed between the reads (the list moved): the newer contact waits for the read', () => {
		const out = lateContacts([page(2, [7, 2], 41)], read(1), { ...input, order: 'newest' });
		expect(out.ordered).toBe(true);
		expect(out.pages.map((p) => ids(p.contacts))).toEqual([[2]]);
	});
});
