/**
 * What the regression tests of the property test share: a calm step, the schedule most of them
 * start from, and the check that a case keeps every invariant (expectations.ts).
 */
import { calmSchedule, type Arrival, type Schedule, type Step } from '../schedule';
import { runSchedule } from '../scheduleRunner';

export const calmStep = {
	restart: false,
	clockStepMinutes: 0,
	faultPercent: 0,
	faultStatus: 503,
} as const;

/** A step of `gapMinutes` with `arrivals`, calm unless `other` says otherwise. */
export const stepOf = (
	gapMinutes: number,
	arrivals: Arrival[],
	other: Partial<Step> = {},
): Step => ({
	...calmStep,
	gapMinutes,
	arrivals,
	...other,
});

/** Steps of `[gapMinutes, arrivals, deletions?]`, calm otherwise: a case written as a table. */
export const stepsOf = (list: Array<[number, Arrival[], Step['deletions']?]>): Step[] =>
	list.map(([gap, arrivals, deletions]) => stepOf(gap, arrivals, deletions ? { deletions } : {}));

/** What most of these schedules share; each says what it changes. */
export const base: Schedule = {
	...calmSchedule('newest', 'newContact'),
	cap: 20,
	requestsPerMinute: 40,
	maxPerPoll: 10,
	before: { count: 21, hoursBack: 1 },
	enrich: { percent: 30, maxDelayMinutes: 5 },
	seed: 1,
	steps: [],
};

/** The case keeps every invariant of the property test. */
export async function expectKept(schedule: Schedule): Promise<void> {
	const outcome = await runSchedule(schedule);
	expect(outcome.problems).toEqual([]);
}
