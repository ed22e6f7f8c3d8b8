/**
 * A range read at two moments (newContact/rangeAgain.ts). The property test, seed 77, schedule
 * 1456 (2026-11-30; the same on 0331cba, 6b75c47 and 092650e): New Contact, oldest first, pages of
 * 100, Requests per Minute 40, Max Contacts per Poll 10. At the first poll after a pause of 7
 * hours the range read page 4 (the new end), then page 3; between the two reads a contact dated
 * 154 minutes back was added before contact 309, created in the pause, and the newest was
 * deleted. The count stayed at 304, 309 moved from page 3 onto page 4 between the reads, neither
 * met it, and the handled point passed it: it never came. The first page, read again after the
 * last, holds it.
 */
import { base, expectKept, stepOf } from './case';

it("New Contact, oldest first: a contact moved across the range's page boundary between its two reads comes", async () => {
	await expectKept({
		...base,
		order: 'oldest',
		cap: 100,
		requestsPerMinute: 40,
		maxPerPoll: 10,
		before: { count: 303, hoursBack: 3 },
		steps: [
			stepOf(
				413,
				[
					{ kind: 'steady', count: 4 },
					{ kind: 'whileReading', count: 1, ms: 0, minutesBack: 154 },
					{ kind: 'steady', count: 6 },
				],
				{ faultStatus: 503, deletions: { before: 9, during: 1 } },
			),
			stepOf(1, [], { faultStatus: 503 }),
		],
	});
});
