/**
 * Regressions of the share (class d of issue 33): in any sliding minute the trigger's requests,
 * retries included, stay within a quarter of Requests per Minute.
 * Each case fails on the code before its fix; most were found by the property test
 * (triggerSchedules.test.ts, survey.ts) and shrunk.
 */
import { base, calmStep, expectKept } from './case';

describe('the share, retries included (class d)', () => {
	// Found unseeded in the first 20 schedules: a 503 retried on top of the share.
	it('class d: Requests per Minute 40, one 503 retried: 11 requests within a minute against a share of 10', async () => {
		await expectKept({
			...base,
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

	// Found by the survey (2026-11-26, seed 424242): a 429 paused the account's pacer for its
	// Retry-After, and the budget had counted the page's first send before that wait, when it
	// was asked, not when it left: the service saw 11 requests within a minute. Each send now
	// takes its request after the pacer's wait.
	it("class d: a 429's pause between the budget and the send: 11 requests within a minute against a share of 10", async () => {
		await expectKept({
			...base,
			order: 'unordered',
			maxPerPoll: 100,
			before: { count: 112, hoursBack: 1 },
			seed: 740226,
			steps: [
				{
					...calmStep,
					gapMinutes: 60,
					arrivals: [
						{ kind: 'import', percent: 247 },
						{ kind: 'ahead', count: 2, hoursAhead: 1 },
					],
				},
				{ ...calmStep, gapMinutes: 1, arrivals: [], faultPercent: 24, faultStatus: 429 },
			],
		});
	});
});
