/** walkStep: a read of the whole window spread over polls. */
import { searchContacts } from '../../../nodes/OutreachContact/transport/api';
import { PageReader } from '../../../nodes/OutreachContact/paging/pageReader';
import { pageAllowance } from '../../../nodes/OutreachContact/paging/pager';
import { walkStep, type WalkPosition } from '../../../nodes/OutreachContact/trigger/shared/walk';
import { LOCATE_PAGES, placeRead } from '../../../nodes/OutreachContact/trigger/shared/walkAnchor';
import { readAnchored } from '../../../nodes/OutreachContact/trigger/shared/ledger/storedPositions';
import {
	createdTime,
	DAY_MS,
	MINUTE_MS,
} from '../../../nodes/OutreachContact/trigger/shared/serviceTime';
import type { Contact } from '../../../nodes/OutreachContact/types';
import { contactAt, FakeSearch, pollContext } from '../../support/poll';

jest.mock('../../../nodes/OutreachContact/transport/api', () => ({ searchContacts: jest.fn() }));
const search = jest.mocked(searchContacts);

const T0 = Date.UTC(2026, 2, 10, 9, 0, 0);
const c = (id: number) => contactAt(id, T0 + id * MINUTE_MS);
const range = (from: number, to: number) =>
	Array.from({ length: to - from + 1 }, (_, i) => from + i);
const start: WalkPosition = { page: 1, newest: null };

function service(contacts: Contact[], order: FakeSearch['order'] = 'asListed', cap = 10) {
	const fake = new FakeSearch(order, cap);
	fake.contacts = contacts;
	return fake.install();
}

/** One step; `known` ids are not new. */
async function step(
	position: WalkPosition,
	known: Set<number> | ((c: Contact) => boolean),
	options: {
		maxPerPoll?: number;
		take?: () => boolean;
		maxPages?: number;
		size?: number;
		whole?: boolean;
		records?: boolean;
		taken?: unknown[];
	} = {},
) {
	const reader = new PageReader(pollContext, [], options.size ?? 10, options.take ?? (() => true));
	return await walkStep({
		reader,
		position,
		maxPerPoll: options.maxPerPoll ?? 100,
		time: createdTime,
		isKnown: typeof known === 'function' ? known : (x) => known.has(x.id),
		horizon: T0 + DAY_MS,
		maxPages: options.maxPages,
		whole: options.whole,
		records: options.records,
		taken: options.taken,
	});
}

const idsRead = (s: { pages: Array<{ contacts: Contact[] }> }) =>
	s.pages.flatMap((p) => p.contacts.map((x) => x.id));

beforeEach(() => search.mockReset());

