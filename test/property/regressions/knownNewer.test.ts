/**
 * Known contacts newer than contacts that wait (survey 260000, schedule 309; simplified: no
 * faults, deletions or restarts, the pause shortened to 200 minutes). Newest first, pages of 8,
 * Max Contacts per Poll 8: a poll reads page 1 and 2 and emits 8 contacts of the new end while 91
 * backfilled a minute before it (dated 5 minutes back) wait on pages it did not read. The next
 * polls go on from the boundary and emit the backfill oldest first. After imports, the read from
 * the boundary met the page of those 8 (known, newer than the backfill's date) beyond the
 * boundary, took it for the handled contacts, and stopped short of the backfill's rest: it emitted
 * the imports, and the floor rose past 31 of the backfill, which never came. Now a page of known
 * contacts beyond the boundary joins the handled ones only up to the newest date the ranges
 * emitted (Boundary.upTo). Fails on 950d6bb.
 */
import type { Arrival } from '../schedule';
import { base, expectKept, stepOf } from './case';

it('newest first: a backfill that waited behind contacts emitted from the new end all comes, after imports at the new end', async () => {
	const steps: Array<[number, Arrival[]]> = [
		[
			8,
			[
				{ kind: 'backfill', count: 8, minutesBack: 1 },
				{ kind: 'ahead', count: 2, hoursAhead: 8 },
				{ kind: 'steady', count: 4 },
			],
		],
		[1, [{ kind: 'backfill', count: 91, minutesBack: 5 }]],
		[
			200,
			[
				{ kind: 'steady', count: 3 },
				{ kind: 'backfill', count: 3, minutesBack: 128 },
				{ kind: 'backfill', count: 145, minutesBack: 120 },
			],
		],
		[
			10,
			[
				{ kind: 'burst', count: 39 },
				{ kind: 'burst', count: 15 },
			],
		],
		[
			1,
			[
				{ kind: 'import', percent: 371 },
				{ kind: 'burst', count: 24 },
			],
		],
		[5, [{ kind: 'import', percent: 412 }]],
		[7, []],
		[
			4,
			[
				{ kind: 'steady', count: 8 },
				{ kind: 'burst', count: 48 },
			],
		],
	];
	await expectKept({
		...base,
		cap: 8,
		requestsPerMinute: 200,
		maxPerPoll: 8,
		before: { count: 400, hoursBack: 52 },
		enrich: { percent: 32, maxDelayMinutes: 43_200 },
		seed: 999992,
		steps: steps.map(([gap, arrivals]) => stepOf(gap, arrivals)),
	});
});
