/**
 * Regressions of small shares (Requests per Minute 1 to 23: 1 to 5 requests a minute), which the
 * property test draws since issue 51 (a quarter of its schedules). Each fails on the code before
 * its fix; found by a survey (survey.ts) and kept as it was drawn.
 */
import { expectKept } from './case';
import type { Schedule } from '../schedule';

describe('small shares', () => {
	// Survey seed 8100, schedule 295: Contact Snippets Ready, newest first, Requests per Minute 9 (a
	// share of 2). Contacts created minutes ago that wait for their snippets kept the new end's
	// read going over its 3 pages, which took both requests of every poll for 2 hours
	// (WAITING_MS): the walk stood on page 3 from the 3rd poll to the 119th, and 4 contacts whose
	// snippets came beyond the new end did not come within the liveness bound. The new end now
	// leaves the walk its request every other poll (RequestBudget.walkTurn).
	it('Contact Snippets Ready, newest first, a share of 2: the walk gets a request at every other poll while contacts wait for snippets', async () => {
		const schedule: Schedule = {
			event: 'contactSnippetsReady',
			order: 'newest',
			cap: 20,
			requestsPerMinute: 9,
			maxPerPoll: 10,
			initialDays: 0,
			sequenceFilter: true,
			dates: 'utc',
			before: { count: 2, hoursBack: 69 },
			enrich: { percent: 74, maxDelayMinutes: 5 },
			seed: 5,
			steps: [
				{
					gapMinutes: 10,
					arrivals: [{ kind: 'steady', count: 4 }],
					restart: false,
					clockStepMinutes: 0,
					faultPercent: 0,
					faultStatus: 503,
				},
				{
					gapMinutes: 5,
					arrivals: [
						{ kind: 'steady', count: 16 },
						{ kind: 'backfill', count: 86, minutesBack: 21 },
					],
					restart: false,
					clockStepMinutes: 0,
					faultPercent: 0,
					faultStatus: 429,
				},
				{
					gapMinutes: 7,
					arrivals: [
						{ kind: 'ahead', count: 2, hoursAhead: 2 },
						{ kind: 'burst', count: 19 },
						{ kind: 'steady', count: 14 },
					],
					restart: false,
					clockStepMinutes: 0,
					faultPercent: 0,
					faultStatus: 'mixed',
				},
				{
					gapMinutes: 2,
					arrivals: [{ kind: 'burst', count: 61 }],
					restart: false,
					clockStepMinutes: 0,
					faultPercent: 0,
					faultStatus: 'mixed',
					deletions: { before: 13, during: 0 },
				},
			],
		};
		await expectKept(schedule);
	});
});