describe('walkStep', () => {
	it('reads every page to the end in one step when nothing limits it, and tells the order', async () => {
		const fake = service(range(1, 45).map(c), 'newest');
		const s = await step(start, new Set(range(1, 45)));
		expect(fake.pagesAsked).toEqual([1, 2, 3, 4, 5]);
		expect(s.complete).toBe(true);
		expect(s.inconsistent).toBeUndefined();
		expect(s.order).toBe('newest');
		// The third newest it read: one or two contacts dated ahead do not set it.
		expect(s.position.newest).toBe(T0 + 43 * MINUTE_MS);
	});

	it('does not take a date beyond the horizon for the newest it read', async () => {
		service([contactAt(99, T0 + 3 * DAY_MS), c(5), c(4), c(3)]);
		const s = await step(start, new Set());
		expect(s.position.newest).toBe(T0 + 3 * MINUTE_MS);
		expect(s.position.tops).toEqual([5, 4, 3].map((m) => T0 + m * MINUTE_MS));
	});

	// A contact read again (one added at the front between its pages moved page 1's last onto page
	// 2) counts once: counted twice, the two dated 5 hours ahead were the three newest by themselves.
	it('counts a contact read again once toward its newest', async () => {
		const ahead = [contactAt(90, T0 + 300 * MINUTE_MS), contactAt(91, T0 + 301 * MINUTE_MS)];
		const fake = new FakeSearch('asListed', 2);
		fake.contacts = [...ahead, c(5), c(4), c(3), c(2)];
		fake.beforeAnswer = (page) => {
			if (page === 2 && fake.contacts.length === 6) fake.contacts.unshift(c(1));
		};
		fake.install();
		const s = await step(start, new Set(), { size: 2 });
		expect(fake.pagesAsked.slice(0, 2)).toEqual([1, 2]);
		expect(s.position.newest).toBe(T0 + 5 * MINUTE_MS);
	});

	// Issue 33 (class a, found by the property test): on an empty account one contact dated hours
	// ahead was the walk's newest, and the floor followed it past the contacts that came next.
	it('takes no newest from fewer than three dates', async () => {
		service([c(5), c(4)]);
		const s = await step(start, new Set());
		expect(s.complete).toBe(true);
		expect(s.position.newest).toBeNull();
	});

	it('stops before a page that would pass Max Contacts per Poll, and goes on there next poll', async () => {
		const fake = service(range(1, 50).map(c));
		const first = await step(start, new Set(), { maxPerPoll: 25 });
		expect(first.complete).toBe(false);
		expect(idsRead(first)).toEqual(range(1, 20));
		expect(first.position.page).toBe(3); // page 3 would bring 30: it is left for the next poll
		const second = await step(first.position, new Set(range(1, 20)), { maxPerPoll: 25 });
		expect(idsRead(second)).toEqual(range(21, 40));
		const third = await step(second.position, new Set(range(1, 40)), { maxPerPoll: 25 });
		expect(idsRead(third)).toEqual(range(41, 50));
		expect(third.complete).toBe(true);
		expect(fake.pagesAsked).toEqual([1, 2, 3, 3, 4, 5, 5]);
	});

	it('stops after a page that brings exactly Max Contacts per Poll, past it', async () => {
		service(range(1, 50).map(c));
		const s = await step(start, new Set(), { maxPerPoll: 20 });
		expect(idsRead(s)).toEqual(range(1, 20));
		expect(s.position.page).toBe(3);
		expect(s.complete).toBe(false);
	});

	it('keeps a first page with more new contacts than one poll emits, and reads it again next poll', async () => {
		service(range(1, 30).map(c));
		const s = await step(start, new Set(), { maxPerPoll: 4 });
		expect(idsRead(s)).toEqual(range(1, 10)); // collected: the oldest 4 are emitted
		expect(s.position.page).toBe(1);
		expect(s.complete).toBe(false);
	});

	it("counts the new contacts the poll read elsewhere (the new end's) toward Max Contacts per Poll", async () => {
		service(range(1, 50).map(c));
		// 20 a poll, 5 taken by the new end: page 2 would bring 25, and it waits for the next poll.
		const s = await step(start, new Set(), { maxPerPoll: 20, taken: [101, 102, 103, 104, 105] });
		expect(idsRead(s)).toEqual(range(1, 10));
		expect(s.position.page).toBe(2);
		// Without them, the walk passed page 2 (survey 240000: a contact left on it never came).
		const alone = await step(start, new Set(), { maxPerPoll: 20 });
		expect(alone.position.page).toBe(3);
		// The new end's fill Max Contacts per Poll: the walk's first page is still read, so that its
		// older contacts go first, and the walk stays on it.
		const full = await step(start, new Set(), { maxPerPoll: 5, taken: [101, 102, 103, 104, 105] });
		expect(idsRead(full)).toEqual(range(1, 10));
		expect(full.position.page).toBe(1);
		// Pages without new contacts are passed whatever the new end holds (helper-27: a walk that
		// stayed on them came only when arrivals stopped, hours late).
		const past = await step(start, new Set(range(1, 20)), {
			maxPerPoll: 5,
			taken: [101, 102, 103, 104, 105],
		});
		expect(idsRead(past)).toEqual(range(1, 30));
		expect(past.position.page).toBe(3);
	});

	it('counts only new contacts: pages of known ones do not use Max Contacts per Poll', async () => {
		service(range(1, 100).map(c));
		const s = await step(start, new Set(range(1, 95)), { maxPerPoll: 5 });
		expect(s.complete).toBe(true);
		expect(idsRead(s)).toHaveLength(100);
	});

	it('ends at a page that repeats the page before, as inconsistent', async () => {
		search.mockImplementation(async (_c, _k, page) => ({
			contacts: [c(1), c(2)],
			pagination: { total_contacts: 40, page, total_pages: 20, page_size: 2 },
		}));
		const s = await step(start, new Set([1, 2]), { size: 2 });
		expect(search).toHaveBeenCalledTimes(2);
		expect(s.complete).toBe(true);
		expect(s.pages).toHaveLength(1);
		expect(s.inconsistent).toBe('page 2 repeated page 1; the walk ended there');
	});

	it('ends past the pages its first answer announced (an endless pager), as inconsistent', async () => {
		// Every answer announces one more page, each with a contact not met before.
		search.mockImplementation(async (_c, _k, page) => ({
			contacts: [c(page)],
			pagination: { total_contacts: page + 1, page, total_pages: page + 1, page_size: 1 },
		}));
		const s = await step(start, () => true, { size: 1 });
		expect(search.mock.calls.map((call) => call[2])).toEqual(range(1, pageAllowance(2)));
		expect(s.complete).toBe(true);
		expect(s.inconsistent).toMatch(
			/^page 4 reported 5 pages \(5 contacts\), past the 4 its allowance gave/,
		);
		// Left as any page: a walk that goes on (sampling.ts, cutShort) does not take page 4 again.
		expect(s.position.page).toBe(5);
	});

	it('keeps the page allowance of its first page over polls', async () => {
		search.mockImplementation(async (_c, _k, page) => ({
			contacts: [c(page)],
			pagination: { total_contacts: page + 1, page, total_pages: page + 1, page_size: 1 },
		}));
		const first = await step(start, () => true, { size: 1, maxPages: 2 });
		expect(first.position).toMatchObject({ page: 3, limit: pageAllowance(2) });
		const second = await step(first.position, () => true, { size: 1 });
		expect(second.inconsistent).toBeDefined();
		expect(search.mock.calls.map((call) => call[2])).toEqual([1, 2, 3, 4]);
	});

	it('stops where the budget ends and goes on from there, the order watch included', async () => {
		// Rising on pages 1-2, falling on page 3: neither order.
		service([...range(1, 20), ...range(21, 30).reverse()].map(c));
		let left = 2;
		const first = await step(start, new Set(), { take: () => left-- > 0 });
		expect(first.complete).toBe(false);
		expect(first.pages.map((p) => p.page)).toEqual([1, 2]);
		expect(first.position.page).toBe(3);
		const second = await step(first.position, new Set(range(1, 20)));
		expect(second.complete).toBe(true);
		expect(second.order).toBe('unordered');
		expect(second.position.newest).toBe(T0 + 28 * MINUTE_MS);
	});

	it('reads at most maxPages pages a poll', async () => {
		const fake = service(range(1, 100).map(c));
		const s = await step(start, () => true, { maxPages: 1 });
		expect(fake.pagesAsked).toEqual([1]);
		expect(s.position.page).toBe(2);
		expect(s.complete).toBe(false);
	});

	it('ends at a page past the end (404), and at a short page when there are no totals', async () => {
		const fake = service(range(1, 20).map(c));
		const gone = await step({ page: 3, newest: null }, () => true);
		expect(gone).toMatchObject({ complete: true, pages: [{ page: 3, gone: true }] });
		expect(fake.pagesAsked).toEqual([3]);
		search.mockImplementation(async (_c, _k, page) => ({
			contacts: page === 1 ? range(1, 10).map(c) : range(11, 14).map(c),
			pagination: { page, page_size: 10 } as never,
		}));
		const short = await step(start, () => true);
		expect(short.complete).toBe(true);
		expect(short.pages).toHaveLength(2);
	});
});

