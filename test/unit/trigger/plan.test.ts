import type { PollState } from '../../../nodes/OutreachContact/trigger/state';
import { readPollState, STATE_VERSION } from '../../../nodes/OutreachContact/trigger/state';
import {
	finishPoll,
	newContactCollector,
} from '../../../nodes/OutreachContact/trigger/newContactPoll';
import {
	DEFAULT_MAX_PER_POLL,
	FIRST_RUN_LOOKBACK_MS,
	OVERLAP_MS,
	planPoll,
	pollSettings,
	readSequenceFilter,
	searchConditions,
} from '../../../nodes/OutreachContact/trigger/plan';
import { newestContact } from '../../../nodes/OutreachContact/trigger/testEvent';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../../nodes/OutreachContact/trigger/timeRules';
import type { Contact } from '../../../nodes/OutreachContact/types';
import { runPoll } from '../../support/poll';
import { seededRandom } from '../../support/testClock';

const T0 = Date.UTC(2026, 2, 10, 9, 0, 0);

function contact(id: number, created: number | string): Contact {
	return {
		id,
		email: `c${id}@example.com`,
		created_date: typeof created === 'number' ? new Date(created).toISOString() : created,
	};
}

const ids = (contacts: Contact[]) => contacts.map((c) => c.id);
const settings = (maxPerPoll = DEFAULT_MAX_PER_POLL, initialDays = 0) => ({
	maxPerPoll,
	initialDays,
});
/** The state as n8n stores it: through JSON. */
const roundTrip = (state: PollState): PollState =>
	readPollState(JSON.parse(JSON.stringify(state))).state!;

describe('first activation', () => {
	it('emits nothing, records what is there and sets the baseline', () => {
		const existing = [
			contact(1, T0 - 3 * DAY_MS),
			contact(2, T0 - 2 * HOUR_MS),
			contact(3, T0 - 10 * MINUTE_MS),
		];
		const first = runPoll(undefined, T0, settings(), [existing]);
		expect(first.plan.previous).toBeUndefined();
		expect(first.plan.emit).toBe(false);
		expect(first.plan.floor).toBe(T0 - FIRST_RUN_LOOKBACK_MS);
		expect(first.emit).toEqual([]);
		expect(first.recorded).toBe(2);
		expect(first.state).toEqual({
			version: STATE_VERSION,
			baseline: T0,
			watermark: T0 - 10 * MINUTE_MS,
			floor: T0 - 10 * MINUTE_MS - OVERLAP_MS,
			seen: { '3': T0 - 10 * MINUTE_MS }, // contact 2 is older than the floor: pruned
		});

		// The next poll emits only what is new, even contact 2 and 3 come again.
		const later = [contact(4, T0 + 5 * MINUTE_MS), ...existing];
		const second = runPoll(roundTrip(first.state), T0 + 10 * MINUTE_MS, settings(), [later]);
		expect(ids(second.emit)).toEqual([4]);
		expect(second.state.baseline).toBe(T0);
	});

	it('with an empty account, anything created later is new', () => {
		const first = runPoll(undefined, T0, settings(), [[]]);
		expect(first.state.watermark).toBeNull();
		expect(first.state.floor).toBe(T0 - FIRST_RUN_LOOKBACK_MS);
		const second = runPoll(first.state, T0 + MINUTE_MS, settings(), [[contact(1, T0 + 30_000)]]);
		expect(ids(second.emit)).toEqual([1]);
	});

	it('with initialDays, emits the contacts of the last N days once, oldest first', () => {
		const all = [
			contact(1, T0 - 3 * DAY_MS),
			contact(2, T0 - 2 * DAY_MS + HOUR_MS),
			contact(3, T0 - DAY_MS),
			contact(4, T0 - MINUTE_MS),
		];
		const first = runPoll(undefined, T0, settings(100, 2), [[...all].reverse()]);
		expect(first.plan.emit).toBe(true);
		expect(first.plan.windowDays).toBe(5); // ceil((2 days + 1 hour walk allowance) / 1 day) + 2
		expect(ids(first.emit)).toEqual([2, 3, 4]);
		const second = runPoll(first.state, T0 + MINUTE_MS, settings(100, 2), [all]);
		expect(second.emit).toEqual([]);
	});
});

