/**
 * readBacklogRange (trigger/shared/backlogRange.ts): the oldest end of a backlog behind the new
 * end of a newest-first list.
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
	return await readBacklogRange({ reader, from: 3, newEnd: [first], isKnown, maxPerPoll });
}

const pageIds = (pages: ReadPage[]) => pages.flatMap((p) => p.contacts.map((c) => c.id));

describe("a backlog's oldest end", () => {
	it('reads down from the first page of known contacts until it holds Max Contacts per Poll new ones', async () => {
		const range = await read(100);
		// Pages 21 to 50 are known (1 to 300); the range is pages 18 to 20 (301 to 330).
		expect(pageIds(range.pages).sort((a, b) => a - b)).toEqual(ids.slice(300, 330));
		expect(range.partial).toBe(true);
	});

	it('known pages down to the new end: no range (the walk is not held)', async () => {
		const range = await read(100, 30, () => true);
		expect(range).toEqual({ pages: [], partial: false });
	});

	it('a range that reaches the new end is whole', async () => {
		const range = await read(100, 1000);
		expect(range.partial).toBe(false);
	});
});
