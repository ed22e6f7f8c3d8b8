/** The pure pieces of a New Contact poll: settings, plan, floor and cutoff rules, the collector. */
import {
	currentWalk,
	emptyAccountFloor,
	MAX_SPAN,
	newWalk,
	planPoll,
	searchConditions,
} from '../../../nodes/OutreachContact/trigger/newContact/poll';
import {
	CandidateCollector,
	FUTURE_TOLERANCE_MS,
	idKey,
	pruneBelow,
	withChosen,
	type CollectRules,
} from '../../../nodes/OutreachContact/trigger/shared/candidates';
import {
	cutoffOf,
	DEFAULT_MAX_PER_POLL,
	FIRST_RUN_LOOKBACK_MS,
	nextFloor,
	OVERLAP_MS,
	pollSettings,
	readSequenceFilter,
} from '../../../nodes/OutreachContact/trigger/shared/settings';
import { MAX_ID_LENGTH } from '../../../nodes/OutreachContact/trigger/shared/storedState';
import {
	DAY_MS,
	HOUR_MS,
	MINUTE_MS,
} from '../../../nodes/OutreachContact/trigger/shared/serviceTime';
import { newestContact } from '../../../nodes/OutreachContact/trigger/testEvent';
import type { Contact } from '../../../nodes/OutreachContact/types';
import { contactAt as contact, idsOf as ids } from '../../support/poll';
import { storedState, T0 } from '../../support/newContactPoll';
import { seededRandom } from '../../../harness/testClock';

const rules = (over: Partial<CollectRules> = {}): CollectRules => ({
	now: T0,
	emit: true,
	maxPerPoll: DEFAULT_MAX_PER_POLL,
	floor: T0 - HOUR_MS,
	cutoff: null,
	seen: {},
	...over,
});

