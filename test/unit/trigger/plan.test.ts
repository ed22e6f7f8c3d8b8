/**
 * The pure pieces of a New Contact poll: settings, the window and walk a poll goes on with,
 * floor and cutoff rules (the collector is collector.test.ts).
 */
jest.mock('../../../nodes/OutreachContact/transport/api', () => ({ searchContacts: jest.fn() }));

import {
	pollNewContacts,
	searchConditions,
} from '../../../nodes/OutreachContact/trigger/newContact/poll';
import { MAX_WIDENED, newWalk } from '../../../nodes/OutreachContact/trigger/newContact/walking';
import { RequestBudget } from '../../../nodes/OutreachContact/trigger/shared/budget';
import {
	FIRST_RUN_LOOKBACK_MS,
	nextFloor,
	OVERLAP_MS,
} from '../../../nodes/OutreachContact/trigger/shared/ledger/ledger';
import { activatedNewContact } from '../../../nodes/OutreachContact/trigger/shared/ledger/newContact';
import {
	pollSettings,
	readSequenceFilter,
} from '../../../nodes/OutreachContact/trigger/pollRunner';
import { type NewContactState } from '../../../nodes/OutreachContact/trigger/shared/ledger/shapes';
import {
	createdTime,
	cutoffOf,
	DAY_MS,
	HOUR_MS,
	MINUTE_MS,
} from '../../../nodes/OutreachContact/trigger/shared/serviceTime';
import { newestContact } from '../../../nodes/OutreachContact/trigger/testEvent';
import type { Contact } from '../../../nodes/OutreachContact/types';
import { contactAt as contact, FakeSearch, runEventPoll } from '../../support/poll';
import { storedState, T0 } from '../../support/newContactPoll';

let budgets = 0;

/** A budget that refuses every request: the poll reads nothing and stores where it stands. */
const noRequests = () => new RequestBudget(`none ${++budgets}`, 0, Infinity);

type Walking = Extract<NewContactState, { mode: 'walking' }>;
type WalkOf = NonNullable<Walking['walk']>;

describe('the walk a poll goes on with: the same while its window reaches the floor', () => {
	const floor = T0 - 3 * HOUR_MS;
	/** The walk a poll at `now` goes on with, from a stored `walk` (it reads nothing). */
	const current = async (walk: WalkOf, now: number): Promise<WalkOf> => {
		const stored: Walking = { ...storedState({ floor, through: null }), mode: 'walking', walk };
		const out = await runEventPoll(pollNewContacts, new FakeSearch(), {
			stored,
			start: now,
			budget: noRequests(),
		});
		expect(out.state.mode).toBe('walking');
		return (out.state as Walking).walk!;
	};

	it('goes on with the walk the day it started', async () => {
		const walk = { ...newWalk(floor, T0, T0 - HOUR_MS), page: 40 };
		expect(await current(walk, T0 + 20 * HOUR_MS)).toEqual(walk);
	});

	it('starts a walk again, twice as wide each time, when one outlasted its window', async () => {
		let walk: WalkOf = { ...newWalk(floor, T0, T0 - HOUR_MS), page: 40 };
		const widened: Array<number | undefined> = [];
		let now = T0;
		for (let i = 0; i < 8; i++) {
			// The first time the window no longer reaches the floor, a new walk starts.
			let next = await current(walk, now);
			while (next.page === 40) {
				expect(next).toEqual(walk);
				now += HOUR_MS;
				next = await current(walk, now);
			}
			expect(next.page).toBe(1);
			walk = { ...next, page: 40 };
			widened.push(walk.widened);
			expect(walk.previous).toBe(T0 - HOUR_MS);
			// The poll's window: ceil((now + 1 h walk allowance - floor) / 1 day) + 2.
			expect(walk.days).toBeGreaterThanOrEqual(Math.ceil((now + HOUR_MS - floor) / DAY_MS) + 2);
		}
		expect(widened).toEqual([2, 4, 8, 16, 32, MAX_WIDENED, MAX_WIDENED, MAX_WIDENED]);
	});
});

