/** Whether pages read a moment apart join without a gap (pageJoin.ts). */
import {
	adjoins,
	continues,
	nextTo,
	newBetween,
	readAfter,
} from '../../../nodes/OutreachContact/trigger/shared/pageJoin';
import type { PageReader, ReadPage } from '../../../nodes/OutreachContact/paging/pageReader';
import { c } from '../../support/orderedList';

const page = (n: number, contactIds: number[], total?: number): ReadPage => ({
	page: n,
	contacts: contactIds.map(c),
	pageSize: 3,
	total,
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
	it('fails at a page gone past the end after one that said the list went on: it shrank between them', () => {
		const gone = { page: 3, contacts: [], pageSize: 3, gone: true };
		// Page 2 of 3 (7 contacts), then page 3 is gone: contact 1 moved onto page 2's places.
		expect(continues({ ...page(2, [4, 3, 2], 7), pages: 3 }, gone)).toBe(false);
		// Page 2 was the last: nothing moved onto it.
		expect(continues({ ...page(2, [3, 2, 1], 6), pages: 2 }, gone)).toBe(true);
		expect(continues(page(2, [3, 2, 1], 6), gone)).toBe(true);
	});
});

describe('adjoins: oldest first, a page read after its neighbour joins it', () => {
	// Oldest first, pages of 3 at 30 contacts: page 2 holds 4 to 6, page 3 holds 7 to 9.
	it.each([
		['the count did not change', [4, 5, 6], 30, [7, 8, 9], 30, true],
		['read rising, contacts were added at the new end', [4, 5, 6], 30, [7, 8, 9], 31, true],
		[
			'read rising, a backfill moved page 3 on: it repeats contact 6',
			[4, 5, 6],
			30,
			[6, 7, 8],
			31,
			true,
		],
		[
			'read rising, contact 2 was deleted: contact 7 moved onto page 2 and neither holds it',
			[4, 5, 6],
			30,
			[8, 9, 10],
			29,
			false,
		],
	])('%s: %s', (_what, earlier, earlierTotal, later, laterTotal, expected) => {
		expect(adjoins(page(2, earlier, earlierTotal), page(3, later, laterTotal))).toBe(expected);
	});
	it.each([
		// The seed 28 case: page 3 read first, then a backfill of 3 moved every page on by one, then page 2.
		[
			'read falling, a backfill moved page 2 on: contacts 4 to 6 are on neither',
			[7, 8, 9],
			30,
			[1, 2, 3],
			33,
			false,
		],
		[
			'read falling, a backfill of one moved page 2 on: contact 6 is on neither',
			[7, 8, 9],
			30,
			[3, 4, 5],
			31,
			false,
		],
		[
			'read falling, a deletion moved page 2 back: it repeats contact 7',
			[7, 8, 9],
			30,
			[5, 6, 7],
			29,
			true,
		],
		['read falling, shares a contact though the count grew', [7, 8, 9], 30, [5, 6, 7], 31, true],
	])('%s', (_what, earlier, earlierTotal, later, laterTotal, expected) => {
		expect(adjoins(page(3, earlier, earlierTotal), page(2, later, laterTotal))).toBe(expected);
	});
	it('a page gone past the end joins only read rising after the last page', () => {
		const gone = (n: number): ReadPage => ({ page: n, contacts: [], pageSize: 3, gone: true });
		expect(adjoins({ ...page(2, [4, 5, 6], 6), pages: 2 }, gone(3))).toBe(true);
		expect(adjoins({ ...page(2, [4, 5, 6], 9), pages: 3 }, gone(3))).toBe(false);
		expect(adjoins(page(3, [7, 8, 9], 9), gone(2))).toBe(false);
	});
});

describe('readAfter: a page of a range is read after the page before it', () => {
	/**
	 * A reader whose cache holds `cached`, read after the page before when `cameAfter`; a fresh
	 * read answers `fresh` and counts a request.
	 */
	function readerOf(cached: ReadPage | undefined, fresh: ReadPage, cameAfter = true) {
		const calls: boolean[] = [];
		const r = {
			sent: 0,
			cameAfter: (later: ReadPage) => later === cached && cameAfter,
		} as unknown as PageReader & { sent: number };
		const read = async (isFresh: boolean) => {
			calls.push(isFresh);
			if (isFresh || !cached) {
				(r as { sent: number }).sent++;
				return fresh;
			}
			return cached;
		};
		return { r, read, calls };
	}
	it("takes the copy read after the page before when the count is the page before's", async () => {
		const { r, read, calls } = readerOf(page(3, [7, 8, 9], 30), page(3, [6, 7, 8], 31));
		expect(await readAfter(r, page(2, [4, 5, 6], 30), read)).toEqual(page(3, [7, 8, 9], 30));
		expect(calls).toEqual([false]);
	});
	// Property run, seed 62: the copy was read first, a backfill before the page before and a
	// deletion at the new end left the count as it was, and a contact moved onto the copy's page
	// unread (regressions/cancelledCount.test.ts).
	it('reads again a copy read before the page before, though at its count', async () => {
		const { r, read, calls } = readerOf(page(3, [7, 8, 9], 30), page(3, [6, 7, 8], 30), false);
		expect(await readAfter(r, page(2, [3, 4, 5], 30), read)).toEqual(page(3, [6, 7, 8], 30));
		expect(calls).toEqual([false, true]);
	});
	it('reads the page again when the copy has another count', async () => {
		const { r, read, calls } = readerOf(page(3, [7, 8, 9], 30), page(3, [6, 7, 8], 31));
		expect(await readAfter(r, page(2, [3, 4, 5], 31), read)).toEqual(page(3, [6, 7, 8], 31));
		expect(calls).toEqual([false, true]);
	});
	it('does not read a page it just read again, nor the first page of a range', async () => {
		const first = readerOf(undefined, page(3, [6, 7, 8], 31));
		expect(await readAfter(first.r, page(2, [4, 5, 6], 30), first.read)).toEqual(
			page(3, [6, 7, 8], 31),
		);
		expect(first.calls).toEqual([false]);
		const alone = readerOf(page(3, [7, 8, 9], 30), page(3, [6, 7, 8], 31), false);
		expect(await readAfter(alone.r, undefined, alone.read)).toEqual(page(3, [7, 8, 9], 30));
		expect(alone.calls).toEqual([false]);
	});
});