describe('currentWalk: a walk goes on while its window reaches the floor', () => {
	const floor = T0 - 3 * HOUR_MS;
	const plan = (now: number) =>
		planPoll(storedState({ floor, through: null }), now, pollSettings({}));

	it('goes on with the walk the day it started', () => {
		const walk = { ...newWalk(floor, T0, T0 - HOUR_MS), page: 40 };
		expect(currentWalk(walk, plan(T0 + 20 * HOUR_MS))).toBe(walk);
	});

	it('starts a walk again, twice as wide each time, when one outlasted its window', () => {
		let walk = { ...newWalk(floor, T0, T0 - HOUR_MS), page: 40 };
		const spans: Array<number | undefined> = [];
		let now = T0;
		for (let i = 0; i < 8; i++) {
			// The first time the window no longer reaches the floor, a new walk starts.
			while (currentWalk(walk, plan(now)) === walk) now += HOUR_MS;
			walk = { ...currentWalk(walk, plan(now)), page: 40 };
			spans.push(walk.span);
			expect(walk.previous).toBe(T0 - HOUR_MS);
			expect(walk.days).toBeGreaterThanOrEqual(plan(now).windowDays);
		}
		expect(spans).toEqual([2, 4, 8, 16, 32, MAX_SPAN, MAX_SPAN, MAX_SPAN]);
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

describe('planPoll', () => {
	const previous = storedState({
		floor: T0 - 3 * HOUR_MS,
		cutoff: T0 - DAY_MS,
		through: T0 - 2 * HOUR_MS,
	});

	it('goes on from the stored floor and cutoff, the window covering the floor and a spare day', () => {
		expect(planPoll(previous, T0, pollSettings({ maxPerPoll: 7 }))).toEqual({
			now: T0,
			floor: previous.floor,
			cutoff: previous.cutoff,
			windowDays: 3, // ceil((3 h + 1 h walk allowance) / 1 day) + 2
			maxPerPoll: 7,
			previous,
		});
	});

	it('after a pause the window covers the whole pause', () => {
		expect(planPoll(previous, T0 + 5 * DAY_MS, pollSettings({})).windowDays).toBe(8);
	});

	it('with "Emit ... Last N Days" and no state: the floor N days back, nothing cut off', () => {
		const plan = planPoll(undefined, T0, pollSettings({ initialDays: 2 }));
		expect(plan).toMatchObject({ floor: T0 - 2 * DAY_MS, cutoff: null, windowDays: 5 });
	});

	it('an empty account starts a day back, for clocks that disagree', () => {
		expect(emptyAccountFloor(T0)).toBe(T0 - FIRST_RUN_LOOKBACK_MS);
		expect(FIRST_RUN_LOOKBACK_MS).toBe(DAY_MS);
	});
});

describe('the collector', () => {
	it('keeps only the oldest maxPerPoll contacts in memory but finds the same ones', () => {
		const random = seededRandom(11);
		const collector = new CandidateCollector(rules({ maxPerPoll: 10, floor: T0 - DAY_MS }));
		const all = Array.from({ length: 2000 }, (_, i) =>
			contact(i + 1, T0 - Math.floor(random() * HOUR_MS)),
		);
		let most = 0;
		for (let i = 0; i < all.length; i += 50) {
			// Every page again with some contacts of earlier pages (as when others arrive while paging).
			collector.add([...all.slice(i, i + 50), ...all.slice(Math.max(0, i - 20), i)]);
			most = Math.max(most, collector.sorted().length);
		}
		const out = collector.choose();
		const expected = [...all]
			.sort((a, b) => Date.parse(a.created_date) - Date.parse(b.created_date) || a.id - b.id)
			.slice(0, 10);
		expect(ids(out.emit)).toEqual(ids(expected));
		expect(out.report.backlog).toBe(1990);
		expect(collector.candidateCount).toBe(2000); // each once, though many came twice
		expect(most).toBeLessThanOrEqual(2 * 10 + 100);
	});

	it('emits oldest first by (created, id), each id once', () => {
		const collector = new CandidateCollector(rules());
		collector.add([contact(12, T0 - 1000), contact(10, T0 - 3000), contact(11, T0 - 3000)]);
		collector.add([contact(10, T0 - 3000), contact(13, T0 - 2000)]);
		expect(ids(collector.choose().emit)).toEqual([10, 11, 13, 12]);
	});

	it('passes over contacts below the floor, at or before the cutoff, or seen', () => {
		const collector = new CandidateCollector(
			rules({ floor: T0 - HOUR_MS, cutoff: T0 - 30 * MINUTE_MS, seen: { '3': T0 - 1000 } }),
		);
		const below = contact(1, T0 - HOUR_MS - 1);
		const atCutoff = contact(2, T0 - 30 * MINUTE_MS);
		const seen = contact(3, T0 - 1000);
		const fresh = contact(4, T0 - 30 * MINUTE_MS + 1);
		collector.add([below, atCutoff, seen, fresh]);
		expect(ids(collector.choose().emit)).toEqual([4]);
		expect([below, atCutoff, seen, fresh].map((c) => collector.isKnown(c))).toEqual([
			true,
			true,
			true,
			false,
		]);
		expect(collector.belowFloor(below)).toBe(true);
		expect(collector.belowFloor(atCutoff)).toBe(false);
	});

	it('reports contacts without a readable id or date, and never emits them', () => {
		const collector = new CandidateCollector(rules());
		const noDate = contact(40, 'not a date');
		const noId = { ...contact(41, T0 - 1000), id: undefined as unknown as number };
		const longId = { ...contact(42, T0 - 1000), id: 'y'.repeat(MAX_ID_LENGTH + 1) as never };
		collector.add([noDate, noId, longId, contact(43, T0 - 2000)]);
		const { emit, report } = collector.choose();
		expect(ids(emit)).toEqual([43]);
		expect(report.unreadable).toEqual([
			'40',
			'(no id, created_date "2026-03-10T08:59:59.000Z")',
			`${'y'.repeat(MAX_ID_LENGTH)}…`,
		]);
		expect([noDate, noId, longId].every((c) => collector.isKnown(c))).toBe(true);
	});

	it('holds back a contact dated more than a day ahead, and takes it once it is near', () => {
		const ahead = contact(50, T0 + FUTURE_TOLERANCE_MS + 1);
		const now = new CandidateCollector(rules());
		now.add([ahead]);
		expect(now.choose()).toMatchObject({ emit: [], report: { deferred: ['50'] } });
		expect(now.isKnown(ahead)).toBe(true);
		const later = new CandidateCollector(rules({ now: T0 + 2 * MINUTE_MS }));
		later.add([ahead]);
		expect(ids(later.choose().emit)).toEqual([50]);
	});

	it('reads timestamps in any supported format the same way', () => {
		const collector = new CandidateCollector(rules());
		collector.add([
			contact(60, '2026-03-10 08:59:03'), // no zone: UTC
			contact(61, '2026-03-10T21:59:02+13:00'),
			contact(62, '2026-03-10T00:59:01.000000-08:00'),
			contact(63, String((T0 - 64_000) / 1000)), // epoch seconds: 08:58:56
		]);
		expect(ids(collector.choose().emit)).toEqual([63, 62, 61, 60]);
	});

	it('in record mode (a first activation) keeps every candidate and emits none', () => {
		const collector = new CandidateCollector(rules({ emit: false, maxPerPoll: 2 }));
		collector.add([1, 2, 3, 4].map((i) => contact(i, T0 - i * 1000)));
		const { chosen, emit, report } = collector.choose();
		expect(chosen).toHaveLength(4);
		expect(emit).toEqual([]);
		expect(report.backlog).toBe(0);
	});

	it('idKey: numbers and trimmed strings of up to 64 characters', () => {
		expect(idKey(17)).toBe('17');
		expect(idKey(' a1 ')).toBe('a1');
		expect(idKey('x'.repeat(MAX_ID_LENGTH))).toHaveLength(MAX_ID_LENGTH);
		for (const bad of ['', '  ', 'x'.repeat(MAX_ID_LENGTH + 1), NaN, null, {}, true])
			expect(idKey(bad)).toBeUndefined();
	});

	it('withChosen records the chosen, pruneBelow forgets ids the floor excludes for good', () => {
		const collector = new CandidateCollector(rules());
		collector.add([contact(1, T0 - 5000), contact(2, T0 - 1000)]);
		const seen = withChosen({ '0': T0 - 2 * HOUR_MS }, collector.choose().chosen);
		expect(seen).toEqual({ '0': T0 - 2 * HOUR_MS, '1': T0 - 5000, '2': T0 - 1000 });
		expect(pruneBelow(seen, T0 - 1000)).toEqual({ '2': T0 - 1000 });
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
		expect(newestContact(list, T0)?.id).toBe(3);
		expect(newestContact([contact(5, 'garbage'), contact(6, 'also')], T0)?.id).toBe(5);
		expect(newestContact([], T0)).toBeUndefined();
	});
});
