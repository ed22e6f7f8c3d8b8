/**
 * Contact Enriched without an order: a pause of days in the middle of a later walk (not the first
 * after the activation). A walk's window is set in days when it starts, so after a long pause it
 * no longer reaches back to where the walk began (docs/trigger-open-schedules.md, the open
 * question). What it passes over is met by the next walk, whose window reaches back to the start
 * of the walk before it. These schedules pause with the walk on its 11th and 21st page (of about
 * 25) for 3 days (the property test's longest pause) and for 10 days, and every contact enriched
 * before, during and after the pause comes once. A next walk that starts from n8n's clock instead
 * loses contacts enriched in the minutes before the pause here.
 */
import { calmSchedule, type Schedule, type Step } from './schedule';
import { runSchedule } from './scheduleRunner';

const calm = { restart: false, clockStepMinutes: 0, faultPercent: 0, faultStatus: 503 } as const;

/** 40 contacts every 3 minutes for `steps` polls, then a pause of `pauseMinutes`, then 6 calm polls. */
function pauseAfter(steps: number, pauseMinutes: number): Schedule {
	const busy: Step = { ...calm, gapMinutes: 3, arrivals: [{ kind: 'steady', count: 40 }] };
	const calmPoll: Step = { ...calm, gapMinutes: 3, arrivals: [{ kind: 'steady', count: 4 }] };
	return {
		...calmSchedule('unordered', 'contactEnriched'),
		cap: 20,
		requestsPerMinute: 40,
		maxPerPoll: 100,
		dates: 'utc',
		before: { count: 100, hoursBack: 20 },
		enrich: { percent: 100, maxDelayMinutes: 5 },
		seed: 11,
		steps: [
			...Array.from({ length: steps }, () => busy),
			{ ...calm, gapMinutes: pauseMinutes, arrivals: [{ kind: 'steady', count: 20 }] },
			...Array.from({ length: 6 }, () => calmPoll),
		],
	};
}

describe('Contact Enriched, no order: a pause of days in the middle of a later walk', () => {
	it.each([
		['its 11th page', 8, 3],
		['its 21st page', 12, 10],
	])(
		'the walk on %s (after %i busy polls), a pause of %i days: every contact enriched comes once',
		async (_page, steps, days) => {
			const outcome = await runSchedule(pauseAfter(steps, days * 24 * 60));
			expect(outcome.problems).toEqual([]);
		},
	);
});
