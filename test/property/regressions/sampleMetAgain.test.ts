/**
 * The sample's walk, without an order and without a zone, meets a contact again: a page read again
 * as the list moved, or a walk that goes on. Each date it meets counts the time since the
 * activation earlier, so a contact met again counted a second, lower date. Survey 2000000 (the
 * smallNoOrder draw, on 04d5ac1; old: it fails on 3dc3873), as shrunk: Contact Snippets Ready,
 * pages of 6, Tokyo dates, a pause of 46 hours after the activation with two contacts dated 12
 * hours ahead. The walk met both, then one of them again 6 minutes later; counted twice, it was
 * the third newest, the cutoff lay 10 hours past the contacts created after the activation, and
 * 5 of 128 were recorded as there. Now a contact met again counts once, at its first date
 * (`topIds` in sampling.ts). Fails on 392f7c6.
 */
import type { Schedule } from '../schedule';
import { expectKept } from './case';

it('Contact Snippets Ready in no order, dates without a zone: a contact dated ahead met twice by the sample’s walk counts once', async () => {
	await expectKept({
		...{
			event: 'contactSnippetsReady',
			order: 'unordered',
			cap: 6,
			requestsPerMinute: 40,
			maxPerPoll: 6,
			initialDays: 0,
			sequenceFilter: false,
			dates: 'Asia/Tokyo',
			before: { count: 52, hoursBack: 48 },
			enrich: { percent: 63, maxDelayMinutes: 600 },
			seed: 192513,
		},
		steps: [
			{
				gapMinutes: 2776,
				arrivals: [
					{ kind: 'steady', count: 28 },
					{ kind: 'ahead', count: 2, hoursAhead: 12 },
				],
				restart: false,
				clockStepMinutes: 0,
				faultPercent: 31,
				faultStatus: 429,
			},
			{
				gapMinutes: 2,
				arrivals: [
					{ kind: 'steady', count: 27 },
					{ kind: 'steady', count: 25 },
					{ kind: 'backfill', count: 131, minutesBack: 589 },
				],
				restart: false,
				clockStepMinutes: 0,
				faultPercent: 0,
				faultStatus: 'mixed',
			},
			{
				gapMinutes: 4,
				arrivals: [{ kind: 'steady', count: 4 }],
				restart: false,
				clockStepMinutes: 0,
				faultPercent: 0,
				faultStatus: 503,
			},
			{
				gapMinutes: 6,
				arrivals: [],
				restart: false,
				clockStepMinutes: 0,
				faultPercent: 0,
				faultStatus: 'mixed',
			},
			{
				gapMinutes: 4,
				arrivals: [
					{ kind: 'whileReading', count: 9, ms: 16052, minutesBack: 0 },
					{ kind: 'burst', count: 60 },
					{ kind: 'steady', count: 1 },
				],
				restart: false,
				clockStepMinutes: 0,
				faultPercent: 0,
				faultStatus: 'mixed',
			},
			{
				gapMinutes: 7,
				arrivals: [{ kind: 'burst', count: 22 }],
				restart: true,
				clockStepMinutes: 0,
				faultPercent: 0,
				faultStatus: 503,
			},
			{
				gapMinutes: 5,
				arrivals: [{ kind: 'steady', count: 16 }],
				restart: false,
				clockStepMinutes: 0,
				faultPercent: 0,
				faultStatus: 429,
			},
		],
	} as Schedule);
});
