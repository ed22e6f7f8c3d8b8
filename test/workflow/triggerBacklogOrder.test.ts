/**
 * A backlog after a pause comes oldest first, at the share (issue 51, points 1 and 4; found by a
 * helper on 2026-11-28, docs/trigger-open-schedules.md). Contact Enriched, newest-first results,
 * pages of 100, 9 in 10 contacts enriched 1 to 10 minutes after their creation, polls a minute
 * apart for 30 minutes, a pause of 2 days, then polls a minute apart, each through n8n-core's
 * PollContext against the simulated service (250 ms a request): at the default 200 Requests per
 * Minute (a share of 50) with Max Contacts per Poll 100, and at 60 (a share of 15) with 1,000.
 * And contacts enriched hours late, without a pause and with one (the attacks on the postponing,
 * see those cases).
 *
 * Before: the walk stood on page 29 when the pause began, and the backlog of the pause lay on both
 * sides of it. The poll read the oldest end beyond the walk, then emitted the new end's newest
 * contacts beside it; the backlog's newer part, behind those known pages, waited for the walk at
 * one page a poll: 2,494 contacts waited while polls sent 2 requests, and contacts came up to 47
 * hours ahead of older ones.
 *
 * Asserted: no poll emits a contact created more than an hour after one it owes that was enriched
 * 10 minutes before the poll and is still waiting; the backlog comes within its polls at Max
 * Contacts per Poll and a margin of 5; every owed contact comes once.
 */
import { steadyArrivals } from '../../harness/simulatedService/arrivals';
import type { NewContact } from '../../harness/simulatedService/contacts';
import { seededRandom } from '../../harness/testClock';
import { quietPollLog } from '../support/pollLog';
import { long, size } from '../support/size';
import { account, DAY, HOUR, MINUTE, START } from '../support/triggerAccount';

/** Contacts a day: 600 in npm test (a backlog of 12 pages), 2,600 in test:long (52 pages). */
const PER_DAY = size(600, 2_600);
const MARGIN_POLLS = 5;

