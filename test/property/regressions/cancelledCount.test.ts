/**
 * A page a poll read first, taken after a page it read later at the same count. Property run,
 * seed 62 (10,000 schedules on 4be7daa; old: it fails on 3dc3873), schedule 8,949, shrunk: New
 * Contact oldest first, pages of 15, Emit Contacts From the Last 2 Days, contacts deleted before
 * a poll and while it pages. Going on from its boundary, the poll read page 9 (it held no handled
 * contact: deletions had moved the list back), then page 8, which reached the handled ones. Between
 * the two a contact dated 6 hours back was added on page 8 and the newest was deleted: the count
 * stayed, and the contact the addition pushed from page 8 onto page 9 was read by neither. The
 * range took page 9's first copy, since its count was page 8's, and the contact of the N days
 * never came. Now a copy read before the page it follows is read again (`readAfter`).
 */
import { expectKept, stepsOf } from './case';

it('New Contact oldest first, N days: a page read before the page it follows is read again, though the count stayed', async () => {
	await expectKept({
		event: 'newContact',
		order: 'oldest',
		cap: 15,
		requestsPerMinute: 40,
		maxPerPoll: 50,
		initialDays: 2,
		sequenceFilter: true,
		dates: 'utc',
		before: { count: 288, hoursBack: 56 },
		enrich: { percent: 30, maxDelayMinutes: 5 },
		seed: 184480,
		pollSeconds: 30,
		steps: stepsOf([
			[2, [{ kind: 'steady', count: 28 }]],
			[
				1,
				[
					{ kind: 'whileReading', count: 1, ms: 0, minutesBack: 358 },
					{ kind: 'burst', count: 17 },
					{ kind: 'backfill', count: 75, minutesBack: 1 },
				],
				{ before: 11, during: 1 },
			],
			[1, [{ kind: 'burst', count: 3 }], { before: 3, during: 0 }],
			[1, [{ kind: 'steady', count: 9 }]],
			[1, [{ kind: 'steady', count: 10 }]],
		]),
	});
});
