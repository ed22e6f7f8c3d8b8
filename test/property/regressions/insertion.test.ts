/**
 * Regressions of lists by insertion (surveys 28 and 30): a backfill dated days back, inserted
 * after contacts the trigger already emitted or left waiting, sits between the new end and them.
 * Its contacts are below the floor, so a read from the new end that meets it looks as if it met
 * the handled contacts of a list by creation; the contacts behind it are never read. Each case
 * fails on the code before its fix; those of surveys 28 and 30 also on 3581ec9.
 */
import { base, calmStep, expectKept, stepOf } from './case';

describe('lists by insertion: backfills in front of contacts not yet emitted', () => {
	// Survey seed 1975798776 (unseeded, survey.ts), schedule 10; shrunk. Results by insertion,
	// oldest inserted first: after 5 new contacts, 15 dated a day back are inserted. The list's
	// new end then holds only contacts below the floor, and the 5 before them are never read.
	it('class b, by insertion oldest first: 5 new contacts followed by an insert of 15 dated a day back are never emitted', async () => {
		await expectKept({
			...base,
			order: 'insertionOldest',
			initialDays: 1,
			before: { count: 1, hoursBack: 1 },
			steps: [
				{
					gapMinutes: 1,
					arrivals: [
						{ kind: 'burst', count: 5 },
						{ kind: 'backfill', count: 15, minutesBack: 1441 },
					],
					restart: false,
					clockStepMinutes: 0,
					faultPercent: 0,
					faultStatus: 503,
				},
				{
					gapMinutes: 1,
					arrivals: [],
					restart: false,
					clockStepMinutes: 0,
					faultPercent: 0,
					faultStatus: 503,
				},
			],
		});
	});

	// Survey seed 1975798776, schedule 142; shrunk. Issue 33's class b itself: results newest
	// first by insertion, one new contact, then 20 dated 2 hours back inserted after it fill page
	// 1 (page cap 20) with contacts below the floor; the new contact on page 2 never comes.
	it('class b, by insertion newest first: a new contact behind a page of 20 inserted later with dates 2 hours back is never emitted', async () => {
		await expectKept({
			...base,
			order: 'insertionNewest',
			seed: 204223,
			steps: [
				{
					gapMinutes: 1,
					arrivals: [
						{ kind: 'backfill', count: 20, minutesBack: 120 },
						{ kind: 'steady', count: 1 },
					],
					restart: false,
					clockStepMinutes: 0,
					faultPercent: 0,
					faultStatus: 503,
				},
				{
					gapMinutes: 1,
					arrivals: [],
					restart: false,
					clockStepMinutes: 0,
					faultPercent: 0,
					faultStatus: 503,
				},
			],
		});
	});

	// Survey 18 (seed 370000, schedule 3064): by insertion newest first, N = 2, Max Contacts per Poll
	// 25, pauses of a day. Five contacts of a backfill dated 26 minutes back, inserted after an
	// import, were emitted from the backlog and ended page 1: the page joined the handled contacts,
	// and the rolling check took the import still waiting behind it (dated after the backfill) for
	// contacts searchable late; the floor passed 31 of it. A new contact behind the range dated
	// after the range's oldest now breaks the order.
	it('class b, by insertion newest first: a backfill emitted from a backlog does not hide the rest of the import behind it', async () => {
		await expectKept({
			...base,
			event: 'newContact',
			order: 'insertionNewest',
			requestsPerMinute: 200,
			maxPerPoll: 25,
			initialDays: 2,
			dates: 'utc',
			before: { count: 398, hoursBack: 16 },
			enrich: { percent: 30, maxDelayMinutes: 600 },
			seed: 996899,
			steps: [
				stepOf(9, [], { faultPercent: 27, restart: true }),
				stepOf(1682, []),
				stepOf(8, [
					{ kind: 'steady', count: 28 },
					{ kind: 'import', percent: 343 },
				]),
				stepOf(9, [
					{ kind: 'steady', count: 11 },
					{ kind: 'burst', count: 56 },
					{ kind: 'backfill', count: 5, minutesBack: 26 },
				]),
				stepOf(1217, [{ kind: 'steady', count: 12 }], {
					faultPercent: 46,
					restart: true,
					faultStatus: 'mixed',
				}),
			],
		});
	});

	// Survey 4 (seed 777): a backfill of 90 dated a minute back, inserted before a burst of 57,
	// by insertion newest first (page size 50, Max Contacts per Poll 10). The first poll emits
	// the 10 oldest-dated of pages 1-2; the rest of the backfill, dated after them, sits on pages
	// 2-3 behind them, where the read, which stops at page 1, never goes. The rolling check now
	// takes such a contact, behind the handled ones in the same count, as the order broken.
	it('class b, by insertion newest first: 53 of a backfill dated after the handled point, behind it in the list, are never emitted', async () => {
		await expectKept({
			...base,
			order: 'insertionNewest',
			cap: 50,
			sequenceFilter: true,
			before: { count: 94, hoursBack: 1 },
			steps: [
				{ ...calmStep, gapMinutes: 1, arrivals: [] },
				{
					...calmStep,
					gapMinutes: 1,
					arrivals: [
						{ kind: 'backfill', count: 90, minutesBack: 1 },
						{ kind: 'burst', count: 57 },
					],
				},
				{ ...calmStep, gapMinutes: 1, arrivals: [] },
			],
		});
	});

	// Survey 9 (seed 782): by insertion newest first, a walk over 18 polls showed newest first;
	// the first read by that order took contacts dated up to an hour ahead of a waiting one as
	// handled, the next poll found the order broken, and the floor followed that handled point past
	// the contact. When the order breaks, the handled point goes back to where the rolling check's
	// last round began, until the walk that starts then completes.
	it('class b, by insertion newest first: the read before the order broke passed a waiting contact to the floor', async () => {
		const ahead = { kind: 'ahead', count: 1, hoursAhead: 1 } as const;
		await expectKept({
			...base,
			order: 'insertionNewest',
			before: { count: 23, hoursBack: 1 },
			steps: [
				{
					...calmStep,
					gapMinutes: 1,
					arrivals: [
						{ kind: 'backfill', count: 36, minutesBack: 4 },
						{ kind: 'steady', count: 5 },
					],
				},
				{
					...calmStep,
					gapMinutes: 60,
					arrivals: [{ kind: 'import', percent: 110 }],
					restart: true,
				},
				{
					...calmStep,
					gapMinutes: 1,
					arrivals: [
						{ kind: 'backfill', count: 11, minutesBack: 1 },
						{ kind: 'burst', count: 5 },
					],
				},
				{ ...calmStep, gapMinutes: 1, arrivals: [{ kind: 'steady', count: 8 }] },
				{
					...calmStep,
					gapMinutes: 1,
					arrivals: [
						{ kind: 'burst', count: 5 },
						ahead,
						{ kind: 'backfill', count: 1, minutesBack: 120 },
					],
				},
				{
					...calmStep,
					gapMinutes: 1,
					arrivals: [
						{ kind: 'burst', count: 5 },
						{ kind: 'steady', count: 8 },
						{ kind: 'steady', count: 1 },
					],
				},
				{ ...calmStep, gapMinutes: 60, arrivals: [{ kind: 'steady', count: 21 }] },
				{ ...calmStep, gapMinutes: 1, arrivals: [{ kind: 'steady', count: 14 }] },
				{
					...calmStep,
					gapMinutes: 1,
					arrivals: [
						{ kind: 'steady', count: 2 },
						{ kind: 'burst', count: 70 },
						{ ...ahead, count: 2 },
					],
					faultPercent: 5,
				},
			],
		});
	});

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

	// Survey seed 200000, schedule 3154 (2026-11-28, on e1d41b2; the same on 0075aee). A share of
	// 1 request a minute, pages of 3: the range read from a boundary reached two pages of a
	// backfill dated 20 minutes back, inserted after a burst. Those pages held handled contacts
	// alone, so the range kept no boundary, and the handled point fell to their date: every poll
	// after bisected from the new end, settled 30 pages back, read the known pages again up to the
	// backfill, and started over. The 145 contacts inserted after it never came.
	it('by insertion oldest first: a range that reaches a backfill of handled contacts keeps its boundary', async () => {
		await expectKept({
			...base,
			order: 'insertionOldest',
			cap: 3,
			requestsPerMinute: 4,
			maxPerPoll: 9,
			before: { count: 322, hoursBack: 4 },
			enrich: { percent: 94, maxDelayMinutes: 2880 },
			seed: 999985,
			steps: [
				stepOf(
					5,
					[
						{ kind: 'steady', count: 4 },
						{ kind: 'burst', count: 27 },
						{ kind: 'steady', count: 28 },
					],
					{ faultStatus: 'mixed' },
				),
				stepOf(
					1,
					[
						{ kind: 'backfill', count: 6, minutesBack: 4731 },
						{ kind: 'burst', count: 43 },
						{ kind: 'import', percent: 377 },
					],
					{ faultStatus: 429 },
				),
				stepOf(4, [{ kind: 'steady', count: 1 }], { faultStatus: 'mixed' }),
				stepOf(
					1,
					[
						{ kind: 'burst', count: 75 },
						{ kind: 'backfill', count: 84, minutesBack: 30 },
					],
					{ faultStatus: 'mixed' },
				),
				stepOf(4, []),
				stepOf(2, [{ kind: 'burst', count: 70 }], { faultStatus: 429 }),
				stepOf(8, [], { faultStatus: 'mixed' }),
			],
		});
	});

	// A schedule of seed 111220 (it fails on older commits too). Newest first by
	// insertion, pages of 4, N = 2 days drained 10 a poll from the boundary: contact 198, added at
	// +10 minutes dated 11 hours ahead, began page 37, behind 199 to 201 on page 36 (one count, so
	// the pages lined up). Each page fell within itself. The poll that emitted 191 to 201 left 198
	// waiting (the oldest 10 came first) and stored the boundary on the range's page nearest the
	// new end; the next read stopped at page 36, which reached the handled contacts, and the floor
	// passed 198. The range proves no order now (keepsPlace), and a walk emits it.
	it('by insertion newest first: a waiting contact dated ahead that begins a page behind emitted ones comes', async () => {
		await expectKept({
			...base,
			order: 'insertionNewest',
			cap: 4,
			requestsPerMinute: 715,
			maxPerPoll: 10,
			initialDays: 2,
			before: { count: 182, hoursBack: 70 },
			enrich: { percent: 71, maxDelayMinutes: 2880 },
			seed: 111220,
			steps: [
				stepOf(8, [{ kind: 'steady', count: 13 }], { faultStatus: 'mixed' }),
				stepOf(4, [
					{ kind: 'steady', count: 6 },
					{ kind: 'ahead', count: 1, hoursAhead: 11 },
					{ kind: 'ahead', count: 1, hoursAhead: 10 },
				]),
				stepOf(894, [{ kind: 'steady', count: 9 }], { faultStatus: 'mixed' }),
				stepOf(1, [{ kind: 'import', percent: 373 }], {
					clockStepMinutes: 7,
					faultPercent: 49,
					faultStatus: 'mixed',
				}),
				stepOf(1, [], { faultStatus: 429 }),
				stepOf(
					8,
					[
						{ kind: 'burst', count: 76 },
						{ kind: 'steady', count: 16 },
					],
					{ faultStatus: 429 },
				),
			],
		});
	});
	// helper-43 (seed in 943100 to 992300), on f0d4dc1 and before: by insertion oldest first, pages
	// of 2, Requests per Minute 3 (a share of 1). In the activation's first minute, new contacts
	// were followed by a backfill of 38 dated 9 minutes back, before the activation's cutoff. The
	// bisection after a pause of 2.4 days stopped at the backfill, taken for the handled contacts,
	// and the new contacts before it were never read; every quiet poll then spent its share on the
	// new end and the rolling check never got there. The page after the last count's page now
	// tells (pageJoin.ts, newBetween): it held new contacts, so the read is taken for one in no order.
	it('by insertion oldest first: new contacts before a backfill dated before the cutoff are not taken for handled', async () => {
		await expectKept({
			...base,
			order: 'insertionOldest',
			cap: 2,
			requestsPerMinute: 3,
			maxPerPoll: 59,
			initialDays: 0,
			sequenceFilter: true,
			dates: 'utc',
			before: { count: 17, hoursBack: 30 },
			enrich: { percent: 87, maxDelayMinutes: 60 },
			seed: 504765,
			steps: [
				stepOf(1, [
					{ kind: 'backfill', count: 25, minutesBack: 5982 },
					{ kind: 'steady', count: 19 },
					{ kind: 'burst', count: 69 },
					{ kind: 'backfill', count: 38, minutesBack: 9 },
				]),
				stepOf(3466, [
					{ kind: 'import', percent: 367 },
					{ kind: 'burst', count: 18 },
				]),
				stepOf(
					7,
					[
						{ kind: 'steady', count: 29 },
						{ kind: 'steady', count: 1 },
					],
					{ faultStatus: 'mixed' },
				),
				stepOf(6, [{ kind: 'steady', count: 15 }], { faultStatus: 'mixed' }),
			],
		});
	});

	// The property test, seed 87, schedule 3568 (10,000 schedules on 2c5164b; the same on fe09885).
	// Emit Contacts From the Last 1 Day, newest first by insertion, a share of 1: the activation
	// read page 1 (the 22 contacts of the last hour), and two backfills dated 22 and 33 hours back
	// arrived before its next page. Its bisection, and the next polls', set the day's old end where
	// the backfill dated 33 hours back begins, with the 22 behind it; the ranges rose from there to
	// the new end, and none of the 22 came. The sample's oldest contacts now witness every range
	// until they come (`sampleWaiting`): the range that passes their dates drops the order. With
	// dates in UTC it failed the same.
	it('N days, by insertion newest first, a share of 1: the contacts of the activation sample behind a backfill that arrived while it bisected all come', async () => {
		await expectKept({
			...base,
			order: 'insertionNewest',
			requestsPerMinute: 1,
			maxPerPoll: 18,
			initialDays: 1,
			dates: 'Asia/Tokyo',
			before: { count: 22, hoursBack: 1 },
			pollSeconds: 15,
			steps: [
				stepOf(1, [
					{ kind: 'backfill', count: 19, minutesBack: 1981 },
					{ kind: 'backfill', count: 89, minutesBack: 1321 },
				]),
				stepOf(1, [{ kind: 'steady', count: 12 }]),
				stepOf(1, []),
			],
		});
	});

	// helper-84, attacking 491632a (its survey of lists by insertion with a backfill, seed 2502000,
	// schedules 189 and 1755; shrunk; the same on 869bc79): Emit Contacts From the Last 2 Days,
	// pages of 6, 27 contacts of the last 44 hours. The activation's page 1 held the newest 6; two
	// backfills arrived in front, and the range emitted the one dated 566 minutes back. The floor
	// followed it, past the 21 contacts of the sample's later pages that no read had met; when
	// the sample's witnesses showed the order broken, the walk started at that floor, and the 21
	// never came. The floor now waits while the sample's witnesses wait.
	it('N days, by insertion newest first: the floor does not pass the contacts of the sample behind a backfill before its witnesses come', async () => {
		await expectKept({
			...base,
			order: 'insertionNewest',
			cap: 6,
			requestsPerMinute: 10,
			maxPerPoll: 10,
			initialDays: 2,
			before: { count: 27, hoursBack: 44 },
			seed: 818505,
			steps: [
				stepOf(
					2,
					[
						{ kind: 'backfill', count: 20, minutesBack: 566 },
						{ kind: 'backfill', count: 20, minutesBack: 3593 },
					],
					{ faultStatus: 'mixed' },
				),
			],
		});
	});
});