describe('later polls', () => {
	const start = runPoll(undefined, T0, settings(), [[contact(1, T0 - MINUTE_MS)]]).state;

	it('emit each new contact once, oldest first, whatever order the pages come in', () => {
		const fresh = [
			contact(12, T0 + 3000),
			contact(10, T0 + 1000),
			contact(11, T0 + 1000),
			contact(13, T0 + 2000),
		];
		const out = runPoll(start, T0 + MINUTE_MS, settings(), [
			[fresh[0], fresh[1]],
			[fresh[2], fresh[1], fresh[3]],
		]);
		expect(ids(out.emit)).toEqual([10, 11, 13, 12]); // (created, id)
		const again = runPoll(out.state, T0 + 2 * MINUTE_MS, settings(), [fresh]);
		expect(again.emit).toEqual([]);
	});

	it('spread a burst over polls with maxPerPoll, oldest first, losing nothing', () => {
		const burst = Array.from({ length: 250 }, (_, i) =>
			contact(100 + i, T0 + 10_000 + Math.floor(i / 3)),
		);
		const shuffled = [...burst].sort((a, b) => ((a.id * 7919) % 251) - ((b.id * 7919) % 251));
		let state = start;
		const emitted: number[] = [];
		const sizes: number[] = [];
		let backlog = 0;
		for (let poll = 1; poll <= 4; poll++) {
			const out = runPoll(state, T0 + poll * MINUTE_MS, settings(100), [
				shuffled.slice(0, 125),
				shuffled.slice(125),
			]);
			emitted.push(...(ids(out.emit) as number[]));
			sizes.push(out.emit.length);
			if (poll === 1) backlog = out.backlog;
			state = roundTrip(out.state);
		}
		expect(sizes).toEqual([100, 100, 50, 0]);
		expect(backlog).toBe(150);
		expect(emitted).toEqual(ids(burst));
	});

	it('emit a contact that shows up late, once, if it was created within the overlap', () => {
		const a = runPoll(start, T0 + 40 * MINUTE_MS, settings(), [[contact(20, T0 + 30 * MINUTE_MS)]]);
		expect(ids(a.emit)).toEqual([20]);
		// 25 minutes older than the watermark, visible only now:
		const late = contact(21, T0 + 5 * MINUTE_MS);
		const b = runPoll(a.state, T0 + 45 * MINUTE_MS, settings(), [
			[contact(20, T0 + 30 * MINUTE_MS), late],
		]);
		expect(ids(b.emit)).toEqual([21]);
		const c = runPoll(b.state, T0 + 50 * MINUTE_MS, settings(), [[late]]);
		expect(c.emit).toEqual([]);
	});

	it('do not emit a contact that shows up more than the overlap after newer ones were emitted', () => {
		const a = runPoll(start, T0 + 3 * HOUR_MS, settings(), [[contact(30, T0 + 2 * HOUR_MS)]]);
		const b = runPoll(a.state, T0 + 3 * HOUR_MS + MINUTE_MS, settings(), [
			[contact(31, T0 + 30 * MINUTE_MS)],
		]);
		expect(b.emit).toEqual([]);
	});

	it('skip contacts without a readable id or time, and report them', () => {
		const out = runPoll(start, T0 + MINUTE_MS, settings(), [
			[
				contact(40, 'not a date'),
				{ ...contact(41, T0 + 1000), id: undefined as unknown as number },
				contact(42, T0 + 2000),
			],
		]);
		expect(ids(out.emit)).toEqual([42]);
		expect(out.unreadable).toEqual(['40', '(no id, created_date "2026-03-10T09:00:01.000Z")']);
		// Once the service fills in a readable time, the contact is new like any other.
		const fixed = runPoll(out.state, T0 + 2 * MINUTE_MS, settings(), [[contact(40, T0 + 90_000)]]);
		expect(ids(fixed.emit)).toEqual([40]);
	});

	it('hold back a contact dated more than a day ahead, and emit it once it is near', () => {
		const ahead = contact(50, T0 + 3 * DAY_MS);
		const out = runPoll(start, T0 + MINUTE_MS, settings(), [[ahead, contact(51, T0 + 1000)]]);
		expect(ids(out.emit)).toEqual([51]);
		expect(out.deferred).toEqual(['50']);
		expect(out.state.watermark).toBe(T0 + 1000); // not moved to three days ahead
		const near = runPoll(out.state, T0 + 2 * DAY_MS + HOUR_MS, settings(), [[ahead]]);
		expect(ids(near.emit)).toEqual([50]);
	});

	it('read timestamps in any supported format the same way', () => {
		const out = runPoll(start, T0 + MINUTE_MS, settings(), [
			[
				contact(60, '2026-03-10 09:00:03'), // no zone: UTC
				contact(61, '2026-03-10T22:00:02+13:00'),
				contact(62, '2026-03-10T01:00:01.000000-08:00'),
			],
		]);
		expect(ids(out.emit)).toEqual([62, 61, 60]);
	});
});

