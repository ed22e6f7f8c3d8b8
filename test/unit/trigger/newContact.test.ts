/** New Contact polls against a fake search: the first activation and what later polls emit. */
import { NodeOperationError } from 'n8n-workflow';

import { pollNewContacts } from '../../../nodes/OutreachContact/trigger/newContact/poll';
import { logOnce, OVERLAP_MS } from '../../../nodes/OutreachContact/trigger/shared/ledger/ledger';
import { toStored } from '../../../nodes/OutreachContact/trigger/shared/ledger/stored';
import { RequestBudget } from '../../../nodes/OutreachContact/trigger/shared/budget';
import {
	DAY_MS,
	HOUR_MS,
	MINUTE_MS,
} from '../../../nodes/OutreachContact/trigger/shared/serviceTime';
import { testHooks } from '../../../nodes/OutreachContact/testHooks';
import type { Contact } from '../../../nodes/OutreachContact/types';
import {
	contactAt as contact,
	FakeSearch,
	idsOf as ids,
	runEventPoll,
	zonelessDate,
} from '../../support/poll';
import { pollNewContactsStored as poll, T0 } from '../../support/newContactPoll';
import { seededRandom } from '../../../harness/testClock';

jest.mock('../../../nodes/OutreachContact/transport/api', () => ({ searchContacts: jest.fn() }));

beforeEach(() => testHooks.forgetTriggerStates());

