/** Contact Enriched polls against a fake search of enriched contacts: plan, activation, each once. */
import { eventOf } from '../../../nodes/OutreachContact/trigger/events';
import { pollEligibleContacts } from '../../../nodes/OutreachContact/trigger/shared/eligibleWalk';
import {
	activatedEligible,
	MAX_ELIGIBLE_WIDENED,
	newEligibleWalk,
	MAX_SEEN,
	RETENTION_MS,
	settleEligible,
} from '../../../nodes/OutreachContact/trigger/shared/ledger/eligible';
import {
	readEligibleState,
	toStored,
} from '../../../nodes/OutreachContact/trigger/shared/ledger/stored';
import { type EligibleState } from '../../../nodes/OutreachContact/trigger/shared/ledger/shapes';
import { CHEAP_PAGES } from '../../../nodes/OutreachContact/trigger/shared/orderedRead';
import {
	createdTime,
	DAY_MS,
	HOUR_MS,
	MINUTE_MS,
} from '../../../nodes/OutreachContact/trigger/shared/serviceTime';
import { testHooks } from '../../../nodes/OutreachContact/testHooks';
import type { Contact, SearchCondition } from '../../../nodes/OutreachContact/types';
import {
	contactAt,
	FakeSearch,
	idsOf as ids,
	storedStatePoll,
	type PollRun,
} from '../../support/poll';
import { seededRandom } from '../../../harness/testClock';

jest.mock('../../../nodes/OutreachContact/transport/api', () => ({ searchContacts: jest.fn() }));

const NOW = Date.UTC(2026, 5, 1, 12, 0, 0);

/** A contact created at `created`, enriched (updated) at `enriched` (not yet when undefined). */
function c(id: number, created: number | string, enriched?: number): Contact {
	return {
		...contactAt(id, created),
		is_enriched: enriched !== undefined,
		updated_date: new Date(enriched ?? (typeof created === 'number' ? created : NOW)).toISOString(),
	};
}

const utcDay = (ms: number) => Math.floor(ms / DAY_MS);

/**
 * The service: enriched contacts updated fewer than N days ago (`updated_timestamp` `Less than`
 * N, in UTC days at `clock.now`), listed by creation.
 */
function service(order: FakeSearch['order'], cap: number, contacts: Contact[] = []) {
	const search = new FakeSearch(order, cap, contacts);
	search.inWindow = (contact: Contact, conditions: SearchCondition[]) => {
		const days = conditions.find((k) => k.property === 'updated_timestamp')?.value as number;
		const updated = Date.parse(contact.updated_date as string);
		return contact.is_enriched === true && utcDay(clock.now) - utcDay(updated) < days;
	};
	return search;
}

const clock = { now: NOW };
const enrichedConditions = eventOf('contactEnriched').search;
const pollStored = storedStatePoll(pollEligibleContacts, readEligibleState);

/** One poll at `run.start` (the service's clock too); its state as n8n stores it. */
function poll(search: FakeSearch, run: PollRun<EligibleState>) {
	clock.now = run.start;
	return pollStored(search, run);
}

beforeEach(() => testHooks.forgetTriggerStates());

describe('Contact Enriched: plan', () => {
	it('searches enriched contacts updated within the window, optionally in one sequence', () => {
		expect(enrichedConditions(3)).toEqual([
			{ property: 'is_enriched', condition: 'Is', value: true },
			{ property: 'updated_timestamp', condition: 'Less than', value: 3 },
		]);
		expect(enrichedConditions(5, 12)[2]).toEqual({
			property: 'sequence__id',
			condition: 'Is',
			value: 12,
		});
	});

	it('a first activation starts a day back, or N days back; a walk covers its start and a spare day', async () => {
		const dayBack = await poll(service('newest', 10), { start: NOW });
		expect(dayBack.state).toMatchObject({ since: NOW - DAY_MS, floor: NOW - DAY_MS });
		// N days back: the first walk (of an empty window, complete at once) starts from there.
		const daysBack = await poll(service('newest', 10), { start: NOW, initialDays: 3 });
		expect(daysBack.state.floor).toBe(NOW - 3 * DAY_MS);
		expect(newEligibleWalk(NOW - HOUR_MS, NOW)).toEqual({
			page: 1,
			days: 4, // ceil((1 h + a day for the walk) / 1 day) + 2
			startedAt: NOW,
			newest: null,
		});
		expect(newEligibleWalk(NOW - 5 * DAY_MS, NOW).days).toBe(8);
	});
});

