/** New Contact polls at their limits: the request budget, the state bound, a broken order, a v1 state. */
import { pollNewContacts } from '../../../nodes/OutreachContact/trigger/newContact/poll';
import {
	pollDeadline,
	RequestBudget,
	shareOf,
} from '../../../nodes/OutreachContact/trigger/shared/budget';
import {
	MAX_STATE_BYTES,
	stateBytes,
	type NewContactState,
} from '../../../nodes/OutreachContact/trigger/shared/ledger/shapes';
import {
	readNewContactState,
	toStored,
} from '../../../nodes/OutreachContact/trigger/shared/ledger/stored';
import {
	DAY_MS,
	HOUR_MS,
	MINUTE_MS,
} from '../../../nodes/OutreachContact/trigger/shared/serviceTime';
import type { Contact } from '../../../nodes/OutreachContact/types';
import {
	contactAt as contact,
	FakeSearch,
	idsOf as ids,
	pollContext,
	runEventPoll,
	useTestClockPerTest,
} from '../../support/poll';
import { pollNewContactsStored, roundTrip, storedState, T0 } from '../../support/newContactPoll';
import { seededRandom } from '../../../harness/testClock';

jest.mock('../../../nodes/OutreachContact/transport/api', () => ({ searchContacts: jest.fn() }));

const testClock = useTestClockPerTest(T0);

/** Polls once a minute on the test clock, each within the trigger's share of `rpm`. */
async function pollEveryMinute(
	search: FakeSearch,
	state: NewContactState,
	polls: number,
	options: { rpm: number; maxPerPoll?: number; each?: (i: number) => void },
) {
	const emitted: Contact[] = [];
	let most = 0;
	for (let i = 0; i < polls; i++) {
		testClock().advance(MINUTE_MS);
		options.each?.(i);
		const budget = new RequestBudget(
			'trigger',
			shareOf(options.rpm),
			pollDeadline(pollContext, testClock().elapsed()),
		);
		const out = await runEventPoll(pollNewContacts, search, {
			stored: state,
			start: testClock().now(),
			maxPerPoll: options.maxPerPoll,
			budget,
		});
		most = Math.max(most, out.requests);
		emitted.push(...out.emit);
		state = roundTrip(out.state);
	}
	return { emitted, most, state };
}

async function activate(search: FakeSearch): Promise<NewContactState> {
	return (await pollNewContactsStored(search, { start: testClock().now() })).state;
}

/** An account with `n` contacts a minute apart up to T0, listed newest first, `cap` a page. */
function account(n: number, cap: number, order: FakeSearch['order'] = 'newest') {
	const contacts = Array.from({ length: n }, (_, i) => contact(i + 1, T0 - (n - i) * MINUTE_MS));
	return new FakeSearch(order, cap, contacts);
}

/** `n` contacts created a minute apart after `from`, ids from `first`. */
const pause = (n: number, from: number, first: number) =>
	Array.from({ length: n }, (_, i) => contact(first + i, from + (i + 1) * MINUTE_MS));