describe('first activation', () => {
	const existing = () => [
		contact(1, T0 - 3 * DAY_MS),
		contact(2, T0 - 2 * HOUR_MS),
		contact(3, T0 - 10 * MINUTE_MS),
		contact(4, T0 - 5 * MINUTE_MS),
	];

	it('newest first: emits nothing, reads two pages and records where the account stands', async () => {
		const search = new FakeSearch('newest', 3, existing());
		const first = await poll(search, { start: T0 });
		expect(first.emit).toEqual([]);
		// Page 2 too: page 1's 3 contacts are fewer than ORDER_EVIDENCE. Page 1 alone is the sample.
		expect(first.requests).toBe(2);
		// As n8n stores it (the names of version 2).
		expect(toStored(first.state)).toEqual({
			version: 2,
			baseline: T0,
			floor: T0 - 2 * HOUR_MS - OVERLAP_MS,
			cutoff: T0 - 2 * HOUR_MS, // the third newest of page 1
			through: T0 - 2 * HOUR_MS,
			seen: { '3': T0 - 10 * MINUTE_MS, '4': T0 - 5 * MINUTE_MS },
			reported: [],
			order: 'newest',
			pageSize: 3,
			total: 4,
			verified: 0, // the rolling check starts its first round (an ordered state always says)
			checkedFrom: T0 - 2 * HOUR_MS, // what was there at the activation counts as checked
			// Kept until the floor passes the activation: should the order break before that, the
			// walk completes this sample as in no order (orderProof.ts).
			orderedSample: {
				from: T0,
				days: 4,
				total: 4,
				tops: [T0 - 5 * MINUTE_MS, T0 - 10 * MINUTE_MS, T0 - 2 * HOUR_MS],
				topIds: ['4', '3', '2'], // a contact met again counts once
				highestDate: T0 - 5 * MINUTE_MS,
				order: 'newest',
			},
		});
		// The next poll emits only what is new, though 2, 3 and 4 come again.
		search.contacts.push(contact(5, T0 + 5 * MINUTE_MS));
		const second = await poll(search, { stored: first.state, start: T0 + 10 * MINUTE_MS });
		expect(ids(second.emit)).toEqual([5]);
		expect(second.state.baseline).toBe(T0);
	});

	it('newest first on six contacts or more: the order counts as proved, and no sample is kept', async () => {
		const search = new FakeSearch('newest', 3, [
			...existing(),
			contact(5, T0 - 4 * HOUR_MS),
			contact(6, T0 - 5 * HOUR_MS),
			contact(7, T0 - 6 * HOUR_MS),
		]);
		const first = await poll(search, { start: T0 });
		expect(search.pagesAsked).toEqual([1, 2]); // six contacts compared: ORDER_EVIDENCE
		expect(first.state).toMatchObject({ order: 'newest', cutoff: T0 - 2 * HOUR_MS });
		expect(first.state).not.toHaveProperty('orderedSample');
	});

	it('oldest first: a last page read from a list that moved counts apart from page 1 (helper-57)', async () => {
		// Page 1's three and the last page's three fall in order by chance one time in 36 when they
		// are not compared as one list: the order is not proved, and the sample is kept.
		const five = [1, 2, 3, 4, 5].map((i) => contact(i, T0 - (6 - i) * HOUR_MS));
		const moved = new FakeSearch('oldest', 3, [...five]);
		moved.beforeAnswer = (page) => {
			if (page === 2 && moved.contacts.length === 5)
				moved.contacts.push(contact(6, T0 - 30 * MINUTE_MS));
		};
		const first = await poll(moved, { start: T0 });
		expect(moved.pagesAsked).toEqual([1, 2]);
		expect(toStored(first.state)).toMatchObject({
			order: 'oldest',
			orderedSample: { order: 'oldest' },
		});
		// The same six compared as one list (nothing added between the requests): proved.
		const still = new FakeSearch('oldest', 3, [...five, contact(6, T0 - 30 * MINUTE_MS)]);
		const proved = await poll(still, { start: T0 });
		expect(toStored(proved.state).order).toBe('oldest');
		expect(toStored(proved.state)).not.toHaveProperty('orderedSample');
	});

	it('a last page that breaks the order as the list grew (ends): the cutoff stays the third newest of all, dates without a zone (helper-59)', async () => {
		// Page 1 rises (7 contacts, pages of 3); two contacts join before the last page is read, and
		// it falls: no order. Its 3 dates hold 2 added, so fewer than three are left below them;
		// taken as an order, the oldest left (45 hours back) set the cutoff, and contacts of those
		// 45 hours would pass for new once the walk kept it. The third newest of all stays.
		const at = (hours: number, id: number) => contact(id, zonelessDate(T0 + hours * HOUR_MS));
		const list = new FakeSearch('asListed', 3, [
			at(-50, 1),
			at(-40, 2),
			at(-1, 3),
			at(-30, 4),
			at(-20, 5),
			at(-10, 6),
			at(-2, 7),
		]);
		list.beforeAnswer = (page) => {
			if (page === 3 && list.contacts.length === 7) list.contacts.push(at(-45, 8), at(5, 9));
		};
		const first = await poll(list, { start: T0, budget: new RequestBudget('two', 2, Infinity) });
		expect(list.pagesAsked).toEqual([1, 3]);
		expect(toStored(first.state).cutoff).toBe(T0 - 2 * HOUR_MS);
	});

	it('oldest first: two requests (page 1 and the last page)', async () => {
		const search = new FakeSearch('oldest', 3, existing());
		const first = await poll(search, { start: T0 });
		expect(search.pagesAsked).toEqual([1, 2]);
		expect(first.state).toMatchObject({ order: 'oldest', cutoff: T0 - 2 * HOUR_MS });
		search.contacts.push(contact(5, T0 + 5 * MINUTE_MS));
		const second = await poll(search, { stored: first.state, start: T0 + 10 * MINUTE_MS });
		expect(ids(second.emit)).toEqual([5]);
	});

	it('no order: reads at most 5 pages as a sample, then walks the window', async () => {
		const random = seededRandom(5);
		const list = Array.from({ length: 80 }, (_, i) =>
			contact(i + 1, T0 - (i + 1) * 50 * MINUTE_MS),
		);
		list.sort(() => random() - 0.5);
		const search = new FakeSearch('asListed', 10, list);
		const first = await poll(search, { start: T0 });
		expect(first.requests).toBe(5);
		expect(first.state.mode).toBe('walking');
		expect(toStored(first.state).order).toBeUndefined();
		const cutoff = first.state.cutoff!;
		search.contacts.splice(37, 0, contact(100, T0 + MINUTE_MS));
		const emitted: Contact[] = [];
		let state = first.state;
		for (let i = 2; i <= 4; i++) {
			const out = await poll(search, { stored: state, start: T0 + i * MINUTE_MS });
			emitted.push(...out.emit);
			state = out.state;
		}
		expect(ids(emitted).filter((id) => id === 100)).toHaveLength(1);
		expect(new Set(ids(emitted)).size).toBe(emitted.length);
		// The sample cannot see the unread pages: contacts there newer than its cutoff may come
		// (once, as the design states); none at or before it.
		for (const c of emitted) expect(Date.parse(c.created_date)).toBeGreaterThan(cutoff);
	});

	it('two contacts dated hours ahead lose no real contact created after the activation', async () => {
		// An import dated 20 hours ahead: before issue 27 it moved the floor past the next hours.
		const search = new FakeSearch('newest', 10, [
			...existing(),
			contact(8, T0 + 20 * HOUR_MS),
			contact(9, T0 + 19 * HOUR_MS),
		]);
		let { state } = await poll(search, { start: T0 });
		expect(state.cutoff).toBe(T0 - 5 * MINUTE_MS); // contact 4: the third newest
		expect(state.floor).toBeLessThanOrEqual(T0 - OVERLAP_MS);
		const emitted: unknown[] = [];
		for (let i = 1; i <= 10; i++) {
			const now = T0 + i * 30 * MINUTE_MS;
			search.contacts.push(contact(100 + i, now - MINUTE_MS));
			const out = await poll(search, { stored: state, start: now });
			emitted.push(...ids(out.emit));
			state = out.state;
			expect(state.floor).toBeLessThanOrEqual(now - OVERLAP_MS);
		}
		expect(emitted).toEqual([101, 102, 103, 104, 105, 106, 107, 108, 109, 110]);
	});

	it('an empty account: anything created later is new, from a day back', async () => {
		const search = new FakeSearch('newest', 10);
		const first = await poll(search, { start: T0 });
		expect(first.state).toMatchObject({ floor: T0 - DAY_MS, cutoff: null, handledTo: null });
		search.contacts.push(contact(1, T0 + 30_000));
		const second = await poll(search, { stored: first.state, start: T0 + MINUTE_MS });
		expect(ids(second.emit)).toEqual([1]);
	});

	it('with "Emit ... Last N Days": emits the contacts of the last N days once, oldest first', async () => {
		const all = [
			contact(1, T0 - 3 * DAY_MS),
			contact(2, T0 - 2 * DAY_MS + HOUR_MS),
			contact(3, T0 - DAY_MS),
			contact(4, T0 - MINUTE_MS),
		];
		const search = new FakeSearch('newest', 2, all);
		const first = await poll(search, { start: T0, initialDays: 2 });
		expect(ids(first.emit)).toEqual([2, 3, 4]);
		// ceil((2 days + 1 hour walk allowance) / 1 day) + 2
		expect(search.requests[0].conditions[0]).toMatchObject({ value: 5 });
		const second = await poll(search, {
			stored: first.state,
			start: T0 + MINUTE_MS,
			initialDays: 2,
		});
		expect(second.emit).toEqual([]);
	});

	it('with "Emit ... Last N Days": an order told on fewer than six contacts is not taken, the walk learns it', async () => {
		// Four contacts in pages of 2 fall by chance one time in 24 in a list in no order; without a
		// cutoff to fall back on, reads by a false order raised the floor past a contact of the N
		// days they had not met (survey 1800000).
		const few = [
			contact(1, T0 - 20 * HOUR_MS),
			contact(2, T0 - 10 * HOUR_MS),
			contact(3, T0 - 5 * HOUR_MS),
			contact(4, T0 - 2 * HOUR_MS),
		];
		const first = await poll(new FakeSearch('newest', 2, few), { start: T0, initialDays: 1 });
		expect(toStored(first.state)).not.toHaveProperty('order');
		expect(ids(first.emit)).toEqual([1, 2, 3, 4]);
		// Six or more, or without N days: taken.
		const six = [...few, contact(5, T0 - HOUR_MS), contact(6, T0 - 30 * MINUTE_MS)];
		const proved = await poll(new FakeSearch('newest', 2, six), { start: T0, initialDays: 1 });
		expect(toStored(proved.state).order).toBe('newest');
		const noDays = await poll(new FakeSearch('newest', 2, few), { start: T0 });
		expect(toStored(noDays.state).order).toBe('newest');
	});

	it('with "Emit ... Last N Days": an oldest-first list that grew past the page asked keeps its proved order', async () => {
		// Page 1's six contacts prove the order; the list grew by more than a page before the last
		// page was read (the sample is partial). Dropped for want of evidence, the order made New
		// Contact walk, and a walk has no answer to a contact deleted between its polls (helper-59).
		const twelve = Array.from({ length: 12 }, (_, i) => contact(i + 1, T0 - (20 - i) * HOUR_MS));
		const grows = new FakeSearch('oldest', 6, twelve);
		grows.beforeAnswer = (page) => {
			if (page === 2 && grows.contacts.length === 12)
				for (let i = 0; i < 7; i++) grows.contacts.push(contact(20 + i, T0 - 10 * MINUTE_MS + i));
		};
		// A share of 2: the activation's two pages, and no walk in the same poll to learn it again.
		const budget = new RequestBudget('two', 2, Infinity);
		const first = await poll(grows, { start: T0, initialDays: 2, budget });
		expect(grows.pagesAsked).toEqual([1, 2]);
		expect(toStored(first.state).order).toBe('oldest');
	});

	it('throws, storing nothing, when its share of the account is used: the next poll tries again', async () => {
		const search = new FakeSearch('newest', 10, existing());
		const spent = new RequestBudget('spent', 1, Infinity);
		spent.take();
		await expect(
			runEventPoll(pollNewContacts, search, {
				start: T0,
				budget: new RequestBudget('spent', 1, Infinity),
			}),
		).rejects.toBeInstanceOf(NodeOperationError);
		expect(search.requests).toHaveLength(0);
	});

	it('reports a contact it cannot place under the same key at and after activation', async () => {
		const noId = { ...contact(0, T0 - HOUR_MS), id: undefined as unknown as number };
		const search = new FakeSearch('newest', 10, [...existing(), noId]);
		const first = await poll(search, { start: T0 });
		const second = await poll(search, { stored: first.state, start: T0 + MINUTE_MS });
		const logged = logOnce({ ...first.state, logged: [] }, first.unreadable);
		expect(first.unreadable).not.toEqual([]);
		expect(logOnce(logged.state, second.unreadable).fresh).toEqual([]);
	});

	// With "Emit ... Last N Days", the activation and the collector both read page 1.
	it('reports a contact without a readable date once in the poll that activates', async () => {
		const search = new FakeSearch('newest', 10, [...existing(), contact(40, 'not a date')]);
		const first = await poll(search, { start: T0, initialDays: 1 });
		expect(first.unreadable).toEqual(['40']);
	});
});

