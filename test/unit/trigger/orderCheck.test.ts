/** The check that a list keeps its order (orderCheck.ts): keepsOrder, the rolling check and lateContacts. */
import type { ReadPage } from '../../../nodes/OutreachContact/paging/pageReader';
import {
	checkOrder,
	keepsOrder,
	keepsPlace,
	lateContacts,
} from '../../../nodes/OutreachContact/trigger/shared/orderCheck';
import {
	createdTime,
	MINUTE_MS,
	type Order,
} from '../../../nodes/OutreachContact/trigger/shared/serviceTime';
import type { Contact } from '../../../nodes/OutreachContact/types';
import { contactAt, FakeSearch } from '../../support/poll';
import { c, ids, pagesOf, range, reader, service, T0 } from '../../support/orderedList';

jest.mock('../../../nodes/OutreachContact/transport/api', () => ({ searchContacts: jest.fn() }));

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

describe("keepsPlace: a new contact left waiting out of the order's place", () => {
	/** Pages of ids (dated by id) in `order`'s page numbers, all in one count unless `total` says. */
	const pages = (lists: number[][], total: Array<number | undefined> = []): ReadPage[] =>
		lists.map((list, i) => ({
			page: i + 1,
			pageSize: 3,
			contacts: list.map(c),
			total: total[i] ?? 100,
		}));
	/** Contacts up to 10 are known. */
	const input = (maxPerPoll: number, order: Order = 'newest') => ({
		order,
		time: createdTime,
		isKnown: (x: Contact) => Number(x.id) <= 10,
		maxPerPoll,
	});

	it('holds for a range by creation, whatever waits', () => {
		expect(
			keepsPlace(
				pages([
					[16, 15, 14],
					[13, 12, 11],
					[10, 9],
				]),
				input(2),
			),
		).toBe(true);
	});

	it('breaks when a page edge hides a waiting contact dated after one nearer the new end', () => {
		// By insertion newest first: 30 (dated ahead) begins page 2, behind 12 and 11.
		const range = pages([
			[13, 12, 11],
			[30, 10, 9],
		]);
		expect(keepsPlace(range, input(3))).toBe(false);
		// Emitted now (Max Contacts per Poll 4 takes 30 too), nothing waits behind the poll.
		expect(keepsPlace(range, input(4))).toBe(true);
	});

	it('counts the places the rolling check takes', () => {
		const range = pages([
			[13, 12, 11],
			[30, 10, 9],
		]);
		// A contact searchable late, older than all of them, takes one of the 4 places.
		const late = [{ page: 9, pageSize: 3, contacts: [contactAt(55, T0 + 5.5 * MINUTE_MS)] }];
		expect(keepsPlace(range, input(4), late)).toBe(false);
	});

	it('judges pages of another count within themselves only (the list moved between them)', () => {
		expect(
			keepsPlace(
				pages(
					[
						[13, 12, 11],
						[30, 10, 9],
					],
					[100, 101],
				),
				input(3),
			),
		).toBe(true);
	});

	it('reads an oldest first range from its last page', () => {
		// Oldest first, page 2 is the new end: 11 to 13, then 30 on page 1 behind them.
		expect(
			keepsPlace(
				pages([
					[9, 10, 30],
					[11, 12, 13],
				]),
				input(3, 'oldest'),
			),
		).toBe(false);
		expect(
			keepsPlace(
				pages([
					[9, 10, 11],
					[12, 13, 30],
				]),
				input(3, 'oldest'),
			),
		).toBe(true);
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