describe('the request budget', () => {
	it('after a 3-day pause (newest first): every contact once, in order, no poll past its share', async () => {
		const search = account(300, 100);
		const state = await activate(search);
		const missed = pause(3 * 1440, T0, 1000);
		search.contacts.push(...missed);
		testClock().advance(3 * DAY_MS);
		const { emitted, most } = await pollEveryMinute(search, state, 50, { rpm: 200 });
		expect(most).toBeLessThanOrEqual(50);
		expect(ids(emitted)).toEqual(ids(missed));
	});

	// A poll whose budget cannot cover one ordered read (the bisection, or the pages of Max
	// Contacts per Poll) goes on from where it stopped: every contact comes, oldest first.
	it.each([
		[20, 100, 3],
		[200, 10_000, 10],
	])(
		'a poll budget smaller than one ordered read still makes progress (%i a minute, Max %i, %i days)',
		async (rpm, maxPerPoll, days) => {
			const search = account(300, 100);
			const state = await activate(search);
			const missed = pause(days * 1440, T0, 1000);
			search.contacts.push(...missed);
			testClock().advance(days * DAY_MS);
			const { emitted } = await pollEveryMinute(search, state, 10, { rpm, maxPerPoll });
			expect(emitted.length).toBeGreaterThan(0);
			expect(ids(emitted)).toEqual(ids(missed).slice(0, emitted.length));
		},
	);

	it('without an order, the walk goes on over polls within the share: each contact once', async () => {
		const random = seededRandom(9);
		const search = account(400, 10, 'asListed');
		search.contacts.sort(() => random() - 0.5);
		const state = await activate(search);
		expect(toStored(state).order).toBeUndefined();
		const created: number[] = [];
		let next = 1000;
		const { emitted, most } = await pollEveryMinute(search, state, 150, {
			rpm: 20, // 5 requests a poll: a walk of 40+ pages takes 9 polls or more
			maxPerPoll: 30,
			each: (i) => {
				if (i >= 100) return;
				for (let k = Math.floor(random() * 4); k > 0; k--) {
					const c = contact(next++, testClock().now() - Math.floor(random() * MINUTE_MS));
					search.contacts.splice(Math.floor(random() * search.contacts.length), 0, c);
					created.push(c.id);
				}
			},
		});
		expect(most).toBeLessThanOrEqual(5);
		// The activation's sample cannot see every page: contacts there newer than its cutoff
		// may come (once, as the design states); none at or before it.
		const before = emitted.filter((c) => c.id < 1000);
		for (const c of before) expect(Date.parse(c.created_date)).toBeGreaterThan(state.cutoff!);
		const fresh = ids(emitted).filter((id) => (id as number) >= 1000);
		expect(fresh.sort((a, b) => (a as number) - (b as number))).toEqual(created);
		expect(new Set(ids(emitted)).size).toBe(emitted.length);
	});

	it('contacts created while a poll bisects are not lost', async () => {
		const search = account(500, 10);
		const state = await activate(search);
		testClock().advance(12 * DAY_MS);
		const missed = Array.from({ length: 2000 }, (_, i) =>
			contact(1000 + i, T0 + (i + 1) * 5 * MINUTE_MS),
		);
		search.contacts.push(...missed);
		let next = 10_000;
		const created = ids(missed);
		search.beforeAnswer = () => {
			const c = contact(next++, testClock().now());
			search.contacts.push(c);
			created.push(c.id);
		};
		const { emitted } = await pollEveryMinute(search, state, 150, {
			rpm: 10_000,
			maxPerPoll: 25,
			each: (i) => {
				if (i === 1) search.beforeAnswer = undefined;
			},
		});
		expect(ids(emitted).sort((a, b) => (a as number) - (b as number))).toEqual(created);
	});
});

describe('a walk of the window over polls', () => {
	it('does not emit again what the walk before emitted', async () => {
		const search = new FakeSearch('asListed', 10);
		const mixed = [5, 1, 9, 3, 12, 7, 2, 10, 4, 8, 6, 11]; // no order on page 1
		search.contacts = mixed.map((i) => contact(i, T0 - i * MINUTE_MS));
		const state = await activate(search);
		expect(toStored(state).order).toBeUndefined();
		const later: Array<[number, number]> = [
			[20, 10],
			[21, 11],
			[22, 120],
			[23, 121],
		]; // id, minute
		search.contacts.push(...later.map(([id, m]) => contact(id, T0 + m * MINUTE_MS)));
		testClock().advance(124 * MINUTE_MS);
		const { emitted } = await pollEveryMinute(search, state, 12, { rpm: 200, maxPerPoll: 2 });
		expect(ids(emitted).sort((a, b) => (a as number) - (b as number))).toEqual([20, 21, 22, 23]);
	});
	it('starts again from page 1 when a pause left its window short of the floor', async () => {
		const search = new FakeSearch('asListed', 10);
		search.contacts = [3, 1, 2].map((i) => contact(i, T0 - i * HOUR_MS));
		// A walk at page 5 of a 2-day window, stored before a pause of 3 days.
		const stored = storedState({
			floor: T0 - DAY_MS,
			through: null,
			walk: { page: 5, days: 2, newest: T0, previous: T0 - HOUR_MS },
		});
		testClock().advance(3 * DAY_MS);
		const out = await pollNewContactsStored(search, { stored, start: testClock().now() });
		const first = search.requests[0];
		expect(first.page).toBe(1);
		expect(first.conditions[0]).toMatchObject({
			property: 'created_timestamp',
			condition: 'Less than',
		});
		expect(Number(first.conditions[0].value)).toBeGreaterThan(4);
		expect(ids(out.emit).sort()).toEqual([1, 2, 3]);
	});
});

