/** The Contact Enriched event's plan, collector and state, without HTTP. */
import {
	enrichedCollector,
	finishEnrichedPoll,
} from '../../../nodes/OutreachContact/trigger/enriched/poll';
import {
	enrichedConditions,
	planEnrichedPoll,
	RETENTION_MS,
	type EnrichedPlan,
} from '../../../nodes/OutreachContact/trigger/enriched/plan';
import {
	readEnrichedState,
	type EnrichedState,
} from '../../../nodes/OutreachContact/trigger/enriched/state';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../../nodes/OutreachContact/trigger/timeRules';
import type { Contact } from '../../../nodes/OutreachContact/types';

const NOW = Date.UTC(2026, 5, 1, 12, 0, 0);
const c = (id: number, created: number): Contact =>
	({ id, email: `p${id}@example.com`, created_date: new Date(created).toISOString() }) as Contact;
const settings = (maxPerPoll = 100, initialDays = 0) => ({ maxPerPoll, initialDays });

/** One whole poll over contacts already fetched, as the Contact Enriched event (trigger/enriched/poll.ts) runs it. */
function run(
	previous: EnrichedState | undefined,
	now: number,
	pages: Contact[][],
	options = settings(),
	maxSeen?: number,
) {
	const plan: EnrichedPlan = {
		...planEnrichedPoll(previous, now, options),
		...(maxSeen ? { maxSeen } : {}),
	};
	const collector = enrichedCollector(plan);
	for (const page of pages) collector.add(page);
	return { plan, ...finishEnrichedPoll(plan, collector) };
}
const ids = (contacts: Contact[]) => contacts.map((x) => x.id);

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

	it('first activation: records the past day, or emits the last N days; later polls start at the last poll', () => {
		expect(planEnrichedPoll(undefined, NOW, settings())).toMatchObject({
			emit: false,
			since: NOW - DAY_MS,
			createdFloor: NOW - DAY_MS,
			windowDays: 4,
		});
		expect(planEnrichedPoll(undefined, NOW, settings(100, 3))).toMatchObject({
			emit: true,
			since: NOW - 3 * DAY_MS,
			windowDays: 6,
		});
		const first = run(undefined, NOW, [[c(1, NOW - HOUR_MS)]]);
		expect(first.emit).toEqual([]);
		expect(first.state).toEqual({
			version: 1,
			baseline: NOW,
			since: NOW,
			createdFloor: NOW - DAY_MS,
			seen: { '1': NOW - HOUR_MS },
		});
		expect(planEnrichedPoll(first.state, NOW + MINUTE_MS, settings())).toMatchObject({
			emit: true,
			since: NOW,
			windowDays: 3,
		});
		// After a long pause the window covers the whole pause (and the spare day).
		expect(planEnrichedPoll(first.state, NOW + 5 * DAY_MS, settings()).windowDays).toBe(8);
	});
});

describe('Contact Enriched: each contact once', () => {
	it('emits new ids oldest created first, never one emitted before, nor one created before the floor', () => {
		const first = run(undefined, NOW, [[c(1, NOW - HOUR_MS)]]);
		const t = NOW + MINUTE_MS;
		const second = run(first.state, t, [
			[c(4, NOW - 2 * MINUTE_MS), c(1, NOW - HOUR_MS), c(3, NOW - 3 * HOUR_MS)],
			[c(4, NOW - 2 * MINUTE_MS), c(9, NOW - 2 * DAY_MS)],
		]);
		expect(ids(second.emit)).toEqual([3, 4]);
		expect(second.state.since).toBe(t);
		const third = run(second.state, t + MINUTE_MS, [
			[c(4, NOW - 2 * MINUTE_MS), c(3, NOW - 3 * HOUR_MS), c(1, NOW - HOUR_MS)],
		]);
		expect(third.emit).toEqual([]);
	});

	it('keeps the window and the floor while contacts wait for the next polls (Max Contacts per Poll)', () => {
		const first = run(undefined, NOW, []);
		const page = [5, 4, 3, 2, 1].map((id) => c(id, NOW - id * MINUTE_MS));
		const second = run(first.state, NOW + DAY_MS, [page], settings(2));
		expect(ids(second.emit)).toEqual([5, 4]);
		expect(second.backlog).toBe(3);
		expect(second.state.since).toBe(NOW);
		const third = run(second.state, NOW + 2 * DAY_MS, [page], settings(2));
		expect(ids(third.emit)).toEqual([3, 2]);
		const fourth = run(third.state, NOW + 3 * DAY_MS, [page], settings(2));
		expect(ids(fourth.emit)).toEqual([1]);
		expect(fourth.state.since).toBe(NOW + 3 * DAY_MS);
	});

	it('retention: after 30 days the floor passes an emitted contact, its id is pruned and it never comes again', () => {
		const first = run(undefined, NOW, []);
		const second = run(first.state, NOW + HOUR_MS, [[c(1, NOW)]]);
		expect(ids(second.emit)).toEqual([1]);
		let state = second.state;
		for (let day = 1; day <= 31; day++) state = run(state, NOW + day * DAY_MS, []).state;
		expect(state.seen).toEqual({});
		expect(state.createdFloor).toBe(NOW + 31 * DAY_MS - RETENTION_MS);
		// Updated again, it is in the window once more: the floor keeps it out.
		expect(run(state, NOW + 32 * DAY_MS, [[c(1, NOW)]]).emit).toEqual([]);
	});

	it('the cap: beyond it the floor rises past the oldest ids, which never come again', () => {
		const first = run(undefined, NOW, []);
		const page = [1, 2, 3, 4, 5].map((id) => c(id, NOW + id * MINUTE_MS));
		const second = run(first.state, NOW + HOUR_MS, [page], settings(), 3);
		expect(ids(second.emit)).toEqual([1, 2, 3, 4, 5]);
		expect(Object.keys(second.state.seen).sort()).toEqual(['3', '4', '5']);
		expect(second.state.createdFloor).toBe(NOW + 2 * MINUTE_MS + 1);
		expect(run(second.state, NOW + 2 * HOUR_MS, [page], settings(), 3).emit).toEqual([]);
	});

	it('passes over contacts without a readable id or time, and waits for ones dated far ahead', () => {
		const first = run(undefined, NOW, []);
		const odd = [
			{ id: 7, created_date: 'soon' },
			{ created_date: new Date(NOW).toISOString() },
			c(8, NOW + 3 * DAY_MS),
		] as Contact[];
		const second = run(first.state, NOW + MINUTE_MS, [odd]);
		expect(second.emit).toEqual([]);
		expect(second.unreadable).toHaveLength(2);
		expect(second.deferred).toEqual(['8']);
		expect(second.state.seen).toEqual({});
	});
});

describe('Contact Enriched: stored state', () => {
	const good = {
		version: 1,
		baseline: NOW,
		since: NOW,
		createdFloor: NOW - DAY_MS,
		seen: { '1': NOW },
	};

	it('reads a valid state back through JSON', () => {
		expect(readEnrichedState(JSON.parse(JSON.stringify(good)))).toEqual({ state: good });
		expect(readEnrichedState(undefined)).toEqual({});
	});

	it.each([
		['not an object', []],
		['version 2, expected 1', { ...good, version: 2 }],
		['invalid times', { ...good, since: 'x' }],
		['no list of seen contacts', { ...good, seen: [] }],
		['an invalid time for contact 1', { ...good, seen: { '1': null } }],
	])('refuses a state with %s', (problem, raw) => {
		expect(readEnrichedState(raw).problem).toContain(problem);
	});
});