/**
 * A walk that stands for "what was there" reads back where its list shrank (walkAnchor.ts). Each
 * rule has a case that fails when it is taken out: the read back, the contact after the anchor,
 * the bound of LOCATE_PAGES, a read back once a page.
 */
describe('a walk that must be whole, where its list shrinks', () => {
	it('contacts deleted between two of its pages: it reads back and meets every contact that stayed', async () => {
		const fake = service(range(1, 50).map(c), 'oldest');
		// After page 2 is answered, 5 contacts of page 1 are deleted: 21 to 25 move onto page 2.
		fake.beforeAnswer = (page) => {
			if (page === 3 && fake.contacts.length === 50)
				fake.contacts = fake.contacts.filter((x) => x.id > 5);
		};
		const whole = await step(start, () => false, { whole: true, maxPerPoll: Infinity });
		expect(idsRead(whole).sort((a, b) => a - b)).toEqual(range(1, 50));
		expect(whole.complete).toBe(true);
		expect(whole.position.shrank).toBeUndefined();
		// Page 3 showed the smaller count; page 2 was read again from after the anchor (20), then
		// page 3 again, as it is now.
		expect(fake.requests.map((r) => r.page)).toEqual([1, 2, 3, 2, 3, 4, 5]);
		// The same list, read as before walkAnchor.ts: 21 to 25 are never met.
		fake.contacts = range(1, 50).map(c);
		fake.requests.length = 0;
		const plain = await step(start, () => false, { maxPerPoll: Infinity });
		expect(idsRead(plain)).not.toEqual(expect.arrayContaining([21, 22, 23, 24, 25]));
		expect(plain.position.shrank).toBe(true);
	});

	it('between polls: the next poll reads back from where the last stopped', async () => {
		const fake = service(range(1, 40).map(c), 'oldest');
		let n = 0;
		const first = await step(start, () => false, {
			whole: true,
			maxPerPoll: Infinity,
			take: () => ++n <= 2,
		});
		expect(idsRead(first)).toEqual(range(1, 20));
		expect(first.position.anchor).toEqual({
			ids: ['18', '19', '20'],
			head: ['11', '12', '13'],
			total: 40,
		});
		fake.contacts = fake.contacts.filter((x) => x.id % 4 !== 0); // 10 deleted, 5 before 20
		const second = await step(first.position, () => false, { whole: true, maxPerPoll: Infinity });
		expect(idsRead(second).sort((a, b) => a - b)).toEqual(range(21, 40).filter((i) => i % 4));
		expect(second.position.shrank).toBeUndefined();
	});

	it('contacts added before its anchor: it goes on from the contact after the anchor', () => {
		const position: WalkPosition = {
			page: 3,
			newest: null,
			anchor: { ids: ['18', '19', '20'], total: 40 },
		};
		const page = { page: 3, pageSize: 10, total: 45, contacts: range(16, 25).map(c) };
		const placed = placeRead(page, position, createdTime);
		expect(placed !== 'skip' && placed.contacts.map((x) => x.id)).toEqual(range(21, 25));
	});

	it(`reads back at most ${LOCATE_PAGES} pages, then goes on and proves nothing`, async () => {
		// Two pages more than the bound are read first, so that the bound stops the read back, not
		// page 1.
		const read = LOCATE_PAGES + 2;
		const fake = service(range(1, 10 * (read + 2)).map(c), 'oldest');
		let n = 0;
		const first = await step(start, () => false, {
			whole: true,
			maxPerPoll: Infinity,
			take: () => ++n <= read,
		});
		expect(first.position.page).toBe(read + 1);
		// The anchor's contacts and every one before them go: the anchor is nowhere.
		fake.contacts = fake.contacts.filter((x) => x.id > 10 * read);
		fake.requests.length = 0;
		const second = await step(first.position, () => false, { whole: true, maxPerPoll: Infinity });
		expect(fake.requests[0].page).toBe(read + 1);
		const back = fake.requests.slice(1, 1 + LOCATE_PAGES).map((r) => r.page);
		expect(back).toEqual(range(read - LOCATE_PAGES + 1, read).reverse());
		// No page before the bound is asked for: it goes on forward from the last page read back.
		expect(Math.min(...fake.requests.map((r) => r.page))).toBe(read - LOCATE_PAGES + 1);
		expect(second.position.shrank).toBe(true);
		expect(second.complete).toBe(true);
	});

	it('reads back from a page once: a list that shrinks at every read still ends', async () => {
		const fake = service(range(1, 200).map(c), 'oldest');
		// Every answer after the first: the oldest contact goes.
		fake.beforeAnswer = () => {
			if (fake.requests.length > 1) fake.contacts = fake.contacts.slice(1);
		};
		const s = await step(start, () => false, { whole: true, maxPerPoll: Infinity });
		expect(s.complete).toBe(true);
		const pages = fake.requests.map((r) => r.page);
		// Each page read at most three times (read, read back from the next, read again).
		for (const p of new Set(pages))
			expect(pages.filter((x) => x === p).length).toBeLessThanOrEqual(3);
		// It could not prove its window, and says so.
		expect(s.position.shrank).toBe(true);
	});

	it('at 1 request a poll, with a contact deleted before every poll: it reads back from a page once, and ends', async () => {
		const fake = service(range(1, 100).map(c), 'oldest');
		let position: WalkPosition = start;
		let complete = false;
		let polls = 0;
		for (; polls < 60 && !complete; polls++) {
			// Before each poll the oldest contact still there goes: the list shrinks before the walk.
			if (polls > 0) fake.contacts = fake.contacts.slice(1);
			let n = 0;
			const s = await step(position, () => false, {
				whole: true,
				maxPerPoll: Infinity,
				take: () => ++n <= 1,
			});
			position = s.position;
			complete = s.complete;
		}
		// 10 pages: a page a poll, and once a page the page before it and the page again.
		expect(complete).toBe(true);
		expect(polls).toBeLessThanOrEqual(30);
		expect(position.shrank).toBe(true);
	});

	// The cases below are a reviewer's (helper-7, 2026-11-27), each failing on f441019.
	it('newest first: contacts added at the front while it reads back do not make it skip the page it read before', async () => {
		const fake = service(range(1, 60).map(c), 'newest');
		const first = await step(start, () => false, {
			whole: true,
			maxPerPoll: Infinity,
			maxPages: 2,
		});
		fake.contacts = fake.contacts.filter((x) => x.id <= 55); // 5 before the anchor go
		let n = 0;
		fake.beforeAnswer = () => {
			// While it reads page 2 back: the 3 oldest go and 3 new come at the front.
			if (++n === 2) {
				fake.contacts = fake.contacts.filter((x) => x.id > 3);
				fake.contacts.push(...[101, 102, 103].map(c));
			}
		};
		const second = await step(first.position, () => false, { whole: true, maxPerPoll: Infinity });
		const met = new Set([...idsRead(first), ...idsRead(second)]);
		expect(range(4, 55).filter((i) => !met.has(i))).toEqual([]);
	});

	it('one page a poll, the newest contacts (not yet read) deleted before two polls: nothing moved, the walk proves its window', async () => {
		const fake = service(range(1, 60).map(c), 'oldest');
		let position: WalkPosition = start;
		const met = new Set<number>();
		for (let poll = 0; poll < 30; poll++) {
			if (poll === 2 || poll === 3) fake.contacts = fake.contacts.filter((x) => x.id !== 61 - poll);
			const s = await step(position, () => false, {
				whole: true,
				maxPerPoll: Infinity,
				maxPages: 1,
			});
			idsRead(s).forEach((id) => met.add(id));
			position = s.position;
			if (s.complete) break;
		}
		expect(fake.contacts.filter((x) => !met.has(x.id))).toEqual([]);
		expect(position.shrank).toBeUndefined();
	});

	it('a service that reports no count, a list of whole pages: the page past the end is its end, not a shrink', async () => {
		const fake = service(range(1, 60).map(c), 'oldest');
		const answer = fake.answer;
		search.mockImplementation(async (...args: Parameters<typeof answer>) => {
			const page = await answer(...args);
			const { page: at, page_size } = page.pagination!;
			return { ...page, pagination: { page: at, page_size } } as typeof page;
		});
		const s = await step(start, () => false, { whole: true, maxPerPoll: Infinity });
		expect(s.complete).toBe(true);
		expect(fake.pagesAsked).toEqual([1, 2, 3, 4, 5, 6, 7]);
		expect(s.position.shrank).toBeUndefined();
	});

	it('a stored anchor is read back as written; anything else is left out', () => {
		expect(
			readAnchored({
				anchor: { ids: ['1', '2', '3', '4'], total: 9 },
				readingBack: { from: 3 },
				readBackFrom: 3,
			}),
		).toEqual({
			anchor: { ids: ['2', '3', '4'], total: 9 },
			readingBack: { from: 3 },
			readBackFrom: 3,
		});
		expect(readAnchored({ anchor: { ids: ['7'], total: 30, moved: 12 } })).toEqual({
			anchor: { ids: ['7'], total: 30, moved: 12 },
		});
		expect(readAnchored({ anchor: { ids: ['7'], moved: -1 } })).toEqual({ anchor: { ids: ['7'] } });
		expect(readAnchored({ anchor: { ids: ['9'], head: ['1', '2', '3', '4'] } })).toEqual({
			anchor: { ids: ['9'], head: ['1', '2', '3'] },
		});
		expect(readAnchored({ anchor: { ids: ['9'], head: [5, 'x'.repeat(65), '6'] } })).toEqual({
			anchor: { ids: ['9'], head: ['6'] },
		});
		expect(readAnchored({ anchor: { ids: ['9'], head: 'x' } })).toEqual({ anchor: { ids: ['9'] } });
		expect(readAnchored({ readingBack: { from: 4, recheck: true } })).toEqual({
			readingBack: { from: 4, recheck: true },
		});
		expect(readAnchored({ readingBack: { from: 4, recheck: 'yes' } })).toEqual({
			readingBack: { from: 4 },
		});
		expect(
			readAnchored({ anchor: { ids: [1, 'x'.repeat(65)] }, readingBack: null, readBackFrom: 0 }),
		).toEqual({});
	});
});