describe('Contact Enriched: first activation', () => {
	const before = () =>
		[1, 2, 3, 4, 5].map((i) => c(i, NOW - (6 - i) * HOUR_MS, NOW - (6 - i) * HOUR_MS + 600_000));

	it('reads one page and records what it shows; the first walk records what was there', async () => {
		const search = service('newest', 10, before());
		const first = await poll(search, { start: NOW });
		expect(first.emit).toEqual([]);
		expect(first.requests).toBe(1);
		// The third newest: what was created up to it is recorded, not emitted.
		expect(first.state).toMatchObject({ mode: 'first', cutoff: NOW - 3 * HOUR_MS });
		expect(toStored(first.state).recordUntil).toBe(NOW - 3 * HOUR_MS);
		expect(Object.keys(first.state.seen).sort()).toEqual(['3', '4', '5']);
		// Enriched after the activation: a new contact, and one created before it (recorded).
		search.contacts.push(
			c(10, NOW + 30_000, NOW + 40_000),
			c(11, NOW - 4 * HOUR_MS - 1, NOW + 50_000),
		);
		const second = await poll(search, { stored: first.state, start: NOW + MINUTE_MS });
		expect(ids(second.emit)).toEqual([10]);
		expect(second.state.mode).not.toBe('first'); // the first walk is complete
		expect(toStored(second.state)).not.toHaveProperty('recordUntil');
		const third = await poll(search, { stored: second.state, start: NOW + 2 * MINUTE_MS });
		expect(third.emit).toEqual([]);
	});

	it('with "Emit ... Last N Days": emits the enriched contacts of the last N days, oldest first', async () => {
		// Contact 9 was created before the N days, enriched within them: it is not emitted.
		const search = service('newest', 2, [c(9, NOW - 3 * DAY_MS, NOW - HOUR_MS), ...before()]);
		const first = await poll(search, { start: NOW, initialDays: 2 });
		expect(ids(first.emit)).toEqual([1, 2, 3, 4, 5]);
		// The walk is complete; the next reads the N days again (a contact that moved onto a page
		// this walk had passed comes then), the one after goes on from this walk's start.
		expect(first.state.since).toBe(NOW - 2 * DAY_MS);
		expect(first.state.walk.before).toBe(NOW);
		const second = await poll(search, {
			stored: first.state,
			start: NOW + MINUTE_MS,
			initialDays: 2,
		});
		expect(second.emit).toEqual([]);
	});
});