describe('later polls', () => {
	/** An account of 12 contacts (2 pages): an ordered service shows its order at activation. */
	async function activated(order: FakeSearch['order'], cap = 10) {
		const mixed = [5, 1, 9, 3, 12, 7, 2, 10, 4, 8, 6, 11]; // listed as is when unordered
		const search = new FakeSearch(
			order,
			cap,
			mixed.map((i) => contact(i, T0 - i * MINUTE_MS)),
		);
		const { state } = await poll(search, { start: T0 });
		expect(toStored(state).order).toBe(order === 'asListed' ? undefined : order);
		return { search, state };
	}

	/** 60 polls of random new contacts, then 10 to drain: each once, oldest first in each poll. */
	async function eachOnce(order: FakeSearch['order']) {
		const random = seededRandom(order.length);
		const activation = await activated(order);
		const { search } = activation;
		let { state } = activation;
		let now = T0;
		let next = 100;
		const created: number[] = [];
		const emitted: number[] = [];
		for (let i = 0; i < 70; i++) {
			const last = now;
			now += MINUTE_MS + Math.floor(random() * 10 * MINUTE_MS);
			const n = i < 60 ? Math.floor(random() * 30) : 0; // the last polls drain the backlog
			for (let k = 0; k < n; k++) {
				const c = contact(next++, last + Math.floor(random() * (now - last)));
				const at = order === 'asListed' ? Math.floor(random() * search.contacts.length) : 0;
				search.contacts.splice(at, 0, c);
				created.push(c.id);
			}
			const out = await poll(search, { stored: state, start: now, maxPerPoll: 40 });
			const times = out.emit.map((c) => Date.parse(c.created_date));
			expect(times).toEqual([...times].sort((a, b) => a - b));
			emitted.push(...(ids(out.emit) as number[]));
			state = out.state;
		}
		expect([...emitted].sort((a, b) => a - b)).toEqual(created);
	}

	it.each([['newest'], ['oldest']] as const)(
		'emit each contact once, oldest first in each poll, over 60 polls (%s)',
		eachOnce,
	);

	it('emit each contact once, oldest first in each poll, over 60 polls (no order)', () =>
		eachOnce('asListed'));

	it('spread a burst over polls with Max Contacts per Poll, oldest first, losing nothing', async () => {
		const activation = await activated('newest');
		const { search } = activation;
		let { state } = activation;
		const burst = Array.from({ length: 250 }, (_, i) =>
			contact(100 + i, T0 + 10_000 + Math.floor(i / 3)),
		);
		search.contacts.push(...burst);
		const emitted: unknown[] = [];
		const sizes: number[] = [];
		for (let i = 1; i <= 4; i++) {
			const out = await poll(search, { stored: state, start: T0 + i * MINUTE_MS, maxPerPoll: 100 });
			emitted.push(...ids(out.emit));
			sizes.push(out.emit.length);
			state = out.state;
		}
		expect(sizes).toEqual([100, 100, 50, 0]);
		expect(emitted).toEqual(ids(burst));
	});

	it('a quiet poll costs at most 2 requests', async () => {
		const search = new FakeSearch('newest', 10);
		search.contacts = Array.from({ length: 300 }, (_, i) =>
			contact(i + 1, T0 - DAY_MS + i * MINUTE_MS),
		);
		let { state } = await poll(search, { start: T0 });
		for (let i = 1; i <= 20; i++) {
			const out = await poll(search, { stored: state, start: T0 + i * MINUTE_MS });
			expect(out.emit).toEqual([]);
			expect(out.requests).toBeLessThanOrEqual(2);
			state = out.state;
		}
	});

	it('emit a contact that shows up late, once, if it was created within the overlap', async () => {
		const { search, state } = await activated('newest');
		search.contacts.push(contact(20, T0 + 30 * MINUTE_MS));
		const a = await poll(search, { stored: state, start: T0 + 40 * MINUTE_MS });
		expect(ids(a.emit)).toEqual([20]);
		// 25 minutes older than what was emitted, searchable only now:
		search.contacts.push(contact(21, T0 + 5 * MINUTE_MS));
		const b = await poll(search, { stored: a.state, start: T0 + 45 * MINUTE_MS });
		expect(ids(b.emit)).toEqual([21]);
		const c = await poll(search, { stored: b.state, start: T0 + 50 * MINUTE_MS });
		expect(c.emit).toEqual([]);
		expect(c.state.seen).toHaveProperty('21');
	});

	it('the rolling check finds a contact that became searchable late behind many newer ones', async () => {
		const search = new FakeSearch('newest', 10);
		search.contacts = Array.from({ length: 100 }, (_, i) =>
			contact(i + 1, T0 - 99 * MINUTE_MS + i * 30_000),
		);
		let { state } = await poll(search, { start: T0 });
		// Created 20 minutes ago (8 pages down the list), searchable only now.
		search.contacts.push(contact(500, T0 - 20 * MINUTE_MS));
		const emitted: unknown[] = [];
		for (let i = 1; i <= 12; i++) {
			const out = await poll(search, { stored: state, start: T0 + i * MINUTE_MS });
			emitted.push(...ids(out.emit));
			state = out.state;
		}
		expect(emitted).toEqual([500]);
	});

	it('emit a contact that shows up late, after a pause, while no round of the check has ended since', async () => {
		const { search, state } = await activated('newest');
		// Three newer ones: `through` is the third newest of a read (two dated ahead do not set it).
		search.contacts.push(
			...[30, 32, 33].map((id) => contact(id, T0 + 2 * HOUR_MS + (id - 30) * 1000)),
		);
		const a = await poll(search, { stored: state, start: T0 + 3 * HOUR_MS });
		// Searchable 2.5 hours after its date, behind the three, during the round begun at 3 hours.
		search.contacts.push(contact(31, T0 + 30 * MINUTE_MS));
		const b = await poll(search, { stored: a.state, start: T0 + 3 * HOUR_MS + MINUTE_MS });
		expect(ids(b.emit)).toEqual([31]);
	});

	it('do not emit a contact that shows up more than the overlap after a round of the check began and ended', async () => {
		const { search, state } = await activated('newest');
		search.contacts.push(
			...[30, 32, 33].map((id) => contact(id, T0 + 2 * HOUR_MS + (id - 30) * 1000)),
		);
		let stored = (await poll(search, { stored: state, start: T0 + 3 * HOUR_MS })).state;
		// A round begins at 3 h + 1 min and ends: the floor is an hour below its beginning.
		for (const minutes of [1, 2, 3])
			stored = (await poll(search, { stored, start: T0 + 3 * HOUR_MS + minutes * MINUTE_MS }))
				.state;
		search.contacts.push(contact(31, T0 + 30 * MINUTE_MS));
		const b = await poll(search, { stored, start: T0 + 3 * HOUR_MS + 4 * MINUTE_MS });
		expect(b.emit).toEqual([]);
	});

	it('skip contacts without a readable id or time, report them, and emit one once its date is readable', async () => {
		const { search, state } = await activated('newest');
		const noDate = contact(40, 'not a date');
		const noId = { ...contact(41, T0 + 1000), id: undefined as unknown as number };
		search.contacts.push(noDate, noId, contact(42, T0 + 2000));
		const out = await poll(search, { stored: state, start: T0 + MINUTE_MS });
		expect(ids(out.emit)).toEqual([42]);
		expect(out.unreadable.sort()).toEqual([
			'(no id, created_date "2026-03-10T09:00:01.000Z")',
			'40',
		]);
		noDate.created_date = new Date(T0 + 90_000).toISOString();
		const fixed = await poll(search, { stored: out.state, start: T0 + 2 * MINUTE_MS });
		expect(ids(fixed.emit)).toEqual([40]);
	});

	it('hold back a contact dated more than a day ahead, and emit it once it is near', async () => {
		const { search, state } = await activated('newest');
		const ahead = contact(50, T0 + 3 * DAY_MS);
		search.contacts.push(ahead, contact(51, T0 + 1000));
		const out = await poll(search, { stored: state, start: T0 + MINUTE_MS });
		expect(ids(out.emit)).toEqual([51]);
		expect(out.deferred).toEqual(['50']);
		expect(out.state.floor).toBeLessThanOrEqual(T0 + MINUTE_MS - OVERLAP_MS);
		const near = await poll(search, { stored: out.state, start: T0 + 2 * DAY_MS + HOUR_MS });
		expect(ids(near.emit)).toEqual([50]);
	});

	it('timestamps of a zone east of UTC written without a zone (11 hours ahead) lose nothing', async () => {
		const local = (ms: number) => new Date(ms + 11 * HOUR_MS).toISOString().slice(0, 19);
		const search = new FakeSearch('newest', 5, [
			contact(1, local(T0 - HOUR_MS)),
			contact(2, local(T0 - 1)),
		]);
		let { state } = await poll(search, { start: T0 });
		const emitted: unknown[] = [];
		for (let i = 1; i <= 30; i++) {
			const now = T0 + i * 7 * MINUTE_MS;
			search.contacts.push(contact(100 + i, local(now - 2 * MINUTE_MS)));
			const out = await poll(search, { stored: state, start: now });
			emitted.push(...ids(out.emit));
			state = out.state;
			expect(state.floor).toBeLessThanOrEqual(now - OVERLAP_MS);
		}
		expect(emitted).toEqual(Array.from({ length: 30 }, (_, i) => 101 + i));
	});
});