describe('a walk that records what was there, going on in a new poll', () => {
	/** Two pages (1 to 20) in a first poll; then `change` between the polls; then the rest. */
	async function twoPolls(
		order: FakeSearch['order'],
		change: (fake: FakeSearch) => void,
		records = true,
	) {
		const fake = service(range(1, 40).map(c), order);
		let n = 0;
		const first = await step(start, () => false, {
			whole: true,
			records,
			maxPerPoll: Infinity,
			take: () => ++n <= 2,
		});
		change(fake);
		fake.requests.length = 0;
		const second = await step(first.position, () => false, {
			whole: true,
			records,
			maxPerPoll: Infinity,
		});
		return { fake, met: new Set([...idsRead(first), ...idsRead(second)]), second };
	}

	// 3 deleted before the anchor (20) and 5 added after the end: the count grows, the shrink does
	// not show, and 21 to 23 move onto page 2 (the deletions class, walkAnchor.ts).
	const deleteBeforeAddAfter = (fake: FakeSearch) => {
		fake.contacts = [...fake.contacts.filter((x) => x.id > 3), ...range(41, 45).map(c)];
	};

	it('oldest first: contacts deleted before it and more added after it: it reads the anchor page again and meets every contact that stayed', async () => {
		const { fake, met, second } = await twoPolls('oldest', deleteBeforeAddAfter);
		expect(range(4, 45).filter((i) => !met.has(i))).toEqual([]);
		expect(fake.requests[0].page).toBe(2);
		expect(second.position.shrank).toBeUndefined();
		// Without the recheck (a walk that does not record), 21 to 23 are never met.
		const plain = await twoPolls('oldest', deleteBeforeAddAfter, false);
		expect(range(4, 45).filter((i) => !plain.met.has(i))).toEqual([21, 22, 23]);
	});

	it('nothing changed: the anchor ends its page, and the walk goes on from the next page', async () => {
		const { fake, met } = await twoPolls('oldest', () => {});
		expect(range(1, 40).filter((i) => !met.has(i))).toEqual([]);
		expect(fake.requests.map((r) => r.page)).toEqual([2, 3, 4]);
	});

	it('contacts added before the anchor: the recheck does not meet it, and the walk goes on where it stopped', async () => {
		// 15 backfilled contacts dated before 1 move the anchor (18 to 20) onto page 3.
		const backfill = (fake: FakeSearch) => {
			const early = range(101, 115).map((id) => contactAt(id, T0 - id * MINUTE_MS));
			fake.contacts = [...early, ...fake.contacts];
		};
		const { fake, met, second } = await twoPolls('oldest', backfill);
		expect(range(1, 40).filter((i) => !met.has(i))).toEqual([]);
		expect(fake.requests.map((r) => r.page).slice(0, 2)).toEqual([2, 3]);
		expect(second.position.shrank).toBeUndefined();
		// Page 3 holds 6 to 15, read before and dated below 20, the last the walk read: compared
		// with it, they fell, and the list counted as in no order, so that the next poll did not
		// recheck (the property test, seed 91, schedule 9725). The order stays.
		expect(second.order).toBe('oldest');
		expect(second.position.falls).toBeUndefined();
	});

	/** twoPolls on 40 contacts whose dates rise and fall as listed: a list in no order. */
	async function noOrderTwoPolls(change: (fake: FakeSearch) => void) {
		const fake = service(
			range(1, 40).map((id) => contactAt(id, T0 + ((id * 7) % 40) * MINUTE_MS)),
			'asListed',
		);
		let n = 0;
		const first = await step(start, () => false, {
			whole: true,
			records: true,
			maxPerPoll: Infinity,
			take: () => ++n <= 2,
		});
		expect(first.position).toMatchObject({ rises: true, falls: true });
		change(fake);
		fake.requests.length = 0;
		const second = await step(first.position, () => false, {
			whole: true,
			records: true,
			maxPerPoll: Infinity,
		});
		return { fake, met: new Set([...idsRead(first), ...idsRead(second)]) };
	}

	it('in no order: one deleted before it and one added after it: it reads the anchor page again and meets every contact that stayed', async () => {
		// The count stays (40): contact 21 moves onto page 2, read in the first poll (helper-87).
		const { fake, met } = await noOrderTwoPolls((f) => {
			f.contacts = [...f.contacts.filter((x) => x.id !== 5), contactAt(41, T0)];
		});
		expect(fake.requests[0].page).toBe(2);
		expect(range(1, 41).filter((i) => i !== 5 && !met.has(i))).toEqual([]);
	});

	it('in no order: a page deleted before it and as many added after it: the recheck misses the anchor and reads back for it', async () => {
		// 1 to 10 leave and 41 to 50 come: the anchor (18 to 20) moves onto page 1, 21 to 30 onto
		// page 2, which holds none of the anchor page's ids (11 to 13 began it): page 1 is read.
		const { fake, met } = await noOrderTwoPolls((f) => {
			f.contacts = [...f.contacts.filter((x) => x.id > 10), ...range(41, 50).map(c)];
		});
		expect(fake.requests.map((r) => r.page)).toEqual([2, 1, 2, 3, 4]);
		expect(range(11, 50).filter((i) => !met.has(i))).toEqual([]);
	});

	it('in no order: more than a page deleted before it and as many added after it: the contacts moved back past the page read again are read', async () => {
		// 1 to 15 leave and 41 to 55 come: the anchor (18 to 20) moves to page 1's third to fifth
		// place, 21 to 25 end page 1, and page 2 begins at 26 (helper-92: taking page 2 whole, the
		// walk never met 21 to 25).
		const { fake, met } = await noOrderTwoPolls((f) => {
			f.contacts = [...f.contacts.filter((x) => x.id > 15), ...range(41, 55).map(c)];
		});
		expect(fake.requests.map((r) => r.page)).toEqual([2, 1, 2, 3, 4]);
		expect(range(16, 55).filter((i) => !met.has(i))).toEqual([]);
	});

	it('in no order: a page or more added before it moves it on, the count grew by a page: the page read again is taken whole, no read back', async () => {
		// 41 to 55 come before 1: page 2 now holds 51 to 55 and 1 to 5, none of the anchor page's
		// ids (11 to 13, 18 to 20), but the count grew by 15, more than a page (`apartInNoOrder`).
		const { fake, met } = await noOrderTwoPolls((f) => {
			f.contacts = [...range(41, 55).map(c), ...f.contacts];
		});
		expect(fake.requests.map((r) => r.page)).toEqual([2, 3, 4, 5, 6]);
		expect(range(1, 40).filter((i) => !met.has(i))).toEqual([]);
	});

	it('in no order: contacts added before it move it on: the page read again holds the first ids of its page, and the walk goes on without reading back', async () => {
		// 41 to 45 come before 1: the anchor (18 to 20) moves to page 3's start, 11 to 13 stay on
		// page 2 (a later walk meets 41 to 45, added before where this one stood).
		const { fake, met } = await noOrderTwoPolls((f) => {
			f.contacts = [...range(41, 45).map(c), ...f.contacts];
		});
		expect(fake.requests.map((r) => r.page)).toEqual([2, 3, 4, 5]);
		expect(range(1, 40).filter((i) => !met.has(i))).toEqual([]);
	});

	it('newest first: contacts deleted before it and more added after it with a date back: it reads the anchor page again and meets every contact that stayed', async () => {
		// Newest first the list runs 40 down to 1: 38 to 40 go, and 5 are added dated before 1.
		const deleteNewestAddBack = (fake: FakeSearch) => {
			const back = range(101, 105).map((id) => contactAt(id, T0 - id * MINUTE_MS));
			fake.contacts = [...fake.contacts.filter((x) => x.id < 38), ...back];
		};
		const { fake, met, second } = await twoPolls('newest', deleteNewestAddBack);
		expect(range(1, 37).filter((i) => !met.has(i))).toEqual([]);
		expect(fake.requests[0].page).toBe(2);
		expect(second.position.shrank).toBeUndefined();
		// Without the recheck (a walk that does not record), the 3 that moved onto page 2 are not met.
		const plain = await twoPolls('newest', deleteNewestAddBack, false);
		expect(range(1, 37).filter((i) => !plain.met.has(i))).toEqual([18, 19, 20]);
	});

	it('newest first: more than a page deleted before it and more added after it: the page read again lies wholly after the anchor, and it reads back', async () => {
		// 24 to 40 go (the anchor, 21 to 23, moves onto page 1), and 20 are added dated before 1.
		const deletePageAddBack = (fake: FakeSearch) => {
			const back = range(101, 120).map((id) => contactAt(id, T0 - id * MINUTE_MS));
			fake.contacts = [...fake.contacts.filter((x) => x.id < 24), ...back];
		};
		const { fake, met } = await twoPolls('newest', deletePageAddBack);
		expect(range(1, 23).filter((i) => !met.has(i))).toEqual([]);
		expect(fake.requests.map((r) => r.page).slice(0, 2)).toEqual([2, 1]);
	});

	// helper-71, reading a102804: the anchor's 3 contacts deleted and 3 added dated back (after
	// the walk's position) between polls. The count stays, the page read again holds no anchor id
	// and starts with contacts read before, so it neither shrank nor lies wholly after the anchor:
	// the walk went on at page 3, and the 3 contacts the deletions moved onto page 2 were never met.
	it("newest first: the anchor's contacts deleted and as many added dated back: the page read again gives the contacts dated after where the walk stopped", async () => {
		const deleteAnchorAddBack = (fake: FakeSearch) => {
			const back = range(101, 103).map((id) => contactAt(id, T0 - id * MINUTE_MS));
			fake.contacts = [...fake.contacts.filter((x) => x.id < 21 || x.id > 23), ...back];
		};
		const { fake, met, second } = await twoPolls('newest', deleteAnchorAddBack);
		expect(range(1, 20).filter((i) => !met.has(i))).toEqual([]);
		expect(fake.requests.map((r) => r.page).slice(0, 2)).toEqual([2, 3]);
		expect(second.order).toBe('newest');
	});

	it("oldest first: the anchor's contacts deleted and as many added at the new end: the page read again gives the contacts dated after where the walk stopped", async () => {
		const deleteAnchorAddNew = (fake: FakeSearch) => {
			fake.contacts = [
				...fake.contacts.filter((x) => x.id < 18 || x.id > 20),
				...range(41, 43).map(c),
			];
		};
		const { fake, met, second } = await twoPolls('oldest', deleteAnchorAddNew);
		expect(range(21, 43).filter((i) => !met.has(i))).toEqual([]);
		expect(fake.requests.map((r) => r.page).slice(0, 2)).toEqual([2, 3]);
		expect(second.order).toBe('oldest');
	});

	// The trigger bench's Contact Enriched at 10,000 a day, newest first (2026-11-30): 2 contacts
	// enriched between polls moved 2 of the anchor's 3 ids onto the next page. The recheck met the
	// third at the end of the page read again, took that page's last ids for the anchor, and read
	// the 2 moved contacts again on the next page: dated after the last the walk read, they looked
	// like a rise, the walk took its list for one in no order, and the walks after it read the
	// whole window (50 requests a poll, a delay of 4.7 minutes instead of 80 s).
	it('newest first: fewer contacts added at the new end than the anchor holds: the walk goes on after the anchor, and its order stays newest first', async () => {
		const addTwo = (fake: FakeSearch) => {
			fake.contacts = [...fake.contacts, ...range(41, 42).map(c)];
		};
		const { fake, second } = await twoPolls('newest', addTwo);
		expect(fake.requests.map((r) => r.page).slice(0, 2)).toEqual([2, 3]);
		expect(idsRead(second)).toEqual(range(1, 20).reverse());
		expect(second.order).toBe('newest');
		expect(second.position.rises).toBeUndefined();
	});

	it('newest first: contacts added at the new end move the anchor on, and the recheck meets it on the next page', async () => {
		const { fake, met } = await twoPolls('newest', deleteBeforeAddAfter);
		expect(range(4, 40).filter((i) => !met.has(i))).toEqual([]);
		expect(fake.requests.map((r) => r.page).slice(0, 2)).toEqual([2, 3]);
	});
});

