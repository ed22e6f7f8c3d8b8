/**
 * Schedules the property test (triggerSchedules.test.ts, survey.ts) found failing on d940cb5's
 * trigger, as fast-check shrank them, replayed through the same runner and judged by the same
 * invariants. They fail until the trigger is fixed (issue 33); each name says the class of issue
 * 33 it belongs to and what breaks.
 */
import type { Schedule } from './schedule';
import { base, calmStep, expectKept, stepOf } from './regressionCase';

/**
 * Oldest first: 22 contacts, a backfill of one dated 8 minutes back with a burst and an import,
 * then a pause of `pause` minutes ending with two bursts and a contact dated an hour ahead
 * (surveys 4 to 6 shrank their schedules to this shape).
 */
function lateThenPause(
	dates: Schedule['dates'],
	pause: number,
	bursts: [number, number],
): Schedule {
	return {
		...base,
		order: 'oldest',
		maxPerPoll: 100,
		dates,
		before: { count: 0, hoursBack: 1 },
		steps: [
			{
				...calmStep,
				gapMinutes: 1,
				arrivals: [
					{ kind: 'steady', count: 18 },
					{ kind: 'steady', count: 4 },
				],
			},
			{ ...calmStep, gapMinutes: 6, arrivals: [] },
			{ ...calmStep, gapMinutes: 1, arrivals: [], faultPercent: 5 },
			{
				...calmStep,
				gapMinutes: 1,
				arrivals: [
					{ kind: 'backfill', count: 1, minutesBack: 8 },
					{ kind: 'burst', count: 34 },
					{ kind: 'import', percent: 144 },
				],
			},
			{
				...calmStep,
				gapMinutes: pause,
				arrivals: [
					{ kind: 'burst', count: bursts[0] },
					{ kind: 'burst', count: bursts[1] },
					{ kind: 'ahead', count: 1, hoursAhead: 1 },
				],
			},
			{ ...calmStep, gapMinutes: 1, arrivals: [] },
		],
	};
}

