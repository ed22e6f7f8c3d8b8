/**
 * The property test's invariants over the survey draw of small shares (smallSharesScheduleArbitrary:
 * Requests per Minute 4 to 11, Max Contacts per Poll 1 to 5, deletions before every second poll),
 * which the property test's own draw meets seldom: its batch with seed 2160001 (schedules 100 to
 * 199 of the survey with seed 2160000), 10 in npm test, the 100 in test:long. Schedule 188 of that
 * survey (87 here), at Max Contacts per Poll 1, missed the liveness bound on 0331cba (20 of 542 not come;
 * regressions/fullPoll.test.ts has the reduced case).
 */
import fc from 'fast-check';

import { smallSharesScheduleArbitrary } from './scheduleArbitrary';
import { runSchedule } from './scheduleRunner';
import { size } from '../support/size';

const SEED = 2160001;
const schedules = fc
	.sample(smallSharesScheduleArbitrary, { numRuns: 100, seed: SEED })
	.slice(0, size(10, 100));

describe('the trigger over schedules of small shares', () => {
	jest.setTimeout(10 * 60_000);

	it(`keeps every invariant over ${schedules.length} schedules (seed ${SEED})`, async () => {
		const failed: string[] = [];
		for (const [i, schedule] of schedules.entries()) {
			const { problems } = await runSchedule(schedule);
			if (problems.length > 0) failed.push(`schedule ${i}: ${problems[0]}`);
		}
		expect(failed).toEqual([]);
	});
});