describe('a backlog after a pause (Contact Enriched, newest first)', () => {
	jest.setTimeout(600_000);
	quietPollLog();

	// The default share (50) and Max Contacts per Poll 100; a share of 15 with Max 1,000, where the
	// range's pages (as many as the share leaves) hold fewer than Max Contacts per Poll, so the poll
	// must postpone what it read newer than the range; and a pause of 4 days at half the contacts a
	// day, after which the walk's window no longer reaches the pause's first hours (the bisection
	// searches a window that reaches `since`; before, they came last, 31 hours behind newer ones).
	// npm test keeps the two that pin a rule each (the postponing, the wider window); the default
	// share runs in test:long.
	it.each(
		size(
			[
				[60, 1_000, 2, PER_DAY],
				[200, 100, 4, PER_DAY / 2],
			],
			[
				[200, 100, 2, PER_DAY],
				[60, 1_000, 2, PER_DAY],
				[200, 100, 4, PER_DAY / 2],
			],
		),
	)(
		'at Requests per Minute %i, Max Contacts per Poll %i, after %i days at %i a day: oldest first, Max Contacts per Poll at every poll, and all of it',
		async (requestsPerMinute, maxPerPoll, pauseDays, perDay) => {
			const { clock, service, sim, close } = await account({
				order: 'newest',
				event: 'contactEnriched',
				options: { maxPerPoll },
				credentials: { requestsPerMinute },
			});
			try {
				const random = seededRandom(51);
				const resume = START + 30 * MINUTE + pauseDays * DAY;
				const scheduled: NewContact[] = steadyArrivals(
					START - 3 * DAY,
					resume + 30 * MINUTE,
					perDay,
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
					...Array.from({ length: size(60, 180) }, (_, i) => resume + i * MINUTE),
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
						ahead.push(
							`poll at +${at} h: ${late.length}, up to ${(most / HOUR).toFixed(1)} h ahead`,
						);
					}
				}
				expect(ahead.slice(0, 5)).toEqual([]);
				// The backlog at the resume: every owed contact enriched by then.
				const backlog = owed.filter((r) => enrichAt.get(r.id)! < resume).length;
				expect(backlog).toBeGreaterThan(0.85 * pauseDays * perDay);
				// The first poll after the resume that emits less than Max Contacts per Poll has caught up.
				const after = sim.polls.filter((p) => p.start >= resume);
				const taken = after.findIndex((p) => p.ids.length < maxPerPoll) + 1;
				expect(taken).toBeGreaterThan(0);
				expect(taken).toBeLessThanOrEqual(Math.ceil(backlog / maxPerPoll) + MARGIN_POLLS);
				expect(owed.filter((r) => !sim.emittedAt.has(r.id)).map((r) => r.id)).toEqual([]);
				expect(sim.repeated).toEqual([]);
			} finally {
				await close();
			}
		},
	);

	// A helper's attack on the postponing (2026-11-28): contacts enriched hours late sit deep in
	// the list, scattered among known ones; a range found beside one of them is partial, and
	// postponing behind it held the new end's promptly enriched contacts for hours (65 of 1,462
	// came in 16 hours). A sparse range postpones nothing.
	// test:long only (npm test's time): it pins the range read down to Max Contacts per Poll new
	// contacts; a range of Max Contacts per Poll's worth of pages fails it.
	(long ? it : it.skip)(
		'contacts enriched hours late, scattered deep in the list, do not hold back the prompt ones',
		async () => {
			const { clock, service, sim, close } = await account({
				order: 'newest',
				event: 'contactEnriched',
			});
			try {
				const random = seededRandom(51);
				const hours = size(6, 16);
				const scheduled: NewContact[] = steadyArrivals(
					START - size(1, 3) * DAY,
					START + hours * HOUR,
					5_000,
					random,
					(c) => {
						if (random() >= 0.9) return c;
						const late = random() < 0.5;
						const lag = late ? 3 * HOUR + random() * 20 * HOUR : MINUTE + random() * 9 * MINUTE;
						return { ...c, enrichAt: c.at + Math.floor(lag), late };
					},
				);
				const rows = service.contacts.schedule(scheduled);
				const activation = await sim.pollAt(START);
				const prompt = rows.filter(
					(r, i) =>
						scheduled[i].enrichAt !== undefined &&
						!(scheduled[i] as { late?: boolean }).late &&
						r.visibleAt > activation.end,
				);
				const enrichAt = new Map(rows.map((row, i) => [row.id, scheduled[i].enrichAt!]));
				for (let t = START + 10 * MINUTE; t <= START + (hours + 1) * HOUR; t += 10 * MINUTE)
					if (t >= clock.now()) expect((await sim.pollAt(t)).error).toBeUndefined();
				// Polls 10 minutes apart: each prompt contact enriched after the activation's first walk
				// (its first 40 minutes here, the same before the postponing) within the poll after.
				const late = prompt.filter(
					(r) =>
						enrichAt.get(r.id)! > START + HOUR &&
						(sim.emittedAt.get(r.id) ?? Infinity) - enrichAt.get(r.id)! > 11 * MINUTE,
				);
				expect(prompt.length).toBeGreaterThan(hours * 80);
				expect(late.length).toBe(0);
				expect(sim.repeated).toEqual([]);
			} finally {
				await close();
			}
		},
	);

	// helper-18's attack on a rule that postponed nothing behind a range of few new contacts: after
	// a pause, with a fifth of the contacts enriched hours late, the first ranges fell among the late
	// ones, the new end was emitted, and the backlog's middle waited behind emitted pages while
	// polls sent 2 or 3 requests (19 such polls with 100 or more waiting, at 2,000 a day).
	it('a pause with contacts enriched hours late: no poll of 2 requests while 100 or more wait', async () => {
		const { clock, service, sim, close } = await account({
			order: 'newest',
			event: 'contactEnriched',
		});
		try {
			const random = seededRandom(51);
			const resume = START + 30 * MINUTE + 2 * DAY;
			const scheduled: NewContact[] = steadyArrivals(
				START - 3 * DAY,
				resume + 2 * HOUR,
				size(600, 2_000),
				random,
				(c) => {
					if (random() >= 0.9) return c;
					const late = random() < 0.2;
					const lag = late ? 3 * HOUR + random() * 20 * HOUR : MINUTE + random() * 9 * MINUTE;
					return { ...c, enrichAt: c.at + Math.floor(lag) };
				},
			);
			const rows = service.contacts.schedule(scheduled);
			const enrichAt = new Map(rows.map((row, i) => [row.id, scheduled[i].enrichAt]));
			const activation = await sim.pollAt(START);
			const owed = rows.filter(
				(r) => (enrichAt.get(r.id) ?? -Infinity) > activation.end && r.visibleAt > activation.end,
			);
			const stalled: string[] = [];
			const minutes = [
				...Array.from({ length: 30 }, (_, i) => START + (i + 1) * MINUTE),
				...Array.from({ length: size(60, 120) }, (_, i) => resume + i * MINUTE),
			];
			for (const t of minutes) {
				if (t < clock.now()) continue;
				const poll = await sim.pollAt(t);
				expect(poll.error).toBeUndefined();
				const waiting = owed.filter(
					(r) => enrichAt.get(r.id)! < poll.start - 10 * MINUTE && !sim.emittedAt.has(r.id),
				);
				if (waiting.length >= 100 && poll.requests <= 2 && poll.ids.length < 100)
					stalled.push(`+${((t - START) / HOUR).toFixed(2)} h: ${waiting.length} waiting`);
			}
			expect(stalled.slice(0, 5)).toEqual([]);
			expect(sim.repeated).toEqual([]);
		} finally {
			await close();
		}
	});
});
