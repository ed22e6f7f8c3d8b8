/**
 * Regressions of the read of a backlog's oldest end (trigger/shared/backlogRange.ts): the eligible
 * events on a list newest first, after a pause or an import.
 */
import { base, expectKept, stepOf } from './case';

describe("a backlog's oldest end", () => {
	// Survey seed 140000, schedule 590 (2026-11-28), the same on the code before that day: snippets
	// up to 30 days after creation, pages of 4, and a walk's window widened after its list shrank.
	// The search for a backlog started at the walk's page in a list that reaches `since`, where
	// that page is only a lower bound: it found known pages alone, and the range of them kept the
	// walk from passing its page. For hundreds of polls of 10 requests nothing moved; 47 of 148
	// did not come within the liveness bound. A range with nothing new is no range now.
	it('Contact Snippets Ready, newest first by insertion, pages of 4: a search that finds nothing new does not hold the walk', async () => {
		await expectKept({
			...base,
			event: 'contactSnippetsReady',
			order: 'insertionNewest',
			cap: 4,
			requestsPerMinute: 40,
			maxPerPoll: 10,
			before: { count: 19, hoursBack: 16 },
			enrich: { percent: 54, maxDelayMinutes: 43200 },
			seed: 7,
			steps: [
				stepOf(5, [], { restart: true, faultStatus: 'mixed' }),
				stepOf(
					9,
					[
						{ kind: 'backfill', count: 90, minutesBack: 5787 },
						{ kind: 'steady', count: 2 },
						{ kind: 'steady', count: 21 },
					],
					{ restart: true, faultStatus: 429 },
				),
				stepOf(7, [], { faultStatus: 'mixed' }),
				stepOf(
					5,
					[
						{ kind: 'burst', count: 74 },
						{ kind: 'steady', count: 22 },
					],
					{ clockStepMinutes: 2 },
				),
				stepOf(
					4,
					[
						{ kind: 'burst', count: 68 },
						{ kind: 'backfill', count: 95, minutesBack: 6122 },
						{ kind: 'import', percent: 143 },
					],
					{ deletions: { before: 19, during: 3 } },
				),
				stepOf(10, []),
				stepOf(
					9,
					[
						{ kind: 'import', percent: 415 },
						{ kind: 'steady', count: 4 },
						{ kind: 'backfill', count: 90, minutesBack: 23 },
					],
					{ deletions: { before: 20, during: 4 } },
				),
				stepOf(
					6,
					[
						{ kind: 'burst', count: 16 },
						{ kind: 'backfill', count: 120, minutesBack: 2177 },
					],
					{ clockStepMinutes: -15, faultStatus: 'mixed' },
				),
				stepOf(8, [{ kind: 'ahead', count: 2, hoursAhead: 6 }], { faultStatus: 'mixed' }),
				stepOf(6, [
					{ kind: 'steady', count: 28 },
					{ kind: 'steady', count: 3 },
				]),
			],
		});
	});
});