describe('schedules the property test found (issue 33)', () => {
	// Found unseeded in the first 20 schedules: a 503 retried on top of the share.
	it('class d: Requests per Minute 40, one 503 retried: 11 requests within a minute against a share of 10', async () => {
		await expectKept({
			...base,
			steps: [
				{
					...calmStep,
					gapMinutes: 1,
					arrivals: [
						{ kind: 'backfill', count: 18, minutesBack: 1 },
						{ kind: 'backfill', count: 62, minutesBack: 1 },
					],
					faultPercent: 5,
				},
				{ ...calmStep, gapMinutes: 1, arrivals: [] },
			],
		});
	});

	// Found unseeded by `npm run test:property` after 4 schedules. The rolling check finds 11
	// contacts searchable 12 minutes late behind newer ones, Max Contacts per Poll emits 10; after
	// a pause of an hour the floor has passed the 11th (with polls 1 or 30 minutes apart it comes).
	it('class a, a waiting contact passed by the floor: the 11th of 11 late contacts the rolling check found, left waiting by Max Contacts per Poll 10, never comes after a pause of an hour', async () => {
		await expectKept({
			...base,
			before: { count: 0, hoursBack: 1 },
			steps: [
				{
					...calmStep,
					gapMinutes: 1,
					arrivals: [{ kind: 'backfill', count: 2, minutesBack: 120 }],
				},
				{ ...calmStep, gapMinutes: 1, arrivals: [{ kind: 'steady', count: 24 }], faultPercent: 5 },
				{ ...calmStep, gapMinutes: 1, arrivals: [{ kind: 'steady', count: 1 }], faultPercent: 5 },
				{ ...calmStep, gapMinutes: 3, arrivals: [] },
				{
					...calmStep,
					gapMinutes: 10,
					arrivals: [{ kind: 'backfill', count: 11, minutesBack: 12 }],
				},
				{ ...calmStep, gapMinutes: 60, arrivals: [] },
				{ ...calmStep, gapMinutes: 1, arrivals: [{ kind: 'steady', count: 15 }] },
			],
		});
	});
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

	// Survey seed 1975798776, schedule 75; shrunk. Dates written as local time without a zone
	// west of UTC (they read 7 hours behind), so n8n's clock no longer caps what a contact dated
	// an hour ahead does to the floor: a contact added 7 minutes after its date never comes.
	it('class a, zone-less dates west of UTC: a contact dated an hour ahead lifts the floor past a contact added 7 minutes late', async () => {
		await expectKept({
			...base,
			order: 'unordered',
			dates: 'America/Phoenix',
			before: { count: 0, hoursBack: 1 },
			steps: [
				{
					gapMinutes: 1,
					arrivals: [{ kind: 'ahead', count: 1, hoursAhead: 1 }],
					restart: false,
					clockStepMinutes: 0,
					faultPercent: 0,
					faultStatus: 503,
				},
				{
					gapMinutes: 6,
					arrivals: [],
					restart: true,
					clockStepMinutes: 0,
					faultPercent: 0,
					faultStatus: 503,
				},
				{
					gapMinutes: 2,
					arrivals: [{ kind: 'backfill', count: 1, minutesBack: 7 }],
					restart: false,
					clockStepMinutes: 0,
					faultPercent: 0,
					faultStatus: 503,
				},
			],
		});
	});

	// Survey seed 1975798776, schedule 6, as found (shrinking only moves it toward the hour of
	// tolerance, down to one contact enriched 62 minutes before): the activation, results oldest
	// first, is followed by polls that emit 46 contacts enriched 2 to 23 hours before it.
	it('class c, Contact Enriched oldest first: the first polls emit contacts enriched up to 23 hours before the activation', async () => {
		await expectKept({
			...base,
			event: 'contactEnriched',
			order: 'oldest',
			requestsPerMinute: 200,
			maxPerPoll: 100,
			before: { count: 308, hoursBack: 70 },
			enrich: { percent: 59, maxDelayMinutes: 600 },
			seed: 845080,
			steps: [
				{
					gapMinutes: 1,
					arrivals: [
						{ kind: 'steady', count: 22 },
						{ kind: 'ahead', count: 1, hoursAhead: 11 },
					],
					restart: false,
					clockStepMinutes: 0,
					faultPercent: 0,
					faultStatus: 429,
				},
				{
					gapMinutes: 4,
					arrivals: [
						{ kind: 'steady', count: 6 },
						{ kind: 'steady', count: 4 },
					],
					restart: true,
					clockStepMinutes: 0,
					faultPercent: 0,
					faultStatus: 429,
				},
				{
					gapMinutes: 4,
					arrivals: [
						{ kind: 'import', percent: 416 },
						{ kind: 'backfill', count: 89, minutesBack: 5539 },
					],
					restart: false,
					clockStepMinutes: -5,
					faultPercent: 0,
					faultStatus: 503,
				},
				{
					gapMinutes: 6,
					arrivals: [{ kind: 'burst', count: 22 }],
					restart: false,
					clockStepMinutes: 0,
					faultPercent: 0,
					faultStatus: 503,
				},
				{
					gapMinutes: 4025,
					arrivals: [{ kind: 'backfill', count: 19, minutesBack: 17 }],
					restart: false,
					clockStepMinutes: 0,
					faultPercent: 0,
					faultStatus: 'mixed',
				},
				{
					gapMinutes: 8,
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
});

// Written by hand from issue 33's text, not found by the tool: the runner loses the same
// contacts the issue counts (here 300 of 1,039 newest first; all come without the three ahead).
describe('issue 33 as it describes class a, through the same runner', () => {
	it('class a: three contacts dated 6 hours ahead, then an import of 1,000 (Max Contacts per Poll 100, polls 10 minutes apart)', async () => {
		await expectKept({
			...base,
			cap: 100,
			requestsPerMinute: 200,
			maxPerPoll: 100,
			before: { count: 200, hoursBack: 24 },
			seed: 3,
			steps: [
				{ ...calmStep, gapMinutes: 10, arrivals: [{ kind: 'ahead', count: 3, hoursAhead: 6 }] },
				{ ...calmStep, gapMinutes: 10, arrivals: [{ kind: 'import', percent: 1000 }] },
				...Array.from({ length: 12 }, () => ({
					...calmStep,
					gapMinutes: 10,
					arrivals: [{ kind: 'steady' as const, count: 3 }],
				})),
			],
		});
	});

	// Found unseeded on the ledger (survey seed 647237746, shrunk): results oldest first, dates
	// without a zone west of UTC, an account with no contact at the activation; one contact dated 2
	// hours ahead was the only date read, and the handled point took it: the floor passed the
	// import that followed (11 of 12 lost). Fewer than three dates now set no handled point.
	it('class a, oldest first, zone-less west of UTC: the one contact dated ahead of an empty account does not set the handled point', async () => {
		await expectKept({
			...base,
			order: 'oldest',
			dates: 'America/Phoenix',
			before: { count: 0, hoursBack: 1 },
			steps: [
				{
					gapMinutes: 1,
					arrivals: [
						{
							kind: 'ahead',
							count: 1,
							hoursAhead: 2,
						},
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
					faultPercent: 5,
					faultStatus: 503,
				},
				{
					gapMinutes: 1,
					arrivals: [
						{
							kind: 'import',
							percent: 110,
						},
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
					faultPercent: 5,
					faultStatus: 503,
				},
			],
		});
	});

	// Found unseeded by the survey after the ledger (2026-11-26): the first walk after the
	// activation was made on the activation's window; 63 hours later that window no longer
	// reached back to the contacts enriched before the activation, so the first walk never
	// recorded them and the next walk emitted them.
	const afterPause = (over: Partial<Schedule>, later: Schedule['steps']): Schedule => ({
		...base,
		event: 'contactEnriched',
		order: 'oldest',
		before: { count: 10, hoursBack: 13 },
		steps: [{ ...calmStep, gapMinutes: 3780, arrivals: [] }, ...later],
		...over,
	});
	const backfill = { kind: 'backfill', count: 1, minutesBack: 120 } as const;

	it('Contact Enriched oldest first: after a pause of 63 hours the first walk, on a window that no longer reaches the activation, emits a contact enriched before it', async () => {
		await expectKept(afterPause({}, [{ ...calmStep, gapMinutes: 1, arrivals: [backfill] }]));
	});

	it('Contact Enriched by insertion newest first: the same after a pause of 63 hours', async () => {
		const steady = (count: number) => ({ kind: 'steady', count }) as const;
		const later = [
			{ ...calmStep, gapMinutes: 1, arrivals: [steady(15)] },
			{ ...calmStep, gapMinutes: 1, arrivals: [steady(29), steady(21), backfill] },
		];
		const over = {
			before: { count: 4, hoursBack: 10 },
			enrich: { percent: 33, maxDelayMinutes: 5 },
		};
		await expectKept(afterPause({ order: 'insertionNewest', ...over }, later));
	});

	// Found unseeded by the survey (2026-11-26, seed 20261126): n8n's clock stepped back 11
	// minutes, the stored floor was then within the overlap of it, and the poll moved it back an
	// hour: contacts handled and forgotten below the old floor came again. Only a floor ahead of
	// the clock moves back now.
	it("without an order: n8n's clock stepping back 11 minutes does not emit handled contacts again", async () => {
		const step = (clockStepMinutes: number, faultPercent = 0) => ({
			...calmStep,
			gapMinutes: 1,
			arrivals: [],
			clockStepMinutes,
			faultPercent,
		});
		await expectKept({
			...base,
			order: 'unordered',
			initialDays: 1,
			before: { count: 10, hoursBack: 2 },
			steps: [step(-1), step(-11, 5), step(0)],
		});
	});

	// Found by the survey (2026-11-26, seed 424242): a 429 paused the account's pacer for its
	// Retry-After, and the budget had counted the page's first send before that wait, when it
	// was asked, not when it left: the service saw 11 requests within a minute. Each send now
	// takes its request after the pacer's wait.
	it("class d: a 429's pause between the budget and the send: 11 requests within a minute against a share of 10", async () => {
		await expectKept({
			...base,
			order: 'unordered',
			maxPerPoll: 100,
			before: { count: 112, hoursBack: 1 },
			seed: 740226,
			steps: [
				{
					...calmStep,
					gapMinutes: 60,
					arrivals: [
						{ kind: 'import', percent: 247 },
						{ kind: 'ahead', count: 2, hoursAhead: 1 },
					],
				},
				{ ...calmStep, gapMinutes: 1, arrivals: [], faultPercent: 24, faultStatus: 429 },
			],
		});
	});

	// Found by survey 2 (seed 20261126): dates without a zone east of UTC read 9 hours ahead, so
	// "the last 1 day" on the trigger's reading holds a contact created 27 hours back. The
	// trigger does what docs/trigger.md says (the days are on the dates as it reads them); the
	// expectation now says so too (expectations.ts).
	it('Contact Enriched, N = 1, dates without a zone east of UTC: a contact dated within the day as read may come', async () => {
		await expectKept({
			...base,
			event: 'contactEnriched',
			initialDays: 1,
			dates: 'Asia/Tokyo',
			before: { count: 6, hoursBack: 27 },
			steps: [
				{ ...calmStep, gapMinutes: 60, arrivals: [{ kind: 'steady', count: 22 }] },
				{
					...calmStep,
					gapMinutes: 1,
					arrivals: [
						{ kind: 'burst', count: 5 },
						{ kind: 'import', percent: 110 },
					],
					faultPercent: 5,
				},
			],
		});
	});

	// Found by survey 2 (seed 20261126) and helper-5 in triggerEdges: without an order and with
	// a page cap of 20, the activation's sample (5 pages) read 100 of 184 contacts; those it did
	// not read above its third newest came as new at the first poll. With dates that carry their
	// zone, the cutoff is now at least n8n's clock less the overlap.
	it('New Contact without an order: contacts the activation sample did not read are not emitted as new', async () => {
		await expectKept({
			...base,
			order: 'unordered',
			before: { count: 184, hoursBack: 53 },
			seed: 481587,
			steps: [{ ...calmStep, gapMinutes: 1, arrivals: [] }],
		});
	});

	// The same sample for Contact Enriched (both surveys): 5 pages of about 150 enriched
	// contacts; those it did not read, enriched before the activation, came as new.
	it('Contact Enriched without an order: contacts the activation sample did not read are not emitted as new', async () => {
		const burst = { kind: 'burst', count: 5 } as const;
		await expectKept({
			...base,
			event: 'contactEnriched',
			order: 'unordered',
			before: { count: 195, hoursBack: 18 },
			enrich: { percent: 62, maxDelayMinutes: 5 },
			seed: 990220,
			steps: [
				{ ...calmStep, gapMinutes: 1, arrivals: [{ kind: 'steady', count: 27 }], restart: true },
				{ ...calmStep, gapMinutes: 1, arrivals: [burst, burst] },
			],
		});
	});

	// Surveys 5 to 13 met these three (docs/trigger-open-schedules.md until they were fixed): the
	// sample (5 pages) left pages unread, and contacts created before the activation on them
	// came as new. With dates without a zone (Tokyo) n8n's clock cannot bound the cutoff; with
	// dates with a zone, the sample had read only older pages. The first walk now completes the
	// sample before anything is emitted (shared/ledger/sampling.ts).
	it('New Contact without an order, dates without a zone (Tokyo): contacts the sample did not read are not emitted as new', async () => {
		await expectKept({
			...base,
			event: 'newContact',
			order: 'unordered',
			dates: 'Asia/Tokyo',
			before: { count: 344, hoursBack: 60 },
			enrich: { percent: 30, maxDelayMinutes: 5 },
			seed: 1,
			steps: [stepOf(1, [])],
		});
	});

	it('Contact Enriched without an order, dates without a zone (Tokyo): contacts enriched before the activation that the sample did not read are not emitted', async () => {
		await expectKept({
			...base,
			event: 'contactEnriched',
			order: 'unordered',
			dates: 'Asia/Tokyo',
			before: { count: 188, hoursBack: 34 },
			enrich: { percent: 63, maxDelayMinutes: 60 },
			seed: 1,
			steps: [
				stepOf(1, [{ kind: 'steady', count: 15 }]),
				stepOf(1, [{ kind: 'backfill', count: 1, minutesBack: 1 }], { faultPercent: 5 }),
				stepOf(1, [
					{ kind: 'burst', count: 5 },
					{ kind: 'backfill', count: 1, minutesBack: 1 },
				]),
				stepOf(1, [{ kind: 'steady', count: 19 }]),
				stepOf(1, [
					{ kind: 'steady', count: 19 },
					{ kind: 'steady', count: 1 },
				]),
				stepOf(1, [
					{ kind: 'burst', count: 5 },
					{ kind: 'steady', count: 4 },
				]),
				stepOf(1, [{ kind: 'ahead', count: 1, hoursAhead: 1 }], { restart: true }),
				stepOf(1, [{ kind: 'backfill', count: 1, minutesBack: 120 }], { faultPercent: 5 }),
			],
		});
	});

	it('Contact Enriched without an order: a sample of only older pages does not let contacts enriched before the activation come as new', async () => {
		await expectKept({
			...base,
			event: 'contactEnriched',
			order: 'unordered',
			dates: 'utc',
			before: { count: 300, hoursBack: 16 },
			enrich: { percent: 71, maxDelayMinutes: 600 },
			seed: 2,
			steps: [
				stepOf(1, [
					{ kind: 'steady', count: 1 },
					{ kind: 'steady', count: 18 },
				]),
				stepOf(1, [
					{ kind: 'backfill', count: 1, minutesBack: 120 },
					{ kind: 'steady', count: 17 },
					{ kind: 'ahead', count: 1, hoursAhead: 1 },
				]),
				stepOf(1, [
					{ kind: 'import', percent: 110 },
					{ kind: 'ahead', count: 1, hoursAhead: 1 },
					{ kind: 'steady', count: 12 },
				]),
				stepOf(
					1,
					[
						{ kind: 'backfill', count: 1, minutesBack: 1 },
						{ kind: 'steady', count: 19 },
					],
					{ faultPercent: 5 },
				),
				stepOf(60, [
					{ kind: 'steady', count: 13 },
					{ kind: 'import', percent: 110 },
					{ kind: 'import', percent: 110 },
				]),
				stepOf(1, [{ kind: 'steady', count: 5 }], { faultPercent: 5 }),
			],
		});
	});

	// Survey 15 (seed 250000, schedule 1844) on the sample's walk: Phoenix, dates without a zone;
	// three contacts dated 5 hours ahead arrived in the walk's first minute with an import, and as
	// its three newest set the cutoff past 174 contacts created after them. The count grew while
	// the walk read: that many more dates are passed over.
	it('without an order, dates without a zone: three contacts dated ahead while the sample walk reads do not set the cutoff', async () => {
		await expectKept({
			...base,
			event: 'newContact',
			order: 'unordered',
			cap: 50,
			maxPerPoll: 25,
			dates: 'America/Phoenix',
			before: { count: 398, hoursBack: 72 },
			enrich: { percent: 36, maxDelayMinutes: 600 },
			seed: 189548,
			steps: [
				stepOf(1, [
					{ kind: 'ahead', count: 3, hoursAhead: 5 },
					{ kind: 'import', percent: 505 },
				]),
				stepOf(
					1,
					[
						{ kind: 'steady', count: 22 },
						{ kind: 'steady', count: 12 },
						{ kind: 'steady', count: 13 },
					],
					{ faultPercent: 12, faultStatus: 'mixed' },
				),
				stepOf(6, [{ kind: 'backfill', count: 123, minutesBack: 9 }], { faultStatus: 'mixed' }),
				stepOf(735, [{ kind: 'ahead', count: 1, hoursAhead: 11 }], {
					restart: true,
					faultStatus: 'mixed',
				}),
				stepOf(
					6,
					[
						{ kind: 'ahead', count: 2, hoursAhead: 10 },
						{ kind: 'steady', count: 29 },
						{ kind: 'ahead', count: 1, hoursAhead: 11 },
					],
					{ clockStepMinutes: 9 },
				),
				stepOf(
					4204,
					[
						{ kind: 'import', percent: 330 },
						{ kind: 'import', percent: 156 },
					],
					{ faultPercent: 45 },
				),
				stepOf(6, [
					{ kind: 'import', percent: 220 },
					{ kind: 'steady', count: 8 },
				]),
			],
		});
	});

	// Survey 17 (seed 330000, schedule 2331): Contact Enriched without an order, dates with their
	// zone. The sample's walk completed 8 minutes after the activation; a contact created 68 minutes
	// before it, enriched then, counted 8 minutes earlier, below the cutoff's reach, and came as new.
	// With a zone the cutoff now rises to the newest date met up to n8n's clock less the overlap.
	it('Contact Enriched without an order: a contact enriched before the activation and read by the sample walk minutes after it is not emitted', async () => {
		await expectKept({
			...base,
			event: 'contactEnriched',
			order: 'unordered',
			requestsPerMinute: 200,
			maxPerPoll: 25,
			dates: 'utc',
			before: { count: 267, hoursBack: 71 },
			enrich: { percent: 94, maxDelayMinutes: 600 },
			seed: 249260,
			steps: [
				stepOf(8, [
					{ kind: 'import', percent: 435 },
					{ kind: 'import', percent: 162 },
				]),
				stepOf(
					7,
					[
						{ kind: 'steady', count: 15 },
						{ kind: 'burst', count: 55 },
						{ kind: 'steady', count: 11 },
					],
					{ restart: true },
				),
				stepOf(7, [{ kind: 'import', percent: 423 }]),
				stepOf(10, [{ kind: 'steady', count: 7 }]),
				stepOf(9, [{ kind: 'backfill', count: 86, minutesBack: 10 }]),
				stepOf(1, [{ kind: 'ahead', count: 3, hoursAhead: 5 }], {
					faultPercent: 9,
					clockStepMinutes: -9,
				}),
				stepOf(2, [
					{ kind: 'steady', count: 22 },
					{ kind: 'steady', count: 3 },
					{ kind: 'backfill', count: 126, minutesBack: 17 },
				]),
				stepOf(1620, [{ kind: 'import', percent: 554 }]),
				stepOf(
					6,
					[
						{ kind: 'burst', count: 55 },
						{ kind: 'steady', count: 15 },
						{ kind: 'import', percent: 397 },
					],
					{ faultPercent: 41, clockStepMinutes: 6, faultStatus: 'mixed' },
				),
				stepOf(6, [
					{ kind: 'import', percent: 534 },
					{ kind: 'steady', count: 19 },
				]),
				stepOf(2, [
					{ kind: 'burst', count: 36 },
					{ kind: 'steady', count: 29 },
				]),
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

	// Survey 19 (seed 410000, schedule 534), against a rule withdrawn since: recording what the
	// sample's walk met above its cutoff when the count of results had not grown. After a pause of
	// 30 hours right after the activation, old contacts had aged out of the window as new ones came,
	// the count had not grown, and the new ones were recorded: 89 of 158 lost.
	it('Contact Enriched without an order: a pause right after the activation, contacts ageing out of the window as new ones come: none of the new ones is recorded', async () => {
		await expectKept({
			...base,
			event: 'contactEnriched',
			order: 'unordered',
			maxPerPoll: 100,
			sequenceFilter: true,
			dates: 'utc',
			before: { count: 399, hoursBack: 39 },
			enrich: { percent: 76, maxDelayMinutes: 5 },
			seed: 737860,
			steps: [
				stepOf(
					1839,
					[
						{ kind: 'import', percent: 158 },
						{ kind: 'steady', count: 26 },
						{ kind: 'steady', count: 26 },
					],
					{ restart: true },
				),
				stepOf(2, [{ kind: 'steady', count: 30 }], { faultPercent: 32, faultStatus: 429 }),
				stepOf(6, []),
				stepOf(
					8,
					[
						{ kind: 'backfill', count: 89, minutesBack: 23 },
						{ kind: 'burst', count: 14 },
						{ kind: 'steady', count: 25 },
					],
					{ faultPercent: 14, faultStatus: 'mixed' },
				),
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

	// Survey 4 (seed 777): a walk (no order yet, by insertion oldest first, zone-less dates west
	// of UTC) stays on page 1 while Max Contacts per Poll 25 emits its 55 contacts over three
	// polls. Each read of the page counted the one contact dated 2 hours ahead again, three times
	// made it the walk's third newest, and the floor rose past the import that came next.
	it('class a, a walk that stays on a page: the contact dated ahead counted at every read sets the floor past an import of 28', async () => {
		const importOf = { kind: 'import', percent: 110 } as const;
		await expectKept({
			...base,
			order: 'insertionOldest',
			cap: 100,
			maxPerPoll: 25,
			dates: 'America/Phoenix',
			before: { count: 0, hoursBack: 1 },
			steps: [
				{ ...calmStep, gapMinutes: 1, arrivals: [{ kind: 'ahead', count: 1, hoursAhead: 2 }] },
				{
					...calmStep,
					gapMinutes: 1,
					arrivals: [
						{ kind: 'steady', count: 14 },
						{ kind: 'steady', count: 12 },
					],
				},
				{ ...calmStep, gapMinutes: 1, arrivals: [importOf] },
				{ ...calmStep, gapMinutes: 1, arrivals: [] },
				{ ...calmStep, gapMinutes: 1, arrivals: [] },
				{ ...calmStep, gapMinutes: 1, arrivals: [importOf] },
			],
		});
	});

	// Survey 5 (seed 778): a backfill of 21 dated 3 minutes back lands behind contacts already
	// handled, where only the rolling check finds it; the trigger pauses an hour right after. The
	// first polls after the pause raised the floor past it before the check got there. The floor
	// now waits for a round of the check that began after the contact appeared.
	it('class a, newest first: a contact searchable 3 minutes late, then a pause of an hour, is passed by the floor before the check reaches it', async () => {
		await expectKept({
			...base,
			maxPerPoll: 50,
			before: { count: 0, hoursBack: 1 },
			steps: [
				{ ...calmStep, gapMinutes: 60, arrivals: [] },
				{ ...calmStep, gapMinutes: 1, arrivals: [{ kind: 'steady', count: 17 }], faultPercent: 5 },
				{ ...calmStep, gapMinutes: 1, arrivals: [{ kind: 'steady', count: 2 }] },
				{
					...calmStep,
					gapMinutes: 1,
					arrivals: [
						{ kind: 'steady', count: 1 },
						{ kind: 'backfill', count: 21, minutesBack: 3 },
					],
				},
				{
					...calmStep,
					gapMinutes: 60,
					arrivals: [{ kind: 'backfill', count: 80, minutesBack: 1 }],
					faultPercent: 18,
				},
				{
					...calmStep,
					gapMinutes: 1,
					arrivals: [
						{ kind: 'backfill', count: 25, minutesBack: 1 },
						{ kind: 'steady', count: 13 },
						{ kind: 'ahead', count: 2, hoursAhead: 1 },
					],
				},
			],
		});
	});

	// Surveys 4 and 5 (seeds 777, 778): the same oldest first, zone-less dates east of UTC (Tokyo),
	// a backfill dated 8 minutes back and a pause of 589 minutes.
	it('class a, oldest first: a contact searchable 8 minutes late, then a pause of 10 hours, is passed by the floor before the check reaches it', async () => {
		await expectKept(lateThenPause('Asia/Tokyo', 589, [38, 42]));
	});

	// Found by survey 2 (seed 20261126): oldest first, zone-less dates east of UTC (Tokyo), N = 1.
	// A backfill of 51 dated 3 minutes back lands below the handled point, where only the rolling
	// check finds it; after a pause of 581 minutes a contact dated an hour ahead lifted the handled
	// point and the floor passed the 20 the check had not reached. Fixed by the floor waiting for
	// a round of the check.
	it('class a, oldest first, Tokyo, N = 1: 20 of a backfill the check had not reached when a pause ended are passed by the floor', async () => {
		await expectKept({
			...base,
			order: 'oldest',
			maxPerPoll: 100,
			initialDays: 1,
			dates: 'Asia/Tokyo',
			before: { count: 0, hoursBack: 1 },
			steps: [
				{
					...calmStep,
					gapMinutes: 1,
					arrivals: [
						{ kind: 'burst', count: 5 },
						{ kind: 'steady', count: 7 },
					],
				},
				{ ...calmStep, gapMinutes: 1, arrivals: [] },
				{ ...calmStep, gapMinutes: 1, arrivals: [{ kind: 'backfill', count: 51, minutesBack: 3 }] },
				{ ...calmStep, gapMinutes: 581, arrivals: [] },
				{
					...calmStep,
					gapMinutes: 9,
					arrivals: [{ kind: 'ahead', count: 1, hoursAhead: 1 }],
					faultPercent: 5,
				},
				{
					...calmStep,
					gapMinutes: 6,
					arrivals: [
						{ kind: 'backfill', count: 14, minutesBack: 1 },
						{ kind: 'steady', count: 7 },
					],
				},
			],
		});
	});

	// Survey 5 (seed 778), by insertion newest first, Tokyo: a backfill dated 5 minutes back, then
	// a pause of 576 minutes and two restarts: 2 of 178 lost before the floor waited for the check.
	it('class a, by insertion newest first, Tokyo: a contact searchable 5 minutes late, then a pause of 10 hours', async () => {
		await expectKept({
			...base,
			order: 'insertionNewest',
			dates: 'Asia/Tokyo',
			before: { count: 62, hoursBack: 1 },
			seed: 10163,
			steps: [
				{
					...calmStep,
					gapMinutes: 1,
					arrivals: [
						{ kind: 'steady', count: 1 },
						{ kind: 'burst', count: 5 },
					],
				},
				{
					...calmStep,
					gapMinutes: 1,
					arrivals: [
						{ kind: 'backfill', count: 1, minutesBack: 5 },
						{ kind: 'steady', count: 1 },
						{ kind: 'steady', count: 20 },
					],
				},
				{
					...calmStep,
					gapMinutes: 576,
					arrivals: [
						{ kind: 'steady', count: 20 },
						{ kind: 'steady', count: 5 },
					],
					faultPercent: 5,
				},
				{ ...calmStep, gapMinutes: 3, arrivals: [], restart: true },
				{ ...calmStep, gapMinutes: 10, arrivals: [], restart: true },
				{
					...calmStep,
					gapMinutes: 9,
					arrivals: [
						{ kind: 'steady', count: 27 },
						{ kind: 'steady', count: 28 },
						{ kind: 'burst', count: 71 },
					],
				},
			],
		});
	});

	// Survey 5 (seed 778): Contact Enriched without an order, N = 1, pauses of days. A backfill
	// during a pause of 1.6 days moved the list by one while the first walk stood on page 1; the
	// walk passed contact 55 (enriched 5 minutes before the activation), completed, and the next
	// walk went on from its start. `since` now waits one walk.
	it('Contact Enriched without an order, N = 1: a contact that moved onto a page the walk had passed is never emitted', async () => {
		const importOf = (percent: number) => ({ kind: 'import', percent }) as const;
		const backfill = { kind: 'backfill', count: 1, minutesBack: 120 } as const;
		await expectKept({
			...base,
			event: 'contactEnriched',
			order: 'unordered',
			initialDays: 1,
			dates: 'Asia/Tokyo',
			before: { count: 62, hoursBack: 1 },
			seed: 422409,
			steps: [
				{ ...calmStep, gapMinutes: 2386, arrivals: [], faultPercent: 5 },
				{ ...calmStep, gapMinutes: 2294, arrivals: [backfill] },
				{ ...calmStep, gapMinutes: 3347, arrivals: [importOf(221)], restart: true },
				{ ...calmStep, gapMinutes: 8, arrivals: [importOf(191), importOf(351)] },
				{ ...calmStep, gapMinutes: 957, arrivals: [importOf(561)], faultPercent: 5 },
				{ ...calmStep, gapMinutes: 8, arrivals: [backfill, { kind: 'steady', count: 16 }] },
				{
					...calmStep,
					gapMinutes: 1,
					arrivals: [
						{ kind: 'steady', count: 28 },
						{ kind: 'steady', count: 19 },
					],
					faultPercent: 5,
				},
			],
		});
	});

	// Survey 6 (seed 779): the oldest-first schedule above with dates without a zone west of UTC
	// (Phoenix) and a pause of 79 minutes. Marked on n8n's clock, a round's beginning never held
	// the floor, as the service's dates lie 7 hours behind it; the mark is on the service's dates.
	it('class a, oldest first, Phoenix: a contact searchable 8 minutes late, then a pause, with the service 7 hours behind n8n', async () => {
		await expectKept(lateThenPause('America/Phoenix', 79, [5, 34]));
	});

	// Written by hand for the class surveys 5 to 7 shrank (Phoenix, a few contacts dated ahead):
	// dates without a zone 7 hours behind n8n's clock, three contacts dated 2 hours ahead, then 2
	// contacts every 3 minutes for 2 hours. n8n's clock did not cap the handled point, the three
	// lifted it, and the floor passed 36 of the 83 contacts. The floor now stops at the service's
	// present as earlier polls met it (zoneLag.ts).
	it('class a, newest first, Phoenix: three contacts dated 2 hours ahead lift the floor past the contacts created after them', async () => {
		const every3Minutes = {
			...calmStep,
			gapMinutes: 3,
			arrivals: [{ kind: 'steady' as const, count: 2 }],
		};
		await expectKept({
			...base,
			dates: 'America/Phoenix',
			steps: [
				{ ...calmStep, gapMinutes: 1, arrivals: [{ kind: 'ahead', count: 3, hoursAhead: 2 }] },
				...Array.from({ length: 40 }, () => every3Minutes),
			],
		});
	});

	// Survey 8 (seed 781) shrank three schedules to the same start: three contacts dated an hour or
	// two ahead lift the handled point, then a contact the next poll cannot emit at once is passed
	// by the floor as n8n's clock moves on.
	const aheadThen = (hoursAhead: number, then: Schedule['steps']): Schedule['steps'] => [
		{ ...calmStep, gapMinutes: 1, arrivals: [{ kind: 'ahead', count: 3, hoursAhead }] },
		...then,
	];

	// Max Contacts per Poll 10 leaves one of a backfill of 11 waiting after a pause of an hour;
	// the order broke (by insertion), so the read proved nothing, and the floor went to n8n's clock
	// less the overlap past it. Contacts left by Max Contacts per Poll now hold the handled point.
	it('class a, by insertion oldest first: a contact Max Contacts per Poll leaves waiting, after contacts dated ahead, is passed by the floor', async () => {
		await expectKept({
			...base,
			order: 'insertionOldest',
			steps: aheadThen(2, [
				{
					...calmStep,
					gapMinutes: 60,
					arrivals: [{ kind: 'backfill', count: 11, minutesBack: 3 }],
				},
			]),
		});
	});

	// Oldest first: a contact searchable 17 minutes late, behind handled contacts, then a pause of
	// an hour. The rolling check's round was marked at the three dated ahead, so its end let the
	// floor pass the late contact before a round that began after it appeared. A round's mark now
	// stops at the service's present.
	it('class a, oldest first: a round of the check marked at contacts dated ahead lets the floor pass a contact searchable late', async () => {
		await expectKept({
			...base,
			order: 'oldest',
			maxPerPoll: 100,
			before: { count: 0, hoursBack: 1 },
			steps: aheadThen(1, [
				{
					...calmStep,
					gapMinutes: 5,
					arrivals: [
						{ kind: 'steady', count: 23 },
						{ kind: 'steady', count: 21 },
						{ kind: 'burst', count: 5 },
					],
				},
				{
					...calmStep,
					gapMinutes: 3,
					arrivals: [
						{ kind: 'burst', count: 5 },
						{ kind: 'import', percent: 110 },
					],
				},
				{
					...calmStep,
					gapMinutes: 3,
					arrivals: [
						{ kind: 'import', percent: 110 },
						{ kind: 'steady', count: 5 },
					],
				},
				{ ...calmStep, gapMinutes: 6, arrivals: [{ kind: 'backfill', count: 1, minutesBack: 17 }] },
				{ ...calmStep, gapMinutes: 60, arrivals: [] },
				{ ...calmStep, gapMinutes: 1, arrivals: [] },
			]),
		});
	});

	it('class a, by insertion newest first: a backfill of 11 after contacts dated ahead, then a pause of an hour: the one left waiting comes', async () => {
		await expectKept({
			...base,
			order: 'insertionNewest',
			before: { count: 30, hoursBack: 1 },
			seed: 50853,
			steps: aheadThen(1, [
				{ ...calmStep, gapMinutes: 1, arrivals: [{ kind: 'backfill', count: 11, minutesBack: 1 }] },
				{ ...calmStep, gapMinutes: 60, arrivals: [{ kind: 'steady', count: 20 }] },
				{ ...calmStep, gapMinutes: 1, arrivals: [], faultPercent: 5 },
			]),
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

	// Survey 11 (seed 90000): by insertion oldest first, three contacts dated 2 hours ahead lift
	// the handled point; the order breaks, and the walk that starts then went on from that point,
	// so when it completed the floor followed n8n's clock past a contact a later walk had to bring
	// (unshrunk: 72 of 429 lost after a pause of two days). A walk now goes on from a point no
	// later than the service's present.
	it('class a, by insertion oldest first: the walk after the order broke took the dates ahead as handled', async () => {
		const importOf = { kind: 'import', percent: 110 } as const;
		await expectKept({
			...base,
			order: 'insertionOldest',
			maxPerPoll: 25,
			sequenceFilter: true,
			before: { count: 202, hoursBack: 1 },
			seed: 436286,
			steps: [
				{ ...calmStep, gapMinutes: 1, arrivals: [{ kind: 'ahead', count: 3, hoursAhead: 2 }] },
				{
					...calmStep,
					gapMinutes: 1,
					arrivals: [{ kind: 'steady', count: 17 }],
					restart: true,
					faultPercent: 5,
				},
				{
					...calmStep,
					gapMinutes: 1,
					arrivals: [importOf, { kind: 'ahead', count: 1, hoursAhead: 1 }, importOf],
				},
				{ ...calmStep, gapMinutes: 60, arrivals: [] },
				{ ...calmStep, gapMinutes: 1, arrivals: [{ kind: 'steady', count: 19 }], faultPercent: 5 },
				{
					...calmStep,
					gapMinutes: 1,
					arrivals: [importOf, { kind: 'backfill', count: 27, minutesBack: 4 }],
				},
				{
					...calmStep,
					gapMinutes: 60,
					arrivals: [
						{ kind: 'backfill', count: 1, minutesBack: 1 },
						{ kind: 'burst', count: 5 },
						{ kind: 'steady', count: 16 },
					],
					faultPercent: 5,
				},
			],
		});
	});

	// Survey 24 (seed 610000, schedule 531; it fails on 3581ec9 and a98f2f8 too): Emit Contacts
	// From the Last 1 Day, newest first, 142 contacts in the sequence at the activation. Contacts
	// created while the activation read its 3 pages moved the list on by 28, so the page the first
	// answer named as the last was not the end any more; the read stopped there and took the range
	// as complete, and the floor passed the 20 oldest, left on a fourth page (20 of 177 lost). The
	// read now goes to the end the newest answer names.
	it.each(['newest', 'insertionNewest'] as const)(
		'newest first (%s), the last 1 day: contacts created while the activation reads push the end of the list past the page the first answer named',
		async (order) => {
			await expectKept({
				...base,
				order,
				cap: 50,
				maxPerPoll: 100,
				initialDays: 1,
				sequenceFilter: true,
				before: { count: 288, hoursBack: 2 },
				enrich: { percent: 58, maxDelayMinutes: 600 },
				seed: 660361,
				steps: [
					stepOf(1, [
						{ kind: 'steady', count: 9 },
						{ kind: 'backfill', count: 77, minutesBack: 29 },
					]),
				],
			});
		},
	);

	// Survey 25 (seed 650000, schedule 2196; it fails on 3581ec9 too): no order, the last 1 day to
	// emit, a walk left on page 12 of 14 for a pause of 45 hours. Contacts left the window
	// meanwhile (the days passed), those after them moved onto pages the walk had read, and the
	// walk, complete after the pause, took everything up to the newest the walk before had read as
	// read: the floor passed 7 contacts it had not met (21 without the burst during the pause,
	// where the page it stopped on was past the new end). A walk whose list shrank now proves
	// nothing, and the next walk meets them.
	it.each([
		['a burst during the pause', 72],
		['nothing during the pause', 0],
	])(
		'no order, the last 1 day: contacts that leave the window during a pause move others onto pages the walk read (%s)',
		async (_what, burst) => {
			await expectKept({
				...base,
				order: 'unordered',
				cap: 50,
				requestsPerMinute: 200,
				maxPerPoll: 100,
				initialDays: 1,
				before: { count: 393, hoursBack: 60 },
				enrich: { percent: 54, maxDelayMinutes: 60 },
				seed: 999991,
				steps: [
					stepOf(2, [
						{ kind: 'backfill', count: 112, minutesBack: 3688 },
						{ kind: 'steady', count: 24 },
						{ kind: 'burst', count: 59 },
					]),
					stepOf(9, [{ kind: 'burst', count: 74 }]),
					stepOf(2716, burst > 0 ? [{ kind: 'burst', count: burst }] : []),
				],
			});
		},
	);
});
