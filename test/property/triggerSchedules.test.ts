/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code, not shipped: the PROPERTY_* settings */
/**
 * The trigger's property test (issue 33, point 3): random schedules of an account's ordinary
 * events (scheduleArbitrary.ts), each run through n8n-core's PollContext against the simulated
 * service in process (scheduleRunner.ts), judged by invariants that come from the schedule alone:
 * no poll throws, each contact at most once and only as the event allows, each poll oldest
 * first, the trigger's share in any sliding minute (retries included, counted where the service
 * receives them), the state within its bound, and every contact that may come comes, once.
 *
 * PROPERTY_RUNS sets the number of schedules (default 12 in npm test, seconds; 150 in npm run
 * test:long, a minute or so); PROPERTY_SEED replays a
 * run (default 33; `random` draws a new one). On failure fast-check prints the seed and the shrunk schedule: keep it as a named test
 * in regressions/ (a file per idea).
 */
import { scheduleEventOf, TABLE_EVENTS } from './events';
import fc from 'fast-check';

import { scheduleArbitrary } from './scheduleArbitrary';
import { calmSchedule } from './schedule';
import { runSchedule } from './scheduleRunner';
import { size } from '../support/size';

// 12 schedules in npm test, 150 in npm run test:long (test/support/size.ts).
const runs = Number(process.env.PROPERTY_RUNS ?? size(12, 150));
// A fixed seed unless PROPERTY_SEED=random: `npm test` and CI replay the same schedules, so a red
// run is a change of the code, never the luck of the draw; unseeded runs look for new failures.
// 34 since the draw took every Requests per Minute, page cap and Max Contacts per Poll (issue 51):
// its 12 schedules fail under the newcomer's mutation (Contact Snippets Ready searching on
// created_timestamp), which 33's new schedules let pass.
const seed =
	process.env.PROPERTY_SEED === 'random' ? undefined : Number(process.env.PROPERTY_SEED ?? 34);

describe('the trigger over random schedules', () => {
	// A long count runs for many minutes; the default count takes seconds.
	jest.setTimeout(24 * 3_600_000);

	it(`keeps every invariant over ${runs} schedules`, async () => {
		await fc.assert(
			fc.asyncProperty(scheduleArbitrary, async (schedule) => {
				const outcome = await runSchedule(schedule);
				if (outcome.problems.length > 0) throw new Error(outcome.problems.slice(0, 6).join('\n'));
			}),
			{ numRuns: runs, seed, verbose: 0, endOnFailure: false },
		);
	});
});

// Contact Enriched with results oldest first is left out: its activation on contacts enriched
// before it is class c of issue 33 (regressions/enrichedActivation.test.ts), a calm schedule finds it.
describe('the tool itself', () => {
	// Every event of the table: New Contact in each order, the events of eligible contacts newest
	// first and in no order.
	it.each(
		TABLE_EVENTS.flatMap((event) =>
			(scheduleEventOf(event).eligibleAt
				? (['newest', 'unordered'] as const)
				: (['newest', 'oldest', 'unordered'] as const)
			).map((order) => [order, event] as const),
		),
	)('passes a calm schedule (%s first, %s)', async (order, event) => {
		const outcome = await runSchedule(calmSchedule(order, event));
		expect(outcome.problems).toEqual([]);
		expect(outcome.required).toBeGreaterThan(50);
	});
});