describe('a service that breaks its order', () => {
	it('makes the trigger walk the window, and no contact is lost', async () => {
		const random = seededRandom(4);
		const search = account(60, 10);
		let state = await activate(search);
		expect(state).toMatchObject({ mode: 'ordered', order: 'newest' });
		search.order = 'asListed'; // from now on, new contacts land anywhere in the list
		search.contacts.reverse();
		const created: number[] = [];
		let next = 1000;
		const run = await pollEveryMinute(search, state, 60, {
			rpm: 200,
			each: (i) => {
				if (i >= 40) return;
				const c = contact(next++, testClock().now() - 1000);
				search.contacts.splice(Math.floor(random() * search.contacts.length), 0, c);
				created.push(c.id);
			},
		});
		state = run.state;
		expect(ids(run.emitted).sort((a, b) => (a as number) - (b as number))).toEqual(created);
		expect(toStored(state).order).toBeUndefined();
	});
});

describe('the state bound', () => {
	it('cuts a state that outgrew 512 KiB, and the floor passes what it forgot', async () => {
		const search = account(20, 10);
		const seen: Record<string, number> = {};
		for (let i = 0; i < 12_000; i++) seen[`${i}`.padStart(64, 'k')] = T0 - HOUR_MS + i;
		const stored = storedState({
			floor: T0 - 2 * HOUR_MS,
			through: T0 - DAY_MS,
			seen,
			order: 'newest',
			pageSize: 10,
			total: 20,
		});
		expect(stateBytes(toStored(stored))).toBeGreaterThan(MAX_STATE_BYTES);
		const out = await runEventPoll(pollNewContacts, search, { stored, start: T0 });
		expect(out.cut).toBeDefined();
		expect(stateBytes(toStored(out.state))).toBeLessThanOrEqual(MAX_STATE_BYTES);
		expect(out.state.floor).toBeGreaterThan(out.cut!);
		// A contact created at the newest time forgotten can never come.
		search.contacts.push(contact(77, out.cut!));
		const again = await runEventPoll(pollNewContacts, search, {
			stored: roundTrip(out.state),
			start: T0 + MINUTE_MS,
		});
		expect(again.emit).toEqual([]);
	});
});

describe('a version 1 state', () => {
	it('goes on after the upgrade: only contacts created after its watermark come', async () => {
		const search = account(100, 10); // contact i created 101 - i minutes before T0
		const v1 = {
			version: 1,
			baseline: T0 - DAY_MS,
			floor: T0 - 61 * MINUTE_MS,
			watermark: T0 - MINUTE_MS,
			// Version 1 kept every id handled from its floor up to its watermark.
			seen: Object.fromEntries(
				search.contacts
					.filter((c) => c.id >= 40)
					.map((c) => [`${c.id}`, Date.parse(c.created_date)]),
			),
			walk: { order: 'newest', pageSize: 10, total: 100 },
		};
		const state = readNewContactState(JSON.parse(JSON.stringify(v1))).state!;
		search.contacts.push(contact(200, T0 + MINUTE_MS), contact(201, T0 + 2 * MINUTE_MS));
		const out = await runEventPoll(pollNewContacts, search, {
			stored: state,
			start: T0 + 3 * MINUTE_MS,
		});
		expect(ids(out.emit)).toEqual([200, 201]);
		expect(out.requests).toBeLessThanOrEqual(3);
		expect(out.state).toMatchObject({ version: 2, mode: 'ordered', order: 'newest' });
	});
});