describe('nextFloor: the floor after a poll', () => {
	it('trails what was handled without a gap by the overlap', () => {
		expect(nextFloor(T0 - DAY_MS, T0 - 10 * MINUTE_MS, T0)).toBe(T0 - 10 * MINUTE_MS - OVERLAP_MS);
	});

	it("never runs ahead of n8n's clock less the overlap, whatever the dates say", () => {
		// Two contacts of an import dated 20 hours ahead were handled.
		expect(nextFloor(T0 - DAY_MS, T0 + 20 * HOUR_MS, T0)).toBe(T0 - OVERLAP_MS);
	});

	it('only rises, and stays where it is while nothing was handled', () => {
		expect(nextFloor(T0, T0 - 5 * HOUR_MS, T0)).toBe(T0);
		expect(nextFloor(T0 - DAY_MS, null, T0)).toBe(T0 - DAY_MS);
	});
});

describe('cutoffOf: where a first activation draws the line', () => {
	it('is the third newest time read, so two contacts dated ahead do not set it', () => {
		const ahead = [T0 + 20 * HOUR_MS, T0 + 19 * HOUR_MS];
		expect(cutoffOf([T0 - 5000, ...ahead, T0 - 9000, T0 - 7000])).toBe(T0 - 5000);
	});

	it('is the oldest when fewer than three were read, none for none, and counts equal times', () => {
		expect(cutoffOf([])).toBeNull();
		expect(cutoffOf([T0])).toBe(T0);
		expect(cutoffOf([T0, T0 - 1])).toBe(T0 - 1);
		expect(cutoffOf([T0, T0, T0, T0 - 1])).toBe(T0);
	});

	it('does not reorder the times it was given', () => {
		const times = [3, 1, 2];
		cutoffOf(times);
		expect(times).toEqual([3, 1, 2]);
	});
});

describe('the window and floor a poll goes on with', () => {
	const previous = storedState({
		floor: T0 - 3 * HOUR_MS,
		cutoff: T0 - DAY_MS,
		through: T0 - 2 * HOUR_MS,
		order: 'newest',
	});
	/** One poll of an empty account from `stored`: its state and the window it searched. */
	const pollAt = async (stored: NewContactState | undefined, now: number, initialDays?: number) => {
		const search = new FakeSearch();
		const out = await runEventPoll(pollNewContacts, search, { stored, start: now, initialDays });
		const windows = search.requests.map((r) => r.conditions[0].value);
		return { state: out.state, window: windows[0], windows };
	};

	it('goes on from the stored floor and cutoff, the window covering the floor and a spare day', async () => {
		const { state, windows } = await pollAt(previous, T0);
		expect(state).toMatchObject({ floor: previous.floor, cutoff: previous.cutoff });
		// ceil((3 h + 1 h walk allowance) / 1 day) + 2, for every request of the poll
		expect(new Set(windows)).toEqual(new Set([3]));
	});

	it('after a pause the window covers the whole pause', async () => {
		expect((await pollAt(previous, T0 + 5 * DAY_MS)).window).toBe(8);
	});

	it('with "Emit ... Last N Days" and no state: the floor N days back, nothing cut off', async () => {
		const { state, window } = await pollAt(undefined, T0, 2);
		expect(state).toMatchObject({ floor: T0 - 2 * DAY_MS, cutoff: null });
		expect(window).toBe(5);
	});

	// A sample of 2 of 9 pages without an order, its third newest 10 hours back: the 7 pages it
	// did not read may hold newer contacts created before the activation.
	const sampled = (dates: string[], partial: boolean) =>
		activatedNewContact({
			pages: [
				{
					page: 1,
					pageSize: 20,
					contacts: dates.map((created_date, i) => ({
						id: i + 1,
						email: `c${i}@x.test`,
						created_date,
					})),
				},
			],
			partial,
			days: 2,
			now: T0,
			time: createdTime,
		}).state;
	const tenHoursBack = new Date(T0 - 10 * HOUR_MS).toISOString();

	it('without an order, a partial sample: the cutoff is its third newest, and the first walk completes the sample', () => {
		const halfHourBack = new Date(T0 - 30 * 60_000).toISOString();
		const state = sampled([halfHourBack, tenHoursBack, tenHoursBack], true);
		expect(state.cutoff).toBe(T0 - 10 * HOUR_MS);
		// Nothing is emitted until the walk has read the pages the sample left (sampling.ts).
		expect(state).toMatchObject({
			mode: 'walking',
			walk: null,
			sampling: { from: T0, tops: [T0 - 30 * 60_000, T0 - 10 * HOUR_MS, T0 - 10 * HOUR_MS] },
		});
		// The whole list read: no walk to wait for.
		expect(sampled([halfHourBack, tenHoursBack, tenHoursBack], false)).not.toHaveProperty(
			'sampling',
		);
		// A date that cannot be read (a million digits) is no instant and no date without a zone.
		const unreadable = '9'.repeat(1_000_000);
		expect(createdTime.instant({ id: 1, email: 'u@x.test', created_date: unreadable })).toBe(false);
		const withUnreadable = sampled([halfHourBack, unreadable, tenHoursBack, tenHoursBack], true);
		expect(withUnreadable.mode === 'walking' && withUnreadable.sampling?.zoneless).toBeFalsy();
		// Dates without a zone: marked, so that n8n's clock does not cap the walk's cutoff.
		const zoneless = tenHoursBack.replace('Z', '');
		const local = sampled([zoneless, zoneless, tenHoursBack], true);
		expect(local.mode === 'walking' && local.sampling?.zoneless).toBe(true);
	});

	it('an empty account starts a day back, for clocks that disagree', async () => {
		const { state } = activatedNewContact({ pages: [], now: T0, time: createdTime, days: 2 });
		expect(state.floor).toBe(T0 - FIRST_RUN_LOOKBACK_MS);
		expect((await pollAt(undefined, T0)).state.floor).toBe(T0 - FIRST_RUN_LOOKBACK_MS);
		expect(FIRST_RUN_LOOKBACK_MS).toBe(DAY_MS);
	});
});