describe('newBetween: oldest first, new contacts between the last count and a bisection boundary', () => {
	/** A reader whose pages are `pages` (page number -> contact ids), counting what it reads. */
	function readerOf(pages: Record<number, number[]>, budget = 10) {
		const asked: number[] = [];
		const r = {
			read: async (n: number) => {
				if (asked.length >= budget) return undefined;
				asked.push(n);
				return pages[n] ? page(n, pages[n], 30) : { ...page(n, [], 30), gone: true };
			},
		} as unknown as PageReader;
		return { r, asked };
	}
	const knownUpTo = (id: number) => (contact: { id?: unknown }) => Number(contact.id) <= id;
	it('by insertion: the page after the last count holds new contacts, the boundary is a backfill further on', async () => {
		// Contacts 1 to 10 known, 11 to 14 new, 101 to 104 a known backfill, 15 new.
		const { r, asked } = readerOf({ 5: [9, 10], 6: [11, 12], 7: [13, 14], 8: [101, 102] });
		const known = (c: { id?: unknown }) => knownUpTo(10)(c) || Number(c.id) > 100;
		expect(await newBetween(r, 5, 8, known)).toBe(true);
		expect(asked).toEqual([6]);
	});
	it('by creation: contacts a backfill pushed past the last count are known', async () => {
		const { r } = readerOf({ 5: [7, 8], 6: [9, 10], 7: [11, 12] });
		expect(await newBetween(r, 5, 7, knownUpTo(10))).toBe(false);
	});
	it("reads nothing when the boundary is the last count's page or the one after it", async () => {
		const { r, asked } = readerOf({ 5: [9, 10], 6: [11, 12] });
		expect(await newBetween(r, 5, 5, knownUpTo(10))).toBe(false);
		expect(await newBetween(r, 5, 6, knownUpTo(10))).toBe(false);
		expect(asked).toEqual([]);
	});
	it('is undefined out of budget, and false at a page gone past the end', async () => {
		expect(await newBetween(readerOf({}, 0).r, 5, 8, knownUpTo(10))).toBeUndefined();
		expect(await newBetween(readerOf({}).r, 5, 8, knownUpTo(10))).toBe(false);
	});
});

describe('nextTo: oldest first, the page before is read again when the counts leave the join unproved', () => {
	function readerOf(again: ReadPage | undefined) {
		const asked: Array<[number, boolean]> = [];
		const r = {
			read: async (n: number, fresh: boolean) => {
				asked.push([n, fresh]);
				return again;
			},
		} as unknown as PageReader;
		return { r, asked };
	}
	it('joins without a request when the counts prove it', async () => {
		const { r, asked } = readerOf(undefined);
		expect(await nextTo(r, page(2, [4, 5, 6], 30), page(3, [7, 8, 9], 31))).toBe(true);
		expect(asked).toEqual([]);
	});
	it('read rising, the count shrank: joins when the page before is unchanged at the new count', async () => {
		// The newest contact was deleted between the two reads: nothing before page 3 moved.
		const { r, asked } = readerOf(page(2, [4, 5, 6], 29));
		expect(await nextTo(r, page(2, [4, 5, 6], 30), page(3, [7, 8, 9], 29))).toBe(true);
		expect(asked).toEqual([[2, true]]);
	});
	it('read rising, contact 2 was deleted: the page before moved on, no join', async () => {
		const { r } = readerOf(page(2, [5, 6, 7], 29));
		expect(await nextTo(r, page(2, [4, 5, 6], 30), page(3, [8, 9, 10], 29))).toBe(false);
	});
	it('no join when the page before comes back at another count; undefined out of budget', async () => {
		expect(
			await nextTo(
				readerOf(page(2, [4, 5, 6], 28)).r,
				page(2, [4, 5, 6], 30),
				page(3, [7, 8, 9], 29),
			),
		).toBe(false);
		expect(
			await nextTo(readerOf(undefined).r, page(2, [4, 5, 6], 30), page(3, [7, 8, 9], 29)),
		).toBeUndefined();
	});
	it('read falling after an import at the new end: joins when the page above is unchanged', async () => {
		const { r } = readerOf(page(3, [7, 8, 9], 33));
		expect(await nextTo(r, page(3, [7, 8, 9], 30), page(2, [4, 5, 6], 33))).toBe(true);
	});
});