describe('the state', () => {
	it('stays within the contacts created in one overlap before the watermark', () => {
		const random = seededRandom(3);
		let state = runPoll(undefined, T0, settings(), [[]]).state;
		const all: Array<{ c: Contact; t: number }> = [];
		let now = T0;
		let id = 1;
		let maxSeen = 0;
		for (let poll = 0; poll < 300; poll++) {
			now += Math.floor(random() * 20 * MINUTE_MS);
			const n = Math.floor(random() * 30);
			for (let i = 0; i < n; i++) {
				const t = now - Math.floor(random() * 60_000);
				all.push({ c: contact(id++, t), t });
			}
			const window = all.filter((e) => e.t >= now - 4 * DAY_MS).map((e) => e.c);
			const out = runPoll(state, now, settings(40), [window]);
			state = roundTrip(out.state);
			const wm = state.watermark!;
			const inOverlap = all.filter((e) => e.t >= wm - OVERLAP_MS && e.t <= wm).length;
			const seen = Object.keys(state.seen).length;
			expect(seen).toBeLessThanOrEqual(inOverlap);
			expect(state.floor).toBeGreaterThanOrEqual(wm - OVERLAP_MS);
			expect(Object.values(state.seen).every((t) => t >= state.floor && t <= wm)).toBe(true);
			maxSeen = Math.max(maxSeen, seen);
		}
		expect(all.length).toBeGreaterThan(3000);
		expect(maxSeen).toBeLessThan(200);
	});

	it('is plain JSON and survives a round trip unchanged', () => {
		const out = runPoll(undefined, T0, settings(), [
			[contact(1, T0 - 5000), contact(2, T0 - 4000)],
		]);
		const text = JSON.stringify(out.state);
		expect(readPollState(JSON.parse(text))).toEqual({ state: out.state });
		expect(JSON.parse(text)).toEqual(out.state);
	});

	it.each([
		['a string', 'x', 'not an object'],
		['an array', [], 'not an object'],
		['another version', { version: 2 }, 'version 2'],
		[
			'bad times',
			{ version: 1, baseline: 'x', floor: 1, watermark: null, seen: {} },
			'invalid times',
		],
		['no seen map', { version: 1, baseline: 1, floor: 1, watermark: 2 }, 'no list'],
		[
			'a bad seen time',
			{ version: 1, baseline: 1, floor: 1, watermark: 2, seen: { 5: 'x' } },
			'contact 5',
		],
	])('is refused when it is %s (and the poll starts over)', (_, raw, problem) => {
		const read = readPollState(raw);
		expect(read.state).toBeUndefined();
		expect(read.problem).toContain(problem);
	});

	it('is absent before the first poll', () => {
		expect(readPollState(undefined)).toEqual({});
	});
});

describe('The New Contact collector', () => {
	it('keeps only the oldest maxPerPoll contacts in memory but finds the same ones', () => {
		const random = seededRandom(11);
		const plan = planPoll(
			runPoll(undefined, T0, settings(), [[]]).state,
			T0 + HOUR_MS,
			settings(10),
		);
		const collector = newContactCollector(plan);
		const all = Array.from({ length: 2000 }, (_, i) =>
			contact(i + 1, T0 + Math.floor(random() * HOUR_MS)),
		);
		for (let i = 0; i < all.length; i += 50) {
			// Every page again with some contacts of earlier pages (as when others arrive while paging).
			collector.add([...all.slice(i, i + 50), ...all.slice(Math.max(0, i - 20), i)]);
		}
		const out = finishPoll(plan, collector);
		const expected = [...all]
			.sort((a, b) => Date.parse(a.created_date) - Date.parse(b.created_date) || a.id - b.id)
			.slice(0, 10);
		expect(ids(out.emit)).toEqual(ids(expected));
		expect(out.backlog).toBe(1990);
		expect(collector.candidateCount).toBe(2000); // each once, though many came twice
	});
});

describe('helpers', () => {
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
		const list = [
			contact(1, T0 - 5000),
			contact(3, T0),
			contact(2, T0),
			contact(9, T0 + 5 * DAY_MS),
		];
		expect(newestContact(list, T0)?.id).toBe(3);
		expect(newestContact([contact(5, 'garbage'), contact(6, 'also')], T0)?.id).toBe(5);
		expect(newestContact([], T0)).toBeUndefined();
	});
});