/** Contacts `from` to `to`, dated after the others (newest first: in front of the walk). */
const inFront = (fake: FakeSearch, from: number, to: number) => {
	fake.contacts = [...fake.contacts, ...range(from, to).map(c)];
};
/** Polls of 2 requests each, `between` before each but the first; what each met. */
async function pollsOfTwo(
	fake: FakeSearch,
	between: Array<(fake: FakeSearch) => void>,
	from: WalkPosition = start,
) {
	let position = from;
	const met: number[][] = [];
	const pages: number[][] = [];
	for (const change of [() => {}, ...between]) {
		change(fake);
		fake.requests.length = 0;
		let n = 0;
		const step1 = await step(position, () => false, {
			whole: true,
			records: true,
			maxPerPoll: Infinity,
			take: () => ++n <= 2,
		});
		position = step1.position;
		met.push(idsRead(step1));
		pages.push(fake.requests.map((r) => r.page));
	}
	return { met, pages, position };
}

describe('a walk that records what was there, newest first, going on while the list grows in front of it', () => {
	// A page arrived between two polls: the anchor's page (2) held what the walk had read, page 3
	// the anchor at its end, and a poll of 2 requests met nothing new. Polls 5 minutes apart at
	// Requests per Minute 8, a page arriving each: the activation's first walk stood still for
	// hours (triggerPushedWalk.test.ts). The poll after one that saw the list grow by a page looks
	// for the anchor a page on, and reads the next page too.
	it('it looks for its anchor as far on as the list grew before, and reads a page it had not read', async () => {
		const fake = service(range(1, 100).map(c), 'newest');
		const { met, pages } = await pollsOfTwo(fake, [
			(f) => inFront(f, 101, 110),
			(f) => inFront(f, 111, 120),
			(f) => inFront(f, 121, 130),
		]);
		expect(pages).toEqual([
			[1, 2],
			[2, 3],
			[4, 5],
			[6, 7],
		]);
		expect(met.map((ids) => ids.filter((id) => id <= 100))).toEqual([
			range(81, 100).reverse(),
			[],
			range(71, 80).reverse(),
			range(61, 70).reverse(),
		]);
	});

	it('where the list grew behind it instead (contacts dated back), the guess misses and it reads the anchor page: nothing is skipped', async () => {
		const fake = service(range(1, 100).map(c), 'newest');
		const back = (f: FakeSearch) => {
			const early = range(201, 210).map((id) => contactAt(id, T0 - id * MINUTE_MS));
			f.contacts = [...f.contacts, ...early];
		};
		const { met, pages } = await pollsOfTwo(fake, [(f) => inFront(f, 101, 110), back, () => {}]);
		// The third poll guesses page 4, where the anchor is not (it stayed on page 3), and reads
		// page 3; the count grew behind the anchor, so the guess is not taken for page 4, which the
		// next poll reads.
		expect(pages[2]).toEqual([4, 3]);
		expect(met[3]).toEqual(range(71, 80).reverse());
	});
});

