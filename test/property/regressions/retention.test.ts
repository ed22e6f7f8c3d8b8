/**
 * Regressions of the eligible events' retention (docs/trigger.md, "The floor and the bound"): a
 * contact created more than 30 days before a walk finds it is never emitted. Where a walk took
 * longer than its window, retention may give up contacts it did not reach: the log names the
 * date, and the runner owes nothing created before it (scheduleRunner.ts, CUT_WARNING).
 */
import { base, expectKept, stepOf } from './case';
import { itAtFullSize } from '../../support/size';

describe('retention after a walk that outlasted its window', () => {
	// Survey seed 200000, schedule 1433 (2026-11-28, the same on 0075aee). Contact Snippets Ready,
	// oldest first, Max Contacts per Poll 1, polls up to 2.7 days apart, thousands of imported
	// contacts getting snippets up to 30 days late: one emitted a poll, the first walk stayed on
	// each page until it was emitted and took 31 days over a window of 4; the walk after it met
	// 22 of 78 owed contacts past their 30 days, and the log said nothing.
	it('Max Contacts per Poll 1, polls days apart: the contacts given up are named in the log', async () => {
		await expectKept({
			...base,
			event: 'contactSnippetsReady',
			order: 'oldest',
			cap: 16,
			requestsPerMinute: 1,
			maxPerPoll: 1,
			initialDays: 1,
			sequenceFilter: true,
			before: { count: 392, hoursBack: 68 },
			enrich: { percent: 96, maxDelayMinutes: 43200 },
			seed: 999993,
			steps: [
				stepOf(
					2899,
					[
						{ kind: 'steady', count: 3 },
						{ kind: 'import', percent: 160 },
					],
					{ faultStatus: 'mixed' },
				),
				stepOf(3956, [{ kind: 'ahead', count: 2, hoursAhead: 12 }]),
				stepOf(
					3643,
					[
						{ kind: 'import', percent: 205 },
						{ kind: 'steady', count: 27 },
					],
					{ faultStatus: 429 },
				),
				stepOf(6, [], { faultStatus: 429 }),
				stepOf(
					1858,
					[
						{ kind: 'backfill', count: 135, minutesBack: 1715 },
						{ kind: 'steady', count: 11 },
					],
					{ restart: true, faultPercent: 10, faultStatus: 429 },
				),
				stepOf(3173, [], { faultStatus: 429 }),
				stepOf(6, [{ kind: 'steady', count: 5 }]),
				stepOf(5, [{ kind: 'steady', count: 26 }], { restart: true, faultStatus: 429 }),
				stepOf(
					8,
					[
						{ kind: 'import', percent: 401 },
						{ kind: 'backfill', count: 69, minutesBack: 1963 },
					],
					{ faultStatus: 429 },
				),
				stepOf(2638, [], { faultPercent: 47, faultStatus: 429 }),
			],
		});
	});
});

// Survey 730000 (the property test's draw on 338b884; the same on 2d4e9dd): Contact Snippets
// Ready, dates written in Tokyo's local time without a zone (read as UTC, 9 hours ahead of n8n's
// clock), an import of 25,000. Past the state's bound the floor rose past the oldest ids, to
// their dates, 9 hours "ahead" of n8n's clock, and the next poll moved such a floor back to the
// clock (a guard for 0.2.0's New Contact states that 0.2.0's eligible floor never needed): the
// ids the bound had dropped came again. Here: 30,000 imported in two minutes, contacts from before
// the activation that the first walk recorded and the bound dropped came.
itAtFullSize(
	'dates without a zone east of UTC, past the bound: the floor is not moved back, and nothing comes again',
	async () => {
		await expectKept({
			...base,
			event: 'contactEnriched',
			order: 'newest',
			cap: 1_000,
			requestsPerMinute: 10_000,
			maxPerPoll: 10_000,
			dates: 'Asia/Tokyo',
			before: { count: 50, hoursBack: 13 },
			enrich: { percent: 100, maxDelayMinutes: 5 },
			seed: 7,
			steps: [
				...Array.from({ length: 2 }, () =>
					stepOf(1, [
						{ kind: 'import', percent: 100 },
						{ kind: 'import', percent: 100 },
						{ kind: 'import', percent: 100 },
					]),
				),
				...Array.from({ length: 45 }, () => stepOf(2, [])),
			],
		});
	},
);
