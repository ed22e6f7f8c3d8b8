/**
 * Regressions of lists by insertion (surveys 28 and 30): a backfill dated days back, inserted
 * after contacts the trigger already emitted or left waiting, sits between the new end and them.
 * Its contacts are below the floor, so a read from the new end that meets it looks as if it met
 * the handled contacts of a list by creation; the contacts behind it are never read. Each case
 * fails on the code before its fix (the commit is in its comment) and on 3581ec9.
 */
import { base, expectKept, stepOf } from './regressionCase';

describe('lists by insertion: backfills in front of contacts not yet emitted', () => {
	// Survey 28 (seed 770000, schedule 3944; it fails on 3581ec9 too): newest first by insertion,
	// Max Contacts per Poll 10. After a walk showed an order again, a backfill of 110 dated 4 days
	// back, inserted after the contacts already emitted, ended the read's range on page 2: the
	// first known contact from the new end was one emitted (above the floor), so the list passed
	// for one by creation, and the floor passed 9 contacts of a burst inserted before the backfill.
	// The contacts emitted between where the range stops and its newest must all be in it.
	it('by insertion newest first: a backfill dated days back, inserted after emitted contacts, hides a burst inserted before it', async () => {
		await expectKept({
			...base,
			order: 'insertionNewest',
			cap: 50,
			maxPerPoll: 10,
			before: { count: 4, hoursBack: 46 },
			enrich: { percent: 67, maxDelayMinutes: 600 },
			seed: 999985,
			steps: [
				stepOf(10, [{ kind: 'ahead', count: 3, hoursAhead: 5 }]),
				stepOf(
					592,
					[
						{ kind: 'burst', count: 27 },
						{ kind: 'burst', count: 19 },
					],
					{ restart: true, clockStepMinutes: -14, faultStatus: 429 },
				),
				stepOf(8, [{ kind: 'import', percent: 441 }], { faultStatus: 429 }),
				stepOf(7, [{ kind: 'ahead', count: 1, hoursAhead: 8 }]),
				stepOf(
					4,
					[
						{ kind: 'backfill', count: 110, minutesBack: 6355 },
						{ kind: 'steady', count: 17 },
						{ kind: 'burst', count: 76 },
					],
					{ faultStatus: 429 },
				),
			],
		});
	});

	// Survey 30 (seed 850000, schedule 3868, shrunk by hand; fixed in the commit after 6b48a90):
	// oldest first by insertion, Max Contacts per Poll 10, so an import of 27 leaves a backlog.
	// Then a backfill of 46 dated 6 hours back (below the floor) and one of 57 dated 26 minutes
	// back are inserted after it: they fill the new end. Once the 57 are emitted, every read from
	// the new end stops at once (all known), and the rolling check's round ends at the backfill
	// below the floor: 26 of the backlog never came. A range from the new end must hold every
	// contact emitted after where it stops, and the import emitted before the backfill is not in it.
	it('by insertion oldest first: a backfill at the new end keeps a backlog inserted before it from ever being read', async () => {
		await expectKept({
			...base,
			order: 'insertionOldest',
			requestsPerMinute: 200,
			before: { count: 73, hoursBack: 3 },
			enrich: { percent: 41, maxDelayMinutes: 60 },
			seed: 16,
			dates: 'utc',
			initialDays: 1,
			steps: [
				stepOf(
					2,
					[
						{ kind: 'backfill', count: 2, minutesBack: 3787 },
						{ kind: 'backfill', count: 2, minutesBack: 3 },
						{ kind: 'import', percent: 272 },
					],
					{ faultStatus: 429 },
				),
				stepOf(
					8,
					[
						{ kind: 'backfill', count: 46, minutesBack: 382 },
						{ kind: 'backfill', count: 57, minutesBack: 26 },
					],
					{ faultStatus: 429 },
				),
			],
		});
	});

	// Survey 30 (seed 850000, schedule 2135, shrunk by hand; fixed in the same commit): newest
	// first by insertion, dates without a zone (Phoenix), Max Contacts per Poll 10. A backfill of
	// 125 dated 37 hours back is inserted after contacts 7-10; the order looks broken, and the
	// walk that follows ends at its page allowance while bursts and a backfill grow the list, short
	// of contact 9 at the far end. Back to the order, a read's range away from the new end stops
	// at the backfill (below the floor), and the handled point passes contact 9. The range must
	// hold the contacts emitted between where it stops and its newest: 7 and 8 are not in it.
	it('by insertion newest first: a range away from the new end stops at a backfill with emitted contacts behind it', async () => {
		await expectKept({
			...base,
			order: 'insertionNewest',
			cap: 50,
			before: { count: 6, hoursBack: 58 },
			enrich: { percent: 75, maxDelayMinutes: 2880 },
			seed: 999987,
			dates: 'America/Phoenix',
			initialDays: 1,
			steps: [
				stepOf(10, [{ kind: 'steady', count: 2 }], { faultStatus: 429 }),
				stepOf(
					8,
					[
						{ kind: 'steady', count: 2 },
						{ kind: 'backfill', count: 125, minutesBack: 2217 },
					],
					{ faultStatus: 429 },
				),
				stepOf(4, [
					{ kind: 'steady', count: 7 },
					{ kind: 'steady', count: 19 },
				]),
				stepOf(7, [
					{ kind: 'burst', count: 21 },
					{ kind: 'burst', count: 58 },
					{ kind: 'steady', count: 30 },
				]),
				stepOf(
					7,
					[
						{ kind: 'backfill', count: 27, minutesBack: 4746 },
						{ kind: 'backfill', count: 115, minutesBack: 4 },
					],
					{ faultStatus: 'mixed' },
				),
			],
		});
	});
});
