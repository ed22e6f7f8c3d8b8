/* eslint-disable no-console, @n8n/community-nodes/no-restricted-globals -- test code, not shipped: PROPERTY_* settings and PROPERTY_TRACE=1 output */
/**
 * Replays one schedule (a shrunk counterexample the property test printed) with each poll's
 * emitted ids, requests and stored state printed, to follow a failure:
 *
 *   PROPERTY_TRACE=1 SCHEDULE='{"event":"newContact",...}' npx jest \
 *     --testMatch '<rootDir>/test/property/replay.run.ts'
 *
 * PROPERTY_DRAIN=4 gives the drain at the end four times its polls: a loss that stays is no slow
 * drain.
 *
 * Its name keeps it out of `npm test`.
 */
import type { Schedule } from './schedule';
import { runSchedule } from './scheduleRunner';

it('replays the schedule in SCHEDULE', async () => {
	const schedule = JSON.parse(process.env.SCHEDULE ?? 'null') as Schedule | null;
	if (!schedule) throw new Error('Set SCHEDULE to a schedule as the property test printed it');
	const outcome = await runSchedule(schedule, Number(process.env.PROPERTY_DRAIN ?? 1));
	console.log(outcome.problems.length === 0 ? 'no problem' : outcome.problems.join('\n'));
}, 600_000);
