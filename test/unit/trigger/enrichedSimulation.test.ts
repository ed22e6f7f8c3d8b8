/**
 * Deterministic simulation of the trigger's Contact Enriched event against the simulated
 * service, with a fake clock.
 *
 * The node's real poll() runs with the real transport (pacing, retries, error mapping); only
 * n8n's context and the HTTP call are faked: the request goes in process to the simulated
 * service of the trigger tests and the bench (harness/simulatedService: a contact has no
 * enrichment until its enrichment time, then its update time moves there; a later update moves
 * it again) with the sandbox's search rules: the body checked by the sandbox's parser, "days since" counted in calendar days of a timezone other than UTC, the sandbox's
 * result orders, a page-size cap, 404 past the last page. Over 40 days of fake time,
 * contacts are created at random times, most enriched after a delay of seconds to 40 hours,
 * some never; many are updated again later, some more than 30 days after their creation;
 * some are enriched while a poll is paging. Polls come every minute or few (less often in the
 * middle weeks), just after and across the service's midnights, after an 80-hour outage; some
 * fail (500 or 403 mid-walk, a 503 storm) and some are retried (a single 503); every so often
 * n8n restarts (static data through JSON, new pacing, no state in memory), and in one scenario
 * n8n does not save the activation poll's static data (durable poll cursors).
 *
 * Asserted: every contact enriched after the activation is emitted exactly once, nothing
 * else is (not the contacts never enriched, not the ones enriched before, not one updated
 * again), never more than maxPerPoll per poll; a failed poll emits nothing and leaves the state
 * as it was; and after every poll the state keeps its stated bound (docs/trigger.md).
 *
 * That is `npm run test:long` (test/support/size.ts). `npm test` runs the same scenarios with an
 * eighth of the contacts a day, and polls every 4 to 40 minutes in the dense days and every 2
 * to 8 hours in between: about a sixth of the polls, failures and restarts, the same days,
 * outage, burst and midnights. (Each poll reads the window of the last days: its cost goes
 * with both.)
 */
import { HOUR_MS } from '../../../nodes/OutreachContact/trigger/shared/serviceTime';
import { EXERCISED, PER_DAY, simulate, type Scenario } from '../../support/enrichedSimulation';

describe('Contact Enriched simulation (simulated service, fake clock)', () => {
	jest.setTimeout(600_000);

	const auckland: Scenario = {
		name: 'Auckland days, newest first, zoneless timestamps 11 h ahead, sequence filter, activation state not saved',
		seed: 7001,
		service: {
			timeZone: 'Pacific/Auckland',
			order: 'newest',
			cap: 100,
			stampAheadMs: 11 * HOUR_MS,
		},
		start: Date.UTC(2026, 2, 31, 20, 17, 0), // spans the end of daylight saving time in Auckland
		days: 40,
		perDay: 90,
		sequence: 102,
		maxPerPoll: 25,
		initialDays: 0,
		simplify: true,
		dropActivationState: true,
	};

	const losAngeles: Scenario = {
		name: 'Los Angeles days, unordered, ISO timestamps, initial days',
		seed: 7002,
		service: { timeZone: 'America/Los_Angeles', order: 'unordered', cap: 100, stampAheadMs: 0 },
		start: Date.UTC(2026, 2, 4, 7, 59, 30), // spans the start of daylight saving time in Los Angeles
		days: 40,
		perDay: 40,
		maxPerPoll: 40,
		initialDays: 2,
		simplify: false,
		dropActivationState: false,
	};

	it.each([auckland, losAngeles])(
		'$name: each enriched contact exactly once, bounded state',
		async (s) => {
			const { problems, stats, service, required, emitted, touchedLate, touchedAgain } =
				await simulate(s);
			expect(problems.slice(0, 20)).toEqual([]);
			expect(service.violations).toEqual([]);

			// The scenario exercised what it claims.
			expect(required.length).toBeGreaterThan(600 * PER_DAY);
			expect(emitted.size).toBeGreaterThanOrEqual(required.length);
			expect(
				[...service.rows.values()].filter((r) => r.enrichedAt === null).length,
			).toBeGreaterThan(300 * PER_DAY);
			expect(stats.polls).toBeGreaterThan(EXERCISED.polls);
			expect(stats.failed).toBeGreaterThan(EXERCISED.failed);
			expect(stats.restarts).toBeGreaterThanOrEqual(EXERCISED.restarts);
			expect(touchedLate).toBeGreaterThan(150 * PER_DAY);
			expect(touchedAgain).toBeGreaterThan(200 * PER_DAY);
			expect(service.enrichedWhilePaging).toBeGreaterThan(EXERCISED.enrichedWhilePaging);

			expect(stats.maxEmitted).toBe(s.maxPerPoll);
			expect(service.log.some((l) => l.status === 503)).toBe(true);

			// The bound held at every poll (checked inside): the ids of contacts created within
			// about the retention period, never the whole account.
			expect(stats.maxSeen).toBeLessThan(required.length);
			expect(stats.maxStateBytes).toBeLessThan(30 * stats.maxSeen + 300);

			// Cost: every page of the window at every poll, here one or two pages of 100.
			const sorted = [...stats.requests].sort((x, y) => x - y);
			expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThanOrEqual(2);
			expect(sorted[sorted.length - 1]).toBeLessThanOrEqual(50); // a quarter of the account
		},
	);
});
