/** The ceiling of a walk without an order: what one walk may emit so that the state keeps its bound. */
import { PageReader, type ReadPage } from '../../../nodes/OutreachContact/paging/pageReader';
import { createdTime, MINUTE_MS } from '../../../nodes/OutreachContact/trigger/shared/serviceTime';
import {
	MAX_STATE_BYTES,
	type NewContactState,
} from '../../../nodes/OutreachContact/trigger/shared/ledger/shapes';
import {
	readNewContactState,
	toStored,
} from '../../../nodes/OutreachContact/trigger/shared/ledger/stored';
import {
	aboveCeiling,
	MIN_WALK_BYTES,
	walkBytes,
	walkCeiling,
	walkStep,
} from '../../../nodes/OutreachContact/trigger/shared/walk';
import type { Contact } from '../../../nodes/OutreachContact/types';
import { contactAt, FakeSearch, pollContext } from '../../support/poll';

jest.mock('../../../nodes/OutreachContact/transport/api', () => ({ searchContacts: jest.fn() }));

const T0 = Date.UTC(2026, 2, 10, 9, 0, 0);
/** Contact `id` was created `id` minutes after T0. */
const c = (id: number) => contactAt(id, T0 + id * MINUTE_MS);
const range = (from: number, to: number) =>
	Array.from({ length: to - from + 1 }, (_, i) => from + i);
const latest = T0 + 10_000 * MINUTE_MS;
const page = (ids: number[], total: number): ReadPage => ({
	page: 1,
	contacts: ids.map(c),
	pageSize: ids.length,
	total,
});
const allNew = () => true;
/** The room of a walk in these tests: a quarter of the state's bound. */
const ROOM = MAX_STATE_BYTES / 4;

describe('walkCeiling', () => {
	it('sets none when the new contacts of the window fit (a steady account)', () => {
		// 5 new of 100 on the page, 30,000 in the window: about 1,500 ids.
		const isNew = (x: Contact) => x.id > 95;
		expect(
			walkCeiling(page(range(1, 100), 30_000), isNew, latest, ROOM, createdTime),
		).toBeUndefined();
	});

	it('after a pause: the time under which the new contacts fill the room', () => {
		// All 100 new, 20,000 in the window: 1.5 to 3 digit ids take 17 to 20 bytes each, about
		// 398,000 bytes for the window, three times ROOM: a third of the page.
		const ceiling = walkCeiling(page(range(1, 100), 20_000), allNew, latest, ROOM, createdTime);
		const below = range(1, 100).filter((id) => !aboveCeiling(c(id), ceiling, createdTime));
		expect(below.length).toBeGreaterThan(25);
		expect(below.length).toBeLessThan(40);
		expect(below.length * 200 * 20).toBeLessThanOrEqual(ROOM * 1.05);
	});

	it('is at least the oldest new contact of the page: every walk emits some', () => {
		const isNew = (x: Contact) => x.id > 50;
		expect(walkCeiling(page(range(1, 100), 10_000_000), isNew, latest, ROOM, createdTime)).toBe(
			T0 + 51 * MINUTE_MS,
		);
	});

	it('counts neither known contacts nor dates far ahead', () => {
		const ahead = { ...c(7), created_date: new Date(latest + MINUTE_MS).toISOString() };
		const first: ReadPage = {
			...page(range(1, 3), 10_000_000),
			contacts: [ahead, c(1), c(2), c(3)],
		};
		expect(walkCeiling(first, (x) => x.id !== 1, latest, ROOM, createdTime)).toBe(
			T0 + 2 * MINUTE_MS,
		);
		expect(
			walkCeiling(page(range(1, 3), 10_000_000), () => false, latest, ROOM, createdTime),
		).toBeUndefined();
	});
});

describe('walkBytes', () => {
	it('leaves a walk what its state leaves of half the bound, and at least an eighth', () => {
		expect(walkBytes(0)).toBe(0.5 * MAX_STATE_BYTES);
		expect(walkBytes(0.2 * MAX_STATE_BYTES)).toBeCloseTo(0.3 * MAX_STATE_BYTES);
		expect(walkBytes(MAX_STATE_BYTES)).toBe(MIN_WALK_BYTES);
		expect(MIN_WALK_BYTES).toBe(MAX_STATE_BYTES / 8);
	});
});

describe('a walk with a ceiling', () => {
	it('decides it on its first page, keeps it over polls, and does not count what is above it', async () => {
		// 200 contacts listed in no order (a fixed scramble), all new; the first page says 20,000.
		const scrambled = range(1, 200).sort((a, b) => ((a * 37) % 101) - ((b * 37) % 101) || a - b);
		const fake = new FakeSearch('asListed', 10);
		fake.contacts = scrambled.map(c);
		fake.install();
		const ceilingOf = (first: ReadPage) =>
			walkCeiling({ ...first, total: 20_000 }, allNew, latest, ROOM, createdTime);
		const reader = () => new PageReader(pollContext, [], 10, () => true);
		const input = { isKnown: () => false, horizon: latest, ceilingOf, maxPerPoll: 30 };
		const first = await walkStep({
			time: createdTime,
			...input,
			reader: reader(),
			position: { page: 1, newest: null },
		});
		const ceiling = first.position.ceiling;
		expect(ceiling).toBeDefined();
		// Without a ceiling, 3 pages of 10 new would fill Max Contacts per Poll (30): with it, the
		// walk reads on, and the contacts under the ceiling are what counts.
		// The pages to collect hold only the contacts under the ceiling.
		const under = first.pages.flatMap((p) => p.contacts);
		expect(under.filter((x) => aboveCeiling(x, ceiling, createdTime))).toEqual([]);
		expect(first.pages.length).toBeGreaterThan(3);
		expect(under.length).toBeGreaterThan(20);
		expect(under.length).toBeLessThanOrEqual(30);
		// Stored and read back, the next poll goes on with the same ceiling.
		const walking: NewContactState = {
			version: 2,
			baseline: T0,
			floor: T0,
			cutoff: null,
			handledTo: null,
			seen: {},
			logged: [],
			mode: 'walking',
			walk: { ...first.position, days: 3, previous: null },
		};
		const read = readNewContactState(JSON.parse(JSON.stringify(toStored(walking)))).state!;
		const stored = read.mode === 'walking' ? read.walk : null;
		expect(stored?.ceiling).toBe(ceiling);
		const second = await walkStep({
			time: createdTime,
			...input,
			reader: reader(),
			position: stored!,
		});
		expect(second.position.ceiling).toBe(ceiling);
	});
});