describe('a walk that records what was there, newest first, where contacts arrive at every other poll', () => {
	// helper-81, attacking a1e321c: 10 contacts in front at every other poll. After a poll with
	// arrivals the guess looked a page on, where the anchor was not (none had arrived since), and
	// then read the anchor's page: both requests, nothing new. It now takes that guess as the page
	// after the anchor's when the list counted as many at both reads.
	it('at 2 requests a poll it reads a page every other poll, as before the guess (fe09885)', async () => {
		const fake = service(range(1, 100).map(c), 'newest');
		let next = 101;
		const between = Array.from({ length: 30 }, (_, i) => (f: FakeSearch) => {
			if (i % 2 === 1) return;
			inFront(f, next, next + 9);
			next += 10;
		});
		// A page allowance the arrivals do not reach (the first walk goes on past one, eligible.ts).
		const { met } = await pollsOfTwo(fake, between, { ...start, limit: 1_000 });
		// Measured: all 100 by poll 16, as on fe09885 (208 polls on a1e321c, at the arrivals' end).
		const all = new Set(met.slice(0, 20).flat());
		expect(range(1, 100).filter((id) => !all.has(id))).toEqual([]);
	});
});

describe('a walk that records what was there, newest first: a guess read before the anchor page', () => {
	// helper-82, attacking cc01ba2 (which took the guess when the two reads counted as many): pages
	// of 2, newest first 11 10 | 9 8 | 7 6 | ... A poll moves the anchor (8) on by 2; 11 is deleted
	// before the next, so 7 stands after the anchor on its page; that poll guesses page 4, and
	// between its two requests 1003 arrives in front (pushing 7 onto page 4, read already) and 5 is
	// deleted (the count stays). 7 was on neither read. The guess is taken now only where the anchor
	// stands where the count since its read puts it.
	it('an arrival in front and a deletion between the two reads: no contact is skipped', async () => {
		const fake = service(range(1, 11).map(c), 'newest', 100);
		let position = start;
		const met = new Set<number>();
		const between = [
			() => {},
			() => inFront(fake, 1001, 1002),
			() => (fake.contacts = fake.contacts.filter((x) => x.id !== 11)),
		];
		for (let poll = 0; poll < 20; poll++) {
			between[poll]?.();
			let n = 0;
			fake.beforeAnswer =
				poll === 2
					? () => {
							if (fake.requests.length !== 2) return;
							inFront(fake, 1003, 1003);
							fake.contacts = fake.contacts.filter((x) => x.id !== 5);
						}
					: undefined;
			fake.requests.length = 0;
			const s = await step(position, () => false, {
				whole: true,
				records: true,
				maxPerPoll: Infinity,
				size: 2,
				take: () => ++n <= 2,
			});
			position = s.position;
			for (const id of idsRead(s)) met.add(id);
			if (s.complete) break;
		}
		fake.beforeAnswer = undefined;
		expect(
			range(1, 11).filter((id) => !met.has(id) && fake.contacts.some((x) => x.id === id)),
		).toEqual([]);
	});
});

