/**
 * Contacts deleted in the service's app (issue 51, point 3): between polls, and while a poll
 * pages. A deleted contact is owed no more; it may have come once, never twice. A walk whose
 * result stands for "what was there" (the activation's first walk of an eligible event, the
 * sample's walk, the walk after an update) must still meet every contact that was there: a list
 * that shrinks between its pages moves contacts onto pages the walk has read
 * (trigger/shared/walkAnchor.ts).
 */
import { size } from '../../support/size';
import type { ListOrder, Schedule, Step } from '../schedule';
import { runSchedule } from '../scheduleRunner';
import { base, expectKept, stepOf, stepsOf } from './case';

/**
 * Polls every 5 minutes with 3 new contacts between them; before about one poll in ten, 1 to 20
 * contacts are deleted, and while about one poll in four pages, 1 to 4 of the newest.
 */
function deletingSteps(count: number): Step[] {
	return Array.from({ length: count }, (_, i) =>
		stepOf(5, [{ kind: 'steady', count: 3 }], {
			deletions: {
				before: i % 10 === 3 ? 1 + ((i * 7) % 20) : 0,
				during: i % 4 === 1 ? 1 + ((i >> 2) % 4) : 0,
			},
		}),
	);
}

/** The account: 543 contacts over 3 days at the activation, pages of 25. */
const account: Schedule = {
	...base,
	event: 'contactSnippetsReady',
	order: 'newest',
	cap: 25,
	maxPerPoll: 50,
	before: { count: 543, hoursBack: 72 },
	enrich: { percent: 60, maxDelayMinutes: 60 },
	seed: 51,
	steps: deletingSteps(size(40, 80)),
};

