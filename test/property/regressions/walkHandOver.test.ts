/**
 * Regressions of a walk that hands over to the reads by the order (newContact/walking.ts,
 * `handedOver`): the walk read to the new end, and the new contacts it left wait for those reads.
 * Each case fails on the code before its fix.
 */
import { handedOver } from '../../../nodes/OutreachContact/trigger/newContact/walking';
import { base, calmStep, expectKept, stepOf } from './case';

describe('a walk that hands over to the order', () => {
	// The property run, seed 92, schedule 4662 (it failed on a9c7365, 869bc79, fe09885 and
	// fc45570 too). By insertion oldest first, pages of 1, Max Contacts per Poll 1: the sample
	// proved no order, and its walk read 13 contacts created after the activation before it
	// handed over. Then a backfill dated 2 hours back and one dated 7 minutes back (below the
	// handled point, above the floor) came at the list's end, and one contact was deleted before
	// and one while the third poll read. Every read by the order took the new end's backfill for
	// the handled contacts, and the rolling check ended its round at the one below the floor: 11
	// of 11 never came, at 2 requests a poll. The first read by the order now searches for where
	// the walk's new contacts start.
	it('by insertion oldest first, pages of 1: the new contacts the walk left come though backfills end the list', async () => {
		await expectKept({
			...base,
			order: 'insertionOldest',
			cap: 1,
			requestsPerMinute: 200,
			maxPerPoll: 1,
			before: { count: 106, hoursBack: 1 },
			seed: 132991,
			steps: [
				stepOf(
					1,
					[
						{ kind: 'steady', count: 8 },
						{ kind: 'burst', count: 5 },
					],
					{ faultPercent: 8, faultStatus: 429 },
				),
				stepOf(4, []),
				stepOf(1, [{ kind: 'backfill', count: 1, minutesBack: 120 }], {
					deletions: { before: 1, during: 1 },
				}),
				stepOf(1, [{ kind: 'backfill', count: 1, minutesBack: 7 }]),
				{ ...calmStep, gapMinutes: 1, arrivals: [] },
			],
		});
	});

	// What the walk leaves: the search starts at the second page from the new end (the first was
	// read by the walk) and ends at the far end, at the walk's count; a list of one page has none.
	it('leaves a boundary from the second page from the new end to the far end, at its count', () => {
		expect(handedOver(10, 2)).toEqual({ count: 10, boundary: { lo: 2, hi: 5, count: 10 } });
		expect(handedOver(3, 2)).toEqual({ count: 3, boundary: { lo: 2, hi: 2, count: 3 } });
		expect(handedOver(2, 2)).toEqual({ count: 2 });
		expect(handedOver(7, undefined)).toEqual({ count: 7 });
		expect(handedOver(undefined, 2)).toEqual({});
	});
});
