/** Reads of a window the service lists in an order: readOrdered. */
import {
	CHEAP_PAGES,
	readOrdered,
} from '../../../nodes/OutreachContact/trigger/shared/orderedRead';
import { createdTime, MINUTE_MS } from '../../../nodes/OutreachContact/trigger/shared/serviceTime';
import type { Contact } from '../../../nodes/OutreachContact/types';
import { contactAt, FakeSearch } from '../../support/poll';
import { c, ids, knownUpTo, range, reader, service, T0 } from '../../support/orderedList';

jest.mock('../../../nodes/OutreachContact/transport/api', () => ({ searchContacts: jest.fn() }));

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
		// Rising from the last count's page to the new end (readNewEnd), so that contacts added
		// meanwhile leave no gap between them; the read from the new end takes them from the cache.
		expect(fake.pagesAsked).toEqual([50, 51, 52, 53]);
		expect(unknownIn(r.range, 500)).toEqual(range(501, 530));
		expect(r.range.map((p) => p.page).sort((a, b) => a - b)).toEqual([50, 51, 52, 53]);
	});

	// `npm run bench -- trigger`, 100,000 a day, pages of 50 (2026-11-29): the last count's page
	// held 2 contacts, so none handled (the handled point is a range's third newest), and contacts
	// arrived between every two requests. Read falling from the new end, no pair of pages joined,
	// and every few polls bisected (20 requests, contacts 4 minutes late). Now the page before it
	// and it again are read, then the pages to the new end, rising; the read from the new end
	// takes them from the cache and joins them.
	it('the last count held 2 on its page and contacts arrive while it reads: rising, no bisection', async () => {
		const fake = service(527, 'oldest');
		let next = 528;
		fake.beforeAnswer = () => {
			fake.contacts.push(c(next++));
		};
		const r = await readOrdered({
			time: createdTime,
			reader: reader(10),
			order: 'oldest',
			isKnown: (x) => x.id <= 502,
			isHandled: (x) => x.id <= 500,
			maxPerPoll: 100,
			total: 502,
		});
		expect(fake.pagesAsked).toEqual([51, 50, 51, 52, 53]);
		expect(r.ordered).toBe(true);
		expect(r.pagesWaiting).toBeUndefined();
		expect(unknownIn(r.range, 502)).toEqual(range(503, 530));
	});

	// A poll that can send 2 requests, 3 pages past the last count: reading them rising would be
	// cut short before the new end and take nothing, and the next poll the same. It reads the new
	// end instead, and stores where the next poll goes on.
	it('too few requests for the rising read: the new end, and where the next poll goes on', async () => {
		const fake = service(530, 'oldest');
		let sent = 0;
		const r = await readOrdered({
			time: createdTime,
			reader: reader(10, () => ++sent <= 2),
			order: 'oldest',
			...knownUpTo(500),
			maxPerPoll: 100,
			total: 500,
			requestsLeft: () => Math.max(0, 2 - sent),
		});
		expect(fake.pagesAsked).toEqual([50, 53]);
		expect(r.boundary).toBeDefined();
	});

	// The page before was read and the same page again refused (the budget's deadline, say): the
	// copy read first stays, so the poll keeps the count it met (the next one guesses from it).
	it('the page read again refused: the count of the copy read first is kept', async () => {
		service(527, 'oldest');
		let sent = 0;
		const r = await readOrdered({
			time: createdTime,
			reader: reader(10, () => ++sent <= 2),
			order: 'oldest',
			isKnown: (x) => x.id <= 502,
			isHandled: (x) => x.id <= 500,
			maxPerPoll: 100,
			total: 502,
		});
		expect(r.range).toEqual([]);
		expect(r.total).toBe(527);
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