describe('Contact Enriched: each contact once', () => {
	it.each([['newest'], ['oldest'], ['asListed']] as const)(
		'emits each contact once, after it was enriched, over a day of polls (%s)',
		async (order) => {
			const random = seededRandom(order.length + 20);
			const search = service(order, 20);
			let { state } = await poll(search, { start: NOW });
			const enrichedAt = new Map<number, number>();
			let now = NOW;
			let id = 1;
			const emitted: number[] = [];
			for (let i = 0; i < 150; i++) {
				const last = now;
				now += 10 * MINUTE_MS;
				for (let k = i < 120 ? Math.floor(random() * 5) : 0; k > 0; k--) {
					const created = last + Math.floor(random() * 10 * MINUTE_MS);
					const at = created + Math.floor(random() * 3 * HOUR_MS);
					const contact = c(id, created, at);
					enrichedAt.set(id++, at);
					search.contacts.splice(Math.floor(random() * (search.contacts.length + 1)), 0, contact);
				}
				// The service lists a contact once it is enriched; an update later moves its date.
				for (const x of search.contacts) {
					const at = enrichedAt.get(x.id)!;
					x.is_enriched = at <= now;
					if (x.is_enriched && random() < 0.01) x.updated_date = new Date(now).toISOString();
				}
				const out = await poll(search, { stored: state, start: now, maxPerPoll: 20 });
				for (const x of out.emit) expect(enrichedAt.get(x.id)).toBeLessThanOrEqual(now);
				emitted.push(...(ids(out.emit) as number[]));
				state = out.state;
			}
			expect(emitted.sort((a, b) => a - b)).toEqual([...enrichedAt.keys()]);
		},
	);

	it('keeps since while contacts wait for the next polls (Max Contacts per Poll)', async () => {
		const search = service('asListed', 10);
		const first = await poll(search, { start: NOW });
		search.contacts = [5, 4, 3, 2, 1].map((i) => c(i, NOW + i * 1000, NOW + MINUTE_MS));
		const start = NOW + DAY_MS;
		const second = await poll(search, { stored: first.state, start, maxPerPoll: 2 });
		expect(ids(second.emit)).toEqual([1, 2]);
		expect(second.state.since).toBe(NOW - DAY_MS); // the activation's
		const third = await poll(search, {
			stored: second.state,
			start: start + MINUTE_MS,
			maxPerPoll: 2,
		});
		expect(ids(third.emit)).toEqual([3, 4]);
		expect(third.state.since).toBe(NOW - DAY_MS);
		const fourth = await poll(search, {
			stored: third.state,
			start: start + 2 * MINUTE_MS,
			maxPerPoll: 2,
		});
		expect(ids(fourth.emit)).toEqual([5]);
		// The walk that left none waiting started again at the second poll (`start`): still on its
		// first page, its window, made at NOW, no longer reached since a day later. The walk after
		// next goes on from there, the next from the walk before it (here the activation's since).
		expect(fourth.state.since).toBe(NOW - DAY_MS);
		expect(fourth.state.walk.before).toBe(start);
	});

	it('with an order, reads the new end every poll: a contact enriched at creation comes at once, a quiet poll costs 2', async () => {
		const old = Array.from({ length: 60 }, (_, i) =>
			c(i + 1, NOW - DAY_MS + i * MINUTE_MS, NOW - HOUR_MS),
		);
		const search = service('newest', 10, old);
		let { state } = await poll(search, { start: NOW, initialDays: 2, maxPerPoll: 100 });
		expect(state).toMatchObject({ mode: 'newEnd', order: 'newest' });
		for (let i = 1; i <= 5; i++) {
			const now = NOW + i * MINUTE_MS;
			search.contacts.push(c(100 + i, now - 20_000, now - 10_000));
			const out = await poll(search, { stored: state, start: now });
			expect(ids(out.emit)).toEqual([100 + i]);
			expect(out.requests).toBeLessThanOrEqual(CHEAP_PAGES + 1);
			state = out.state;
		}
		const quiet = await poll(search, { stored: state, start: NOW + 10 * MINUTE_MS });
		expect(quiet.emit).toEqual([]);
		expect(quiet.requests).toBeLessThanOrEqual(2);
	});

	it('passes over contacts without a readable id or time, and waits for ones dated far ahead', async () => {
		const search = service('asListed', 10);
		const first = await poll(search, { start: NOW });
		const noDate = c(7, 'soon', NOW);
		const noId = { ...c(0, NOW, NOW), id: undefined as unknown as number };
		search.contacts = [noDate, noId, c(8, NOW + 3 * DAY_MS, NOW)];
		const second = await poll(search, { stored: first.state, start: NOW + MINUTE_MS });
		expect(second.emit).toEqual([]);
		expect(second.unreadable).toHaveLength(2);
		expect(second.deferred).toEqual(['8']);
		expect(second.state.seen).toEqual({});
	});
});

describe('Contact Enriched: what the state forgets', () => {
	it('retention: after 30 days the floor passes an emitted contact, and it never comes again', async () => {
		const search = service('asListed', 10);
		const first = await poll(search, { start: NOW });
		search.contacts = [c(1, NOW, NOW + MINUTE_MS)];
		const second = await poll(search, { stored: first.state, start: NOW + HOUR_MS });
		expect(ids(second.emit)).toEqual([1]);
		let state = second.state;
		for (let day = 1; day <= 31; day++) {
			const out = await poll(search, { stored: state, start: NOW + day * DAY_MS });
			expect(out.emit).toEqual([]);
			// Each walk covered its window: retention gives up nothing a walk did not reach.
			expect(out.givenUp).toBeUndefined();
			state = out.state;
		}
		expect(state.seen).toEqual({});
		expect(state.floor).toBe(NOW + 31 * DAY_MS - RETENTION_MS);
		// Updated again, it is in the window once more: the floor keeps it out.
		search.contacts[0].updated_date = new Date(NOW + 32 * DAY_MS).toISOString();
		expect((await poll(search, { stored: state, start: NOW + 32 * DAY_MS })).emit).toEqual([]);
	});

	it(`the cap: past ${MAX_SEEN} ids the floor rises past the oldest, which never come again`, async () => {
		const seen: Record<string, number> = {};
		for (let i = 0; i < MAX_SEEN + 5; i++) seen[`${i}`] = NOW - 10 * DAY_MS + i;
		const stored: EligibleState = {
			version: 2,
			baseline: NOW - 20 * DAY_MS,
			since: NOW - HOUR_MS,
			floor: NOW - 20 * DAY_MS,
			seen,
			logged: [],
			walk: newEligibleWalk(NOW - HOUR_MS, NOW - HOUR_MS),
			mode: 'walking',
		};
		const search = service('asListed', 10);
		const out = await poll(search, { stored, start: NOW }); // the walk completes: the cap applies
		expect(Object.keys(out.state.seen)).toHaveLength(MAX_SEEN);
		expect(out.state.seen).not.toHaveProperty('2');
		expect(out.state.floor).toBe(NOW - 10 * DAY_MS + 5);
		// The give-up is named for the log: the newest creation time forgotten.
		expect(out.cut).toBe(NOW - 10 * DAY_MS + 4);
		// Contact 2, emitted long ago and forgotten, is updated again: the floor keeps it out.
		search.contacts = [c(2, NOW - 10 * DAY_MS + 2, NOW + MINUTE_MS)];
		expect((await poll(search, { stored: out.state, start: NOW + 2 * MINUTE_MS })).emit).toEqual(
			[],
		);
	});
});