describe('a walk of a page a poll, newest first, while contacts are added in front of it', () => {
	it('a page the additions pushed on (its anchor past the half) does not count: the walk reads the next too', async () => {
		const fake = service(range(1, 50).map(c), 'newest');
		const first = await step(start, () => false, { whole: true, maxPages: 1 });
		expect(idsRead(first)).toEqual(range(41, 50).reverse());
		// A page of contacts added in front: 41 to 50 move onto page 2, where the walk goes on.
		fake.contacts = [...fake.contacts, ...range(51, 60).map(c)];
		fake.requests.length = 0;
		const second = await step(first.position, () => false, { whole: true, maxPages: 1 });
		// Page 2 held only what the walk had read (counted, the walk read the same contacts at
		// every poll while a page a poll arrived); page 3 is the poll's page.
		expect(fake.requests.map((r) => r.page)).toEqual([2, 3]);
		expect(idsRead(second)).toEqual(range(31, 40).reverse());
	});

	it('one such page a poll: a service that serves one page for every number costs a request more, not the share', async () => {
		const same = range(1, 10).map(c);
		search.mockImplementation(async (_ctx, _conditions, page, pageSize, options) => {
			if (options?.permit && !options.permit()) throw new Error('withheld');
			return {
				contacts: same,
				pagination: { total_contacts: 1_000, page, total_pages: 100, page_size: pageSize },
			};
		});
		let position = start;
		for (let poll = 0; poll < 3; poll++) {
			search.mockClear();
			let sent = 0;
			const s = await step(position, () => false, {
				whole: true,
				maxPages: 1,
				take: () => ++sent <= 8,
			});
			// The first poll reads page 1; each later one the page pushed on and one more.
			expect(search.mock.calls.length).toBe(poll === 0 ? 1 : 2);
			position = s.position;
		}
	});
});