describe('contacts deleted while the trigger reads', () => {
	// On 1c40f6f (and on main before walkAnchor.ts): at 8, contacts 473 and 474, which had their
	// snippets 9 hours before the activation, came at poll 15; at 20, contact 398 at poll 7.
	it.each(size([8, 40], [8, 20, 40, 200]))(
		'Contact Snippets Ready, newest first, pages of 25, Requests per Minute %i: a contact that had its snippets at the activation never comes',
		async (requestsPerMinute) => {
			await expectKept({ ...account, requestsPerMinute });
		},
	);

	const events = ['contactSnippetsReady', 'contactEnriched', 'newContact'];
	const orders: ListOrder[] = size(
		['newest', 'oldest', 'unordered'],
		['newest', 'oldest', 'unordered', 'insertionNewest'],
	);
	const cases = events.flatMap((event) =>
		orders.flatMap((order) => size([8], [8, 40]).map((rpm) => [event, order, rpm] as const)),
	);
	it.each(cases)(
		'%s, %s, Requests per Minute %i: every owed contact comes once, none that was there',
		async (event, order, requestsPerMinute) => {
			await expectKept({ ...account, event, order, requestsPerMinute, seed: 52 });
		},
	);
	// Where the list is oldest first, contacts that arrive land after the walk's position, and
	// the count grows by as many as were deleted before it: the shrink does not show. Three
	// surveys met it (docs/trigger-open-schedules.md, the deletions class until 2026-11-28); a
	// walk that records what was there now reads its anchor's page again as it goes on in a new
	// poll (walkAnchor.ts, recheckOnResume).
	describe('a walk that records what was there, on a list oldest first', () => {
		// Seed 71, schedule 171: the activation's walk stood on page 3 (count 82); 3 contacts before
		// it were deleted and an import of 70 came after it; contact 107, enriched 99 minutes before
		// the activation, moved onto page 2 unread and came at poll 53.
		it('Contact Enriched, oldest first, pages of 29, Requests per Minute 4: deleted before its position, imported after it', async () => {
			await expectKept({
				...base,
				event: 'contactEnriched',
				order: 'oldest',
				cap: 29,
				requestsPerMinute: 4,
				maxPerPoll: 3,
				before: { count: 154, hoursBack: 7 },
				enrich: { percent: 58, maxDelayMinutes: 60 },
				seed: 13,
				steps: [
					stepOf(8, [], { clockStepMinutes: -7 }),
					stepOf(
						3,
						[
							{ kind: 'steady', count: 15 },
							{ kind: 'steady', count: 19 },
						],
						{ restart: true, faultStatus: 'mixed', deletions: { before: 19, during: 4 } },
					),
					stepOf(
						1,
						[
							{ kind: 'steady', count: 19 },
							{ kind: 'steady', count: 23 },
						],
						{ faultPercent: 48, faultStatus: 429, deletions: { before: 3, during: 3 } },
					),
					stepOf(
						7,
						[
							{ kind: 'import', percent: 414 },
							{ kind: 'steady', count: 2 },
							{ kind: 'steady', count: 27 },
						],
						{ faultPercent: 13, faultStatus: 'mixed' },
					),
				],
			});
		});

		// Seed 100000: 13 deleted before the second poll; a contact given its snippets 158 minutes
		// before the activation came at poll 7.
		it('Contact Snippets Ready, insertion order oldest first, pages of 20, Requests per Minute 17', async () => {
			await expectKept({
				...base,
				event: 'contactSnippetsReady',
				order: 'insertionOldest',
				cap: 20,
				requestsPerMinute: 17,
				maxPerPoll: 50,
				sequenceFilter: true,
				before: { count: 328, hoursBack: 7 },
				enrich: { percent: 33, maxDelayMinutes: 60 },
				seed: 829156,
				steps: [
					stepOf(3, [], { faultStatus: 'mixed' }),
					stepOf(
						1,
						[
							{ kind: 'steady', count: 9 },
							{ kind: 'steady', count: 12 },
						],
						{ faultStatus: 'mixed', deletions: { before: 13, during: 0 } },
					),
					stepOf(1, [], { faultStatus: 'mixed' }),
					stepOf(
						4,
						[
							{ kind: 'steady', count: 8 },
							{ kind: 'steady', count: 18 },
							{ kind: 'backfill', count: 51, minutesBack: 26 },
						],
						{ clockStepMinutes: -15, faultStatus: 'mixed' },
					),
					stepOf(
						2,
						[
							{ kind: 'steady', count: 20 },
							{ kind: 'steady', count: 16 },
						],
						{ restart: true, faultStatus: 'mixed' },
					),
					stepOf(5, []),
					stepOf(
						3,
						[
							{ kind: 'ahead', count: 2, hoursAhead: 10 },
							{ kind: 'ahead', count: 2, hoursAhead: 3 },
							{ kind: 'steady', count: 6 },
						],
						{ faultStatus: 429 },
					),
				],
			});
		});

		// Seed 130000: 9 deleted before the second poll and 4 while it read, then pauses of 3 and
		// 1.6 days; a contact given its snippets 275 minutes before the activation came.
		it('Contact Snippets Ready, oldest first, pages of 20, Requests per Minute 31, polls 30 s apart', async () => {
			await expectKept({
				...base,
				event: 'contactSnippetsReady',
				order: 'oldest',
				cap: 20,
				requestsPerMinute: 31,
				maxPerPoll: 6,
				sequenceFilter: true,
				before: { count: 394, hoursBack: 24 },
				enrich: { percent: 60, maxDelayMinutes: 60 },
				seed: 792886,
				pollSeconds: 30,
				steps: [
					stepOf(10, [{ kind: 'steady', count: 3 }], { faultStatus: 429 }),
					stepOf(8, [{ kind: 'backfill', count: 34, minutesBack: 22 }], {
						faultPercent: 35,
						faultStatus: 429,
						deletions: { before: 9, during: 4 },
					}),
					stepOf(
						4310,
						[
							{ kind: 'burst', count: 33 },
							{ kind: 'steady', count: 1 },
						],
						{ faultPercent: 44 },
					),
					stepOf(2370, [{ kind: 'backfill', count: 30, minutesBack: 3128 }]),
				],
			});
		});
		// Seed 91, schedule 9725 (2026-12-01): a backfill dated 2 hours back moved the activation's
		// first walk's anchor 4 pages on; the recheck missed it and the walk read the known
		// contacts on the way, dated below its last: a fall, so the list counted as in no order and
		// the next poll did not recheck. One contact was deleted before it; contact 58, enriched 61
		// minutes before the activation, moved back onto a read page and came at poll 10. A recheck's
		// pages are no longer compared with the walk's last date (walk.ts).
		it('Contact Enriched, oldest first, pages of 2, Requests per Minute 40: a backfill moves the anchor on, a deletion moves a contact back', async () => {
			await expectKept({
				...base,
				event: 'contactEnriched',
				order: 'oldest',
				cap: 2,
				before: { count: 128, hoursBack: 2 },
				enrich: { percent: 45, maxDelayMinutes: 5 },
				seed: 659792,
				steps: stepsOf([
					[1, [{ kind: 'backfill', count: 20, minutesBack: 120 }]],
					[3, []],
					[
						2,
						[
							{ kind: 'backfill', count: 6, minutesBack: 1 },
							{ kind: 'steady', count: 27 },
						],
						{ before: 1, during: 0 },
					],
					[
						1,
						[
							{ kind: 'steady', count: 19 },
							{ kind: 'import', percent: 110 },
							{ kind: 'steady', count: 17 },
						],
					],
				]),
			});
		});

		// helper-20's attacks on the re-read (2026-11-28). F1: the read back it started spanned two
		// polls, 50 arrivals between them brought the count back up, and the read back stopped; a
		// contact with snippets 162 minutes before the activation came. F2: 75 deleted before the
		// position (three pages) and 78 added after it: the anchor's page held none of it and the
		// count did not fall; contacts with snippets 6.6 hours before the activation came. A page
		// dated wholly after where the walk stopped now reads back too.
		const calm = (n: number, gap = 1) => Array.from({ length: n }, () => stepOf(gap, []));
		const snippets: Schedule = {
			...base,
			event: 'contactSnippetsReady',
			order: 'oldest',
			maxPerPoll: 50,
			enrich: { percent: 100, maxDelayMinutes: 2 },
		};
		it('a read back over two polls, the count back up between them: it goes on to the anchor', async () => {
			await expectKept({
				...snippets,
				cap: 10,
				requestsPerMinute: 8,
				before: { count: 400, hoursBack: 16 },
				seed: 107,
				steps: [
					...calm(32),
					stepOf(1, [], { deletions: { before: 34, during: 0 } }),
					stepOf(5, [{ kind: 'steady', count: 50 }]),
					...calm(45),
				],
			});
		});

		it('pages deleted before its position, as many added after it: it reads back to the anchor', async () => {
			await expectKept({
				...snippets,
				cap: 25,
				requestsPerMinute: 12,
				before: { count: 600, hoursBack: 16 },
				seed: 112,
				steps: [
					...calm(6),
					stepOf(6, [{ kind: 'steady', count: 78 }], { deletions: { before: 75, during: 0 } }),
					...calm(40),
					...calm(4, 30),
				],
			});
		});
	});

	// Survey 320000 (the deletions draw; simplified: newest first, no faults): Emit Contacts From
	// the Last 2 Days, pages of 20. The range read page 4 of 5, then 4 of the newest were deleted
	// and page 5 was gone: the range was taken as reaching the list's end, though contacts 5 and 2
	// had moved onto page 4's places. The floor rose past contact 2, which never came. A page gone
	// after one that said the list went on now starts the range again (serviceTime.ts, continues).
	it('New Contact, the last N days, newest first: the list shrinks between the last two pages of a range', async () => {
		await expectKept({
			...base,
			cap: 20,
			requestsPerMinute: 23,
			maxPerPoll: 3,
			initialDays: 2,
			before: { count: 100, hoursBack: 22 },
			enrich: { percent: 99, maxDelayMinutes: 5 },
			seed: 267238,
			steps: [
				stepOf(960, [{ kind: 'ahead', count: 2, hoursAhead: 12 }], {
					deletions: { before: 20, during: 4 },
				}),
				stepOf(1, [], { deletions: { before: 1, during: 4 } }),
			],
		});
	});
	// helper-44, on 231ce1a: oldest first, an import of 600, and the newest contact deleted while
	// every poll reads. Read rising, a count that shrank between two pages of a range left it
	// unproved, so every range stopped at its first page (of known contacts) and the import stood
	// still until the deletions ended: nothing came in the schedule's 10 polls. The page before is
	// now read again when the counts leave the join unproved (pageJoin.ts, nextTo). At a share of 1
	// no request is left for that: the next poll reads the pair falling (Boundary.falling).
	it.each([
		['oldest', 40, 100],
		['insertionOldest', 40, 100],
		['oldest', 4, 40],
	] as const)(
		'%s, Requests per Minute %d: an import goes on while a contact is deleted during every poll',
		async (order, requestsPerMinute, atLeast) => {
			const step = stepOf(1, [], { deletions: { before: 0, during: 1 } });
			const outcome = await runSchedule({
				...base,
				order,
				requestsPerMinute,
				maxPerPoll: 20,
				initialDays: 0,
				before: { count: 100, hoursBack: 24 },
				enrich: { percent: 50, maxDelayMinutes: 5 },
				seed: 1000002,
				steps: [
					{ ...step, arrivals: [{ kind: 'import', percent: 600 }] },
					...Array.from({ length: 9 }, () => step),
				],
			});
			expect(outcome.problems).toEqual([]);
			// Max Contacts per Poll 20 at each of the 9 polls after the import (at a share of 1,
			// every other poll has requests): at least 5 of them, or 2 at a share of 1.
			expect(outcome.emittedInSchedule).toBeGreaterThanOrEqual(atLeast);
		},
	);

	// The twenty-second session left this unmeasured: at a share of 1, contacts deleted during
	// every poll and contacts added at the new end during every read at once leave either reading
	// order unproved, and the trigger alternates between them (`falling`). Measured here: an import
	// of 40 after the activation, then every 3 minutes 4 contacts added over the first minute of
	// the poll's reads, 2 deleted before it and the 3 newest while it pages. Every owed contact
	// comes, once.
	it.each(['oldest', 'insertionOldest'] as const)(
		'%s, a share of 1: contacts deleted and added during every read, after an import',
		async (order) => {
			const step = stepOf(3, [{ kind: 'whileReading', count: 4, ms: 60_000, minutesBack: 0 }], {
				deletions: { before: 2, during: 3 },
			});
			const outcome = await runSchedule({
				...base,
				order,
				cap: 3,
				requestsPerMinute: 1,
				maxPerPoll: 10,
				before: { count: 50, hoursBack: 2 },
				enrich: { percent: 60, maxDelayMinutes: 30 },
				seed: 7,
				steps: [
					stepOf(2, []),
					stepOf(2, [{ kind: 'import', percent: 400 }]),
					...Array.from({ length: 25 }, () => step),
				],
			});
			expect(outcome.problems).toEqual([]);
			// It moves while they go on: 57 of the 76 owed come during the 25 polls (85 contacts,
			// deleted ones among them, on b7b4238, before pages had to join: the proofs cost requests).
			// 35 since a copy read before the page it follows is read again (cancelledCount.test.ts):
			// the range took one page fewer at poll 17, and at poll 21 a contact emitted and deleted
			// since was missing from the range. The lookup that tells such a contact deleted
			// (leftOutLookup.ts) finds no request left at a share of 1, so the missing contact
			// still counts as a list by insertion there, and the trigger walked the window.
			expect(outcome.emittedInSchedule).toBeGreaterThanOrEqual(30);
		},
	);
});