describe('Contact Enriched: stored state', () => {
	const walk = {
		page: 3,
		days: 4,
		startedAt: NOW,
		newest: NOW - 5,
		falls: true,
		last: NOW - 9,
		limit: 7,
	};
	const common = {
		version: 2 as const,
		baseline: NOW,
		since: NOW,
		floor: NOW - DAY_MS,
		seen: { '1': NOW },
		logged: ['9'],
		walk,
		pageSize: 50,
	};
	/** Reading the new end of a list oldest first; and the first walk, recording. */
	const newEnd: EligibleState = { ...common, mode: 'newEnd', order: 'oldest', lastPage: 12 };
	const first: EligibleState = { ...common, mode: 'first', cutoff: NOW - HOUR_MS };
	/** As n8n stores it: the names of version 2, through JSON. */
	const good = JSON.parse(JSON.stringify(toStored(newEnd)));

	it('stores the field names of version 2, which saved workflows and 1.0.0 read', () => {
		expect(good).toEqual({
			version: 2,
			baseline: NOW,
			since: NOW,
			createdFloor: NOW - DAY_MS,
			seen: { '1': NOW },
			reported: ['9'],
			walk,
			order: 'oldest',
			pageSize: 50,
			lastPage: 12,
		});
		expect(toStored(first)).toMatchObject({ recordUntil: NOW - HOUR_MS });
	});

	it('reads a valid state back through JSON', () => {
		expect(readEligibleState(good)).toEqual({ state: newEnd });
		const stored = JSON.parse(JSON.stringify(toStored(first)));
		expect(readEligibleState(stored)).toEqual({ state: first });
		const walking = { ...newEnd, order: undefined, lastPage: undefined };
		expect(
			readEligibleState(JSON.parse(JSON.stringify(toStored({ ...walking, mode: 'walking' })))),
		).toEqual({
			state: { ...walking, mode: 'walking' },
		});
		expect(readEligibleState(undefined)).toEqual({});
	});

	it.each([
		['not an object', []],
		['version 0, expected 1 or 2', { ...good, version: 0 }],
		['invalid times', { ...good, since: 'x' }],
		['no list of seen contacts', { ...good, seen: [] }],
		['an invalid time for contact 1', { ...good, seen: { '1': null } }],
	])('refuses a state with %s', (problem, raw) => {
		expect(readEligibleState(raw).problem).toContain(problem);
	});

	it('tells a state of a newer version apart, instead of taking it for a broken one', () => {
		expect(readEligibleState({ ...good, version: 3 })).toEqual({ newer: { stored: 3, known: 2 } });
	});

	const v1 = {
		version: 1,
		baseline: NOW - DAY_MS,
		since: NOW - HOUR_MS,
		createdFloor: NOW - 2 * DAY_MS,
		seen: { '1': NOW - DAY_MS },
	};

	it('goes on from a version 1 state with a new walk from its since', () => {
		expect(readEligibleState(v1).state).toMatchObject({
			version: 2,
			since: v1.since,
			floor: v1.createdFloor,
			seen: v1.seen,
			walk: { page: 1, startedAt: v1.since },
		});
	});

	it('the first poll after the upgrade emits what was enriched since the v1 poll', async () => {
		const search = service('asListed', 10, [c(2, NOW - 30 * MINUTE_MS, NOW - 20 * MINUTE_MS)]);
		const out = await poll(search, { stored: readEligibleState(v1).state, start: NOW });
		expect(ids(out.emit)).toEqual([2]);
	});
});

