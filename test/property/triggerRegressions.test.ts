/**
 * Schedules the property test (triggerSchedules.test.ts, survey.ts) found failing on d940cb5's
 * trigger, as fast-check shrank them, replayed through the same runner and judged by the same
 * invariants. They fail until the trigger is fixed (issue 33); each name says the class of issue
 * 33 it belongs to and what breaks.
 */
import type { Schedule } from './schedule';
import { runSchedule } from './scheduleRunner';

const calmStep = {
	restart: false,
	clockStepMinutes: 0,
	faultPercent: 0,
	faultStatus: 503,
} as const;

/** The case keeps every invariant of the property test. */
async function expectKept(schedule: Schedule): Promise<void> {
	const outcome = await runSchedule(schedule);
	expect(outcome.problems).toEqual([]);
}

describe('schedules the property test found (issue 33)', () => {
	// Found unseeded in the first 20 schedules: a 503 retried on top of the share.
	it('class d: Requests per Minute 40, one 503 retried: 11 requests within a minute against a share of 10', async () => {
		await expectKept({
			event: 'newContact',
			order: 'newest',
			cap: 20,
			requestsPerMinute: 40,
			maxPerPoll: 10,
			initialDays: 0,
			sequenceFilter: false,
			dates: 'utc',
			before: { count: 21, hoursBack: 1 },
			enrich: { percent: 30, maxDelayMinutes: 5 },
			seed: 1,
			steps: [
				{
					...calmStep,
					gapMinutes: 1,
					arrivals: [
						{ kind: 'backfill', count: 18, minutesBack: 1 },
						{ kind: 'backfill', count: 62, minutesBack: 1 },
					],
					faultPercent: 5,
				},
				{ ...calmStep, gapMinutes: 1, arrivals: [] },
			],
		});
	});

	// Found unseeded by `npm run test:property` after 4 schedules. The rolling check finds 11
	// contacts searchable 12 minutes late behind newer ones, Max Contacts per Poll emits 10; after
	// a pause of an hour the floor has passed the 11th (with polls 1 or 30 minutes apart it comes).
	it('class a, a waiting contact passed by the floor: the 11th of 11 late contacts the rolling check found, left waiting by Max Contacts per Poll 10, never comes after a pause of an hour', async () => {
		await expectKept({
			event: 'newContact',
			order: 'newest',
			cap: 20,
			requestsPerMinute: 40,
			maxPerPoll: 10,
			initialDays: 0,
			sequenceFilter: false,
			dates: 'utc',
			before: { count: 0, hoursBack: 1 },
			enrich: { percent: 30, maxDelayMinutes: 5 },
			seed: 1,
			steps: [
				{
					...calmStep,
					gapMinutes: 1,
					arrivals: [{ kind: 'backfill', count: 2, minutesBack: 120 }],
				},
				{ ...calmStep, gapMinutes: 1, arrivals: [{ kind: 'steady', count: 24 }], faultPercent: 5 },
				{ ...calmStep, gapMinutes: 1, arrivals: [{ kind: 'steady', count: 1 }], faultPercent: 5 },
				{ ...calmStep, gapMinutes: 3, arrivals: [] },
				{
					...calmStep,
					gapMinutes: 10,
					arrivals: [{ kind: 'backfill', count: 11, minutesBack: 12 }],
				},
				{ ...calmStep, gapMinutes: 60, arrivals: [] },
				{ ...calmStep, gapMinutes: 1, arrivals: [{ kind: 'steady', count: 15 }] },
			],
		});
	});
});
