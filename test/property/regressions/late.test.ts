/**
 * Regressions of contacts searchable late (class a of issue 33): a contact that becomes
 * searchable minutes after newer ones is met by the rolling check before the floor passes it,
 * also across pauses and Max Contacts per Poll.
 * Each case fails on the code before its fix; most were found by the property test
 * (triggerSchedules.test.ts, survey.ts) and shrunk.
 */
import type { Schedule } from '../schedule';
import { base, calmStep, expectKept } from './case';

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

describe('contacts searchable late come before the floor passes them (class a)', () => {
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

	// Survey 6 (seed 779): the oldest-first schedule above with dates without a zone west of UTC
	// (Phoenix) and a pause of 79 minutes. Marked on n8n's clock, a round's beginning never held
	// the floor, as the service's dates lie 7 hours behind it; the mark is on the service's dates.
	it('class a, oldest first, Phoenix: a contact searchable 8 minutes late, then a pause, with the service 7 hours behind n8n', async () => {
		await expectKept(lateThenPause('America/Phoenix', 79, [5, 34]));
	});
});