describe('settings and helpers', () => {
	it('pollSettings applies the defaults', () => {
		expect(pollSettings({})).toEqual({ maxPerPoll: 100, initialDays: 0 });
		expect(pollSettings({ maxPerPoll: 0, initialDays: -1 })).toEqual({
			maxPerPoll: 100,
			initialDays: 0,
		});
		expect(pollSettings({ maxPerPoll: 25.7, initialDays: 1.5 })).toEqual({
			maxPerPoll: 25,
			initialDays: 1.5,
		});
	});

	it('pollSettings clamps values above the maxima stated in the descriptions', () => {
		expect(pollSettings({ maxPerPoll: 50_000, initialDays: 100_000 })).toEqual({
			maxPerPoll: 10_000,
			initialDays: 3_650,
		});
		expect(pollSettings({ maxPerPoll: Infinity, initialDays: '4000' })).toEqual({
			maxPerPoll: 10_000,
			initialDays: 3_650,
		});
		expect(pollSettings({ maxPerPoll: 10_000, initialDays: 3_650 })).toEqual({
			maxPerPoll: 10_000,
			initialDays: 3_650,
		});
	});

	it('searchConditions: the window, and the sequence when set', () => {
		expect(searchConditions(3)).toEqual([
			{ property: 'created_timestamp', condition: 'Less than', value: 3 },
		]);
		expect(searchConditions(5, 12)).toEqual([
			{ property: 'created_timestamp', condition: 'Less than', value: 5 },
			{ property: 'sequence__id', condition: 'Is', value: 12 },
		]);
	});

	it.each([
		[undefined, undefined],
		['', undefined],
		[{ __rl: true, mode: 'list', value: '' }, undefined],
		[{ __rl: true, mode: 'list', value: '12', cachedResultName: 'Founders' }, 12],
		[{ __rl: true, mode: 'id', value: ' 7 ' }, 7],
		[42, 42],
	])('readSequenceFilter(%p)', (raw, expected) => {
		expect(readSequenceFilter(raw)).toEqual(expected);
	});

	it.each([[0], [-1], [1.5], ['abc'], [{ __rl: true, mode: 'id', value: 'x1' }]])(
		'readSequenceFilter refuses %p',
		(raw) => {
			expect(() => readSequenceFilter(raw)).toThrow(/positive whole number/);
		},
	);

	it('newestContact picks by time then id, passes over far-future dates', () => {
		const list: Contact[] = [
			contact(1, T0 - 5000),
			contact(3, T0),
			contact(2, T0),
			contact(9, T0 + 5 * DAY_MS),
		];
		expect(newestContact(list, T0, createdTime)?.id).toBe(3);
		expect(newestContact([contact(5, 'garbage'), contact(6, 'also')], T0, createdTime)?.id).toBe(5);
		expect(newestContact([], T0, createdTime)).toBeUndefined();
	});
});
