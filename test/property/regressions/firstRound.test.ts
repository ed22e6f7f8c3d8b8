/**
 * The floor before the rolling check's first round completes (survey 270000, the deletions draw,
 * schedule 3535; simplified: UTC dates, no faults, deletions or restarts, the pause 2 hours).
 * Emit Contacts From the Last 2 Days, newest first, pages of 20, Requests per Minute 40, Max
 * Contacts per Poll 100: the activation sets no checkedFrom (nothing is handled yet), and the
 * first round reads a 1,200-contact window a page or two a poll. A backfill of 145 dated 22
 * minutes back lands below the handled point; the floor, bounded only by the handled point,
 * followed the imports past it before the round reached it, and all 145 never came. Now the
 * floor waits for the first round. Fails on 6528127.
 */
import type { Arrival } from '../schedule';
import { base, expectKept, stepsOf } from './case';

it('Emit Contacts From the Last 2 Days: a backfill below the handled point comes though the first round of the check is slow', async () => {
	const steps: Array<[number, Arrival[]]> = [
		[7, [{ kind: 'backfill', count: 53, minutesBack: 1964 }]],
		[
			8,
			[
				{ kind: 'import', percent: 365 },
				{ kind: 'backfill', count: 20, minutesBack: 15 },
			],
		],
		[
			3,
			[
				{ kind: 'steady', count: 8 },
				{ kind: 'steady', count: 22 },
				{ kind: 'import', percent: 191 },
			],
		],
		[2, []],
		[
			9,
			[
				{ kind: 'burst', count: 68 },
				{ kind: 'backfill', count: 145, minutesBack: 22 },
			],
		],
		[
			6,
			[
				{ kind: 'burst', count: 70 },
				{ kind: 'ahead', count: 3, hoursAhead: 8 },
				{ kind: 'burst', count: 35 },
			],
		],
		[120, [{ kind: 'steady', count: 26 }]],
		[8, []],
	];
	await expectKept({
		...base,
		cap: 20,
		requestsPerMinute: 40,
		maxPerPoll: 100,
		initialDays: 2,
		before: { count: 248, hoursBack: 41 },
		enrich: { percent: 77, maxDelayMinutes: 600 },
		seed: 67947,
		steps: stepsOf(steps),
	});
});
