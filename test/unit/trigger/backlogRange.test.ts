/**
 * readBacklogRange (trigger/shared/backlogRange.ts): the oldest end of a backlog behind the new
 * end of a newest-first list, and where the next poll goes on when the budget stops the read.
 */
import { PageReader, type ReadPage } from '../../../nodes/OutreachContact/paging/pageReader';
import { readBacklogRange } from '../../../nodes/OutreachContact/trigger/shared/backlogRange';
import { MINUTE_MS } from '../../../nodes/OutreachContact/trigger/shared/serviceTime';
import { contactAt, FakeSearch, pollContext } from '../../support/poll';

jest.mock('../../../nodes/OutreachContact/transport/api', () => ({ searchContacts: jest.fn() }));

const T0 = Date.UTC(2026, 10, 20, 9, 0, 0);
/** 500 contacts, pages of 10, newest first: 1 to 300 known (emitted before a pause), 301 to 500 new. */
const ids = Array.from({ length: 500 }, (_, i) => i + 1);
const known = (c: { id: number }) => c.id <= 300;

async function read(
	requests: number,
	from?: { lo: number; hi: number },
	maxPerPoll = 30,
	isKnown: (c: { id: number }) => boolean = known,
) {
	const fake = new FakeSearch(
		'newest',
		10,
		ids.map((id) => contactAt(id, T0 + id * MINUTE_MS)),
	);
	fake.install();
	let left = requests;
	const reader = new PageReader(pollContext, [], 10, () => left-- > 0);
	const first = (await reader.read(1)) as ReadPage;
	const range = await readBacklogRange({
		reader,
		page: 3,
		newEnd: [first],
		isKnown,
		maxPerPoll,
		...(from ? { from } : {}),
	});
	return { range, asked: fake.pagesAsked.slice(1) };
}

const pageIds = (pages: ReadPage[]) => pages.flatMap((p) => p.contacts.map((c) => c.id));

describe("a backlog's oldest end", () => {
	it('reads down from the first page of known contacts until it holds Max Contacts per Poll new ones', async () => {
		const { range } = await read(100);
		// Pages 21 to 50 are known (1 to 300); the range is pages 18 to 20 (301 to 330).
		expect(pageIds(range.pages).sort((a, b) => a - b)).toEqual(ids.slice(300, 330));
		expect(range.partial).toBe(true);
		// Its oldest 30 are emitted: the next poll goes on below page 18.
		expect(range.next).toEqual({ lo: 17, hi: 18 });
	});

	it('the budget stops the search: the next poll goes on between its bounds, and finds the same range', async () => {
		const stopped = await read(3);
		expect(stopped.range).toMatchObject({ pages: [], stopped: true });
		const { lo, hi } = stopped.range.next!;
		expect(lo).toBeLessThanOrEqual(20);
		expect(hi).toBeGreaterThanOrEqual(21);
		expect(hi - lo).toBeLessThan(50);
		const resumed = await read(100, { lo, hi });
		expect(pageIds(resumed.range.pages).sort((a, b) => a - b)).toEqual(ids.slice(300, 330));
		// It does not search again below `lo` or above `hi`.
		expect(resumed.asked.every((page) => page >= lo && page <= hi)).toBe(true);
	});

	it('no request left for the range: the next poll reads it from the boundary', async () => {
		// A poll before found the boundary (page 21); this one has only the new end's request.
		const { range } = await read(1, { lo: 20, hi: 21 });
		expect(range).toMatchObject({ pages: [], stopped: true, next: { lo: 20, hi: 21 } });
	});

	it('bounds a page or more too far: it reads known pages on the way, and the next poll goes on below', async () => {
		// Pages 28 to 30 hold 201 to 230, all known, and the budget ends there.
		const { range } = await read(4, { lo: 30, hi: 31 });
		expect(range).toEqual({ pages: [], partial: false, next: { lo: 27, hi: 28 }, stopped: true });
		// With the budget to go on, it reaches the backlog's oldest end (page 20, 301 to 310).
		const going = await read(100, { lo: 30, hi: 31 });
		const fresh = pageIds(going.range.pages).filter((id) => !known({ id }));
		expect(fresh.sort((a, b) => a - b)).toEqual(ids.slice(300, 330));
	});

	it('known pages down to the new end: no range, no place to go on (the walk is not held)', async () => {
		const { range } = await read(100, { lo: 30, hi: 31 }, 30, () => true);
		expect(range).toEqual({ pages: [], partial: false });
	});

	it('a range that reaches the new end leaves no place to go on', async () => {
		const { range } = await read(100, undefined, 1000);
		expect(range.partial).toBe(false);
		expect(range.next).toBeUndefined();
	});
});
