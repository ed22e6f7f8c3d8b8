/**
 * A backlog after a pause comes oldest first, at the share (issue 51, points 1 and 4; found by a
 * helper on 2026-11-28, docs/trigger-open-schedules.md). Contact Enriched, newest-first results,
 * pages of 100, 9 in 10 contacts enriched 1 to 10 minutes after their creation, polls a minute
 * apart for 30 minutes, a pause of 2 days, then polls a minute apart, each through n8n-core's
 * PollContext against the simulated service (250 ms a request, the default 200 Requests per
 * Minute: a share of 50).
 *
 * Before: the walk stood on page 29 when the pause began, and the backlog of the pause lay on both
 * sides of it. The poll read the oldest end beyond the walk, then emitted the new end's newest
 * contacts beside it; the backlog's newer part, behind those known pages, waited for the walk at
 * one page a poll: 2,494 contacts waited while polls sent 2 requests, and contacts came up to 47
 * hours ahead of older ones.
 *
 * Asserted: no poll emits a contact created more than an hour after one it owes that was enriched
 * 10 minutes before the poll and is still waiting; the backlog comes within its polls at Max
 * Contacts per Poll (100) and a margin of 5; every owed contact comes once.
 */
import { steadyArrivals } from '../../harness/simulatedService/arrivals';
import type { NewContact } from '../../harness/simulatedService/contacts';
import { seededRandom } from '../../harness/testClock';
import { quietPollLog } from '../support/pollLog';
import { size } from '../support/size';
import { account, DAY, HOUR, MINUTE, START } from '../support/triggerAccount';

/** Contacts a day: 1,000 in npm test (a backlog of 20 pages), 2,600 in test:long (52 pages). */
const PER_DAY = size(1_000, 2_600);
const MAX_PER_POLL = 100;
const MARGIN_POLLS = 5;

describe('a backlog after a pause (Contact Enriched, newest first)', () => {
	jest.setTimeout(600_000);
	quietPollLog();

	it('comes oldest first, Max Contacts per Poll at every poll, and all of it', async () => {
		const { clock, service, sim, close } = await account({
			order: 'newest',
			event: 'contactEnriched',
		});
		try {
			const random = seededRandom(51);
			const resume = START + 30 * MINUTE + 2 * DAY;
			const scheduled: NewContact[] = steadyArrivals(
				START - 3 * DAY,
				resume + 30 * MINUTE,
				PER_DAY,
				random,
				(c) =>
					random() < 0.9
						? { ...c, enrichAt: c.at + MINUTE + Math.floor(random() * 9 * MINUTE) }
						: c,
			);
			const rows = service.contacts.schedule(scheduled);
			const enrichAt = new Map(rows.map((row, i) => [row.id, scheduled[i].enrichAt]));
			const createdAt = new Map(rows.map((row, i) => [row.id, scheduled[i].at]));
			const activation = await sim.pollAt(START);
			const owed = rows.filter(
				(r) => (enrichAt.get(r.id) ?? -Infinity) > activation.end && r.visibleAt > activation.end,
			);
			const ahead: string[] = [];
			const minutes = [
				...Array.from({ length: 30 }, (_, i) => START + (i + 1) * MINUTE),
				...Array.from({ length: 180 }, (_, i) => resume + i * MINUTE),
			];
			for (const t of minutes) {
				if (t < clock.now()) continue;
				const poll = await sim.pollAt(t);
				expect(poll.error).toBeUndefined();
				const emitted = new Set(poll.ids);
				const waiting = owed.filter(
					(r) =>
						(enrichAt.get(r.id) ?? Infinity) < poll.start - 10 * MINUTE &&
						!emitted.has(r.id) &&
						!sim.emittedAt.has(r.id),
				);
				const oldest = Math.min(...waiting.map((r) => createdAt.get(r.id)!));
				const late = poll.ids.filter((id) => createdAt.get(id)! > oldest + HOUR);
				if (late.length > 0) {
					const most = Math.max(...late.map((id) => createdAt.get(id)!)) - oldest;
					const at = ((poll.start - START) / HOUR).toFixed(2);
					ahead.push(`poll at +${at} h: ${late.length}, up to ${(most / HOUR).toFixed(1)} h ahead`);
				}
			}
			expect(ahead.slice(0, 5)).toEqual([]);
			// The backlog at the resume: every owed contact enriched by then.
			const backlog = owed.filter((r) => enrichAt.get(r.id)! < resume).length;
			expect(backlog).toBeGreaterThan(1.8 * PER_DAY);
			const caughtUp = sim.polls.findIndex((p) => p.start >= resume && p.ids.length < MAX_PER_POLL);
			const pollsAfterResume = sim.polls.filter((p) => p.start >= resume);
			const taken = pollsAfterResume.indexOf(sim.polls[caughtUp]) + 1;
			expect(taken).toBeLessThanOrEqual(Math.ceil(backlog / MAX_PER_POLL) + MARGIN_POLLS);
			expect(owed.filter((r) => !sim.emittedAt.has(r.id)).map((r) => r.id)).toEqual([]);
			expect(sim.repeated).toEqual([]);
		} finally {
			await close();
		}
	});
});