describe('a walk that outlasted its window (survey 200000, schedule 1433)', () => {
	const rules = (now: number) => ({ now, maxPerPoll: 1, time: createdTime, wants: () => true });
	const state = activatedEligible(rules(NOW), NOW - DAY_MS);
	const complete = (now: number) =>
		settleEligible(state, { pages: [], walk: state.walk, complete: true }, rules(now));

	it('when retention then moves the floor, the date given up is named', () => {
		const now = NOW + 31 * DAY_MS;
		const out = complete(now);
		expect(out.state.floor).toBe(now - RETENTION_MS);
		expect(out.givenUp).toBe(now - RETENTION_MS);
	});

	it('names nothing while the floor stays, or when the walk ended within its window', () => {
		expect(complete(NOW + 10 * DAY_MS).givenUp).toBeUndefined();
		expect(complete(NOW + HOUR_MS).givenUp).toBeUndefined();
	});
});

describe("walks whose list shrank (a reviewer's case, 2026-11-27)", () => {
	// Each complete walk proves nothing; on f441019 `since` and the floor stayed where the
	// activation put them and the window grew a day a day (107 days after 40 days).
	it('40 daily walks that each end shrank: since and the floor follow the retention, the window stays bounded', () => {
		const rules = (now: number) => ({
			now,
			maxPerPoll: 100,
			time: createdTime,
			wants: () => true,
		});
		let state = activatedEligible(rules(NOW), NOW - DAY_MS);
		for (let day = 1; day <= 40; day++) {
			const now = NOW + day * DAY_MS;
			const walk = { ...state.walk, shrank: true };
			state = settleEligible(state, { pages: [], walk, complete: true }, rules(now)).state;
		}
		const now = NOW + 40 * DAY_MS;
		expect(state.since).toBe(now - RETENTION_MS);
		expect(state.floor).toBe(now - RETENTION_MS);
		expect(state.walk.widened).toBe(MAX_ELIGIBLE_WIDENED);
		// Calendar days: the retention's 30, the widening's 8, and the two partial days at its ends.
		expect(state.walk.days).toBeLessThanOrEqual(30 + MAX_ELIGIBLE_WIDENED + 2);
	});
});

describe('a walk that outgrew the pages its first answer allowed (cutShort: grown)', () => {
	const rules = (now: number) => ({ now, maxPerPoll: 100, time: createdTime, wants: () => true });
	const activated = activatedEligible(rules(NOW), NOW - DAY_MS);
	const inconsistent = 'page 28 reported 30 pages (735 contacts), past the 28 the walk allowed';
	// As walkStep leaves it at its allowance: the page after the last it read, that page's anchor.
	const cut = { ...activated.walk, page: 29, limit: 28, anchor: { ids: ['700'], total: 735 } };

	it('the first walk goes on after its last page, with no allowance until its next page', () => {
		const first = { ...activated, mode: 'first', cutoff: NOW - HOUR_MS } as EligibleState;
		const out = settleEligible(
			first,
			{ pages: [], walk: cut, complete: true, inconsistent },
			rules(NOW + HOUR_MS),
		);
		expect(out.state.mode).toBe('first');
		expect(out.state.walk).toMatchObject({ page: 29, startedAt: NOW, anchor: { ids: ['700'] } });
		expect(out.state.walk.limit).toBeUndefined();
	});

	it('a later walk starts again from page 1 (a count that never ends would hold it for good)', () => {
		const later = { ...activated, mode: 'newEnd', order: 'oldest' } as EligibleState;
		const out = settleEligible(
			later,
			{ pages: [], walk: cut, complete: true, inconsistent },
			rules(NOW + HOUR_MS),
		);
		expect(out.state.walk).toMatchObject({ page: 1, startedAt: NOW + HOUR_MS });
		expect(out.state.walk.anchor).toBeUndefined();
	});
});

describe('contacts postponed behind a backlog (eligibleWalk.ts, backlogRange.ts)', () => {
	const rules = (now: number) => ({ now, maxPerPoll: 100, time: createdTime, wants: () => true });
	const activated = activatedEligible(rules(NOW), NOW - DAY_MS);

	// A walk that completes hands `since` on to the walk before's start: a contact it read but
	// postponed, updated before that, would then fall out of every later window.
	it('a walk that read its last page does not complete while contacts are postponed', () => {
		const later = rules(NOW + HOUR_MS);
		const walk = { ...activated.walk, page: 5 };
		const held = settleEligible(
			activated,
			{ pages: [], walk, complete: true, postponed: 3 },
			later,
		);
		expect(held.state.walk).toMatchObject({ page: 5, startedAt: NOW });
		expect(held.state.walk.before).toBeUndefined();
		expect(held.backlog).toBe(3);
		const done = settleEligible(activated, { pages: [], walk, complete: true }, later);
		expect(done.state.walk).toMatchObject({ page: 1, startedAt: NOW + HOUR_MS, before: NOW });
		expect(done.backlog).toBe(0);
	});
});
