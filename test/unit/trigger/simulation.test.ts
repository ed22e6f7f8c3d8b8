/**
 * Deterministic simulation of the trigger against the simulated service, with a fake clock.
 *
 * The node's real poll() runs with the real transport (pacing, retries, error mapping); only
 * n8n's context and the HTTP call are faked: the request goes in process to the simulated
 * service of the trigger tests and the bench (harness/simulatedService, the sandbox's search
 * rules), which answers the search as the interface describes it: `created_timestamp` `Less than` N counts calendar days in a timezone
 * other than UTC, `sequence__id` `Is`, results newest first (or oldest first), a page-size cap
 * reported in `pagination.page_size`, 404 past the last page; one service writes local time
 * without a zone (its timestamps read 11 hours ahead), the other ISO with an offset, across a
 * daylight-saving change of the zone that counts the days. Over more than a week of fake
 * time, several thousand contacts are created at random times (plus a burst larger than the
 * per-poll maximum, contacts created late in the evening, and contacts created while a poll is
 * paging); polls come at irregular intervals, just after and across the service's midnight,
 * after a 30-hour outage, some fail (a 500, a 503 storm) and some are retried (a single 503);
 * every so often n8n "restarts": the static data goes through JSON and the pacer is new.
 *
 * Asserted: every contact that must be emitted is emitted exactly once, nothing else is,
 * globally in (created_date, id) order, never more than maxPerPoll per poll; a failed poll
 * emits nothing and leaves the state exactly as it was; and after every poll the state holds
 * no more contacts than were created within one overlap before its watermark (the stated bound).
 */
import {
	CONTACTS,
	NOUMEA_MS,
	naiveNoumea,
	simulate,
	type Scenario,
} from '../../support/newContactSimulation';
import { size } from '../../support/size';
import { isoWithOffset } from '../../../harness/simulatedService/formats';

describe('trigger simulation (fake service, fake clock)', () => {
	jest.setTimeout(600_000);

	const auckland: Scenario = {
		name: 'Auckland days, newest first, zoneless local timestamps 11 h ahead, sequence filter',
		seed: 20260401,
		service: { timeZone: 'Pacific/Auckland', cap: 50, order: 'newest', format: naiveNoumea },
		// Spans the end of daylight saving time in Auckland (2026-04-05 03:00 -> 02:00).
		start: Date.UTC(2026, 2, 31, 20, 17, 0),
		days: 8,
		contacts: 6000,
		burst: 450,
		params: {
			filters: {
				sequenceId: { __rl: true, mode: 'list', value: '2', cachedResultName: 'Sequence 2' },
			},
			simplify: true,
			options: {},
		},
		sequence: 2,
		maxPerPoll: 100,
		initialDays: 0,
		stampAheadMs: NOUMEA_MS,
		insertRate: 0.15,
	};

	const losAngeles: Scenario = {
		name: 'Los Angeles days, oldest first, local timestamps with offset, initial days',
		seed: 1337,
		service: {
			timeZone: 'America/Los_Angeles',
			cap: 37,
			order: 'oldest',
			format: isoWithOffset('America/Los_Angeles'),
		},
		// Spans the start of daylight saving time in Los Angeles (2026-03-08 02:00 -> 03:00).
		start: Date.UTC(2026, 2, 4, 7, 59, 30),
		days: 8,
		contacts: 4000,
		burst: 300,
		params: { filters: {}, simplify: false, options: { maxPerPoll: 60, initialDays: 2 } },
		maxPerPoll: 60,
		initialDays: 2,
		stampAheadMs: 0,
		insertRate: 0.04,
	};

	const kolkata: Scenario = {
		name: 'Kolkata days, unordered results, ISO with offset, sequence filter',
		seed: 4242,
		service: {
			timeZone: 'Asia/Kolkata',
			cap: 50,
			order: 'unordered',
			format: isoWithOffset('Asia/Kolkata'),
		},
		start: Date.UTC(2026, 5, 10, 18, 20, 0),
		days: 8,
		contacts: 4000,
		burst: 250,
		params: {
			filters: { sequenceId: { __rl: true, mode: 'id', value: '3' } },
			simplify: true,
			options: { maxPerPoll: 80 },
		},
		sequence: 3,
		maxPerPoll: 80,
		initialDays: 0,
		stampAheadMs: 0,
		insertRate: 0.05,
	};

	it.each([auckland, losAngeles, kolkata])(
		'$name: every contact exactly once, in order, bounded state',
		async (s) => {
			const { problems, stats, service, required, emitted } = await simulate(s);

			expect(problems.slice(0, 20)).toEqual([]);
			expect(service.violations).toEqual([]);

			// The scenario really exercised what it claims.
			expect(service.contacts.byCreated.length).toBeGreaterThan(s.contacts * CONTACTS);
			expect(required.length).toBeGreaterThan(1000 * CONTACTS);
			expect(emitted.length).toBeGreaterThanOrEqual(required.length);
			expect(stats.polls).toBeGreaterThan(400);
			expect(stats.failed).toBeGreaterThan(20);
			expect(stats.restarts).toBeGreaterThanOrEqual(4);
			expect(service.insertedWhilePaging).toBeGreaterThan(50);
			// The burst was spread over polls. A walk without an order stops before a page that would
			// pass Max Contacts per Poll, so its polls come close to it without reaching it.
			if (s.service.order === 'unordered')
				expect(stats.maxEmittedPerPoll).toBeGreaterThan(s.maxPerPoll / 2);
			else expect(stats.maxEmittedPerPoll).toBe(s.maxPerPoll);
			expect(stats.afterMidnightCatches).toBeGreaterThan(0);
			expect(stats.afterOutageOldest).toBeGreaterThan(0);
			expect(service.log.some((l) => l.status === 503)).toBe(true);
			expect(service.log.some((l) => l.page > 1 && l.served === s.service.cap)).toBe(true);

			// Half a day of endless pagination: polls stopped early, in bounded requests, and every
			// contact still came exactly once (checked above).
			// A walk of the whole window (unordered results) notices it; an ordered read never reads
			// past the pages that can hold new contacts, so it does not even meet the repeats.
			if (s.service.order === 'unordered') expect(stats.inconsistentPolls).toBeGreaterThan(5);
			expect(stats.maxRequestsWhileEndless).toBeLessThanOrEqual(50);

			// The bound held at every poll (checked inside): the state follows the contacts of the
			// last hour before the watermark and of the check's round under way (the burst is the
			// worst case), not the account's size: under a fifth of the account at the full size,
			// under a quarter at half of it (Los Angeles: 525 ids of 2,417 contacts).
			expect(stats.maxSeen).toBeLessThan(service.contacts.byCreated.length / size(4, 5));
			expect(stats.maxStateBytes).toBeLessThan(30 * stats.maxSeen + 300);

			// Overlapping polls were skipped (checked inside). Ordered results make most polls cheap;
			// unordered ones are read whole every time (checked inside).
			expect(stats.overlaps).toBeGreaterThan(30);
			const sorted = [...stats.requests].sort((a, b) => a - b);
			const median = sorted[Math.floor(sorted.length / 2)];
			if (s.service.order === 'unordered') {
				// The whole window is read over polls, at most a quarter of the account a poll.
				expect(Math.max(...stats.requests)).toBeLessThanOrEqual(50);
			} else {
				expect(median).toBeLessThanOrEqual(3);
				expect(Math.max(...stats.requests)).toBeLessThanOrEqual(50);
			}
		},
	);
});
