/**
 * Emit Contacts From the Last N Days, by insertion newest first: a backfill inserted in front of
 * the N days' contacts before anything is handled. Its dates are below the floor (UTC, 61 hours
 * back at 1 day), or look so (dates without a zone, America/Phoenix: 20 hours back reads as 27).
 * A bisection from the new end took its page for the old end, the first range began there, and
 * the N days' contacts behind it never came: the floor rose past them (surveys 280000 and
 * 300000, the deletions draw; item 9's seed 999988; simplified: no deletions, faults or clock
 * steps). Now a first range whose new contacts are all newer than the activation sample's third
 * newest in the N days (`backlogBy`) is not trusted, and a walk of the window emits them. Both
 * fail on 26299f9.
 */
import type { Schedule } from '../schedule';
import { base, expectKept, stepsOf } from './case';

const lastDay: Schedule = {
	...base,
	order: 'insertionNewest',
	initialDays: 1,
	steps: [],
};

it('a backfill dated below the floor, inserted in front of the N days’ contacts: they come', async () => {
	await expectKept({
		...lastDay,
		cap: 4,
		requestsPerMinute: 7,
		maxPerPoll: 3,
		before: { count: 120, hoursBack: 72 },
		enrich: { percent: 31, maxDelayMinutes: 60 },
		seed: 999988,
		steps: stepsOf([
			[
				4,
				[
					{ kind: 'backfill', count: 45, minutesBack: 3667 },
					{ kind: 'burst', count: 57 },
				],
			],
			[1, [{ kind: 'ahead', count: 2, hoursAhead: 10 }]],
		]),
	});
});

it('dates without a zone: a backfill within the N days that reads as below the floor', async () => {
	await expectKept({
		...lastDay,
		cap: 4,
		requestsPerMinute: 4,
		maxPerPoll: 5373,
		dates: 'America/Phoenix',
		before: { count: 202, hoursBack: 1 },
		enrich: { percent: 97, maxDelayMinutes: 60 },
		seed: 826916,
		steps: stepsOf([
			[
				3,
				[
					{ kind: 'backfill', count: 99, minutesBack: 1192 },
					{ kind: 'burst', count: 56 },
				],
			],
			[9, [{ kind: 'burst', count: 76 }]],
		]),
	});
});

// helper-32: pages of 2 at a share of 1, Emit Contacts From the Last 2 Days, dates without a zone,
// contacts deleted before the first polls and while they read. A backfill dated 72 hours back,
// below the floor, filled the front of the list; page 1 held known contacts alone, every poll
// read it, took it for a quiet list, and had no request left for the rolling check: 116 of 116
// never came (simplified: no faults or clock steps). Such a range holds no new contact dated up
// to `backlogBy`: not trusted either. Fails on c2c10cc.
it('a backfill dated below the floor fills page 1 before anything is handled: the N days’ contacts come', async () => {
	await expectKept({
		...base,
		order: 'insertionNewest',
		cap: 2,
		requestsPerMinute: 4,
		maxPerPoll: 5,
		initialDays: 2,
		dates: 'America/Phoenix',
		before: { count: 212, hoursBack: 89 },
		enrich: { percent: 38, maxDelayMinutes: 5 },
		seed: 842999,
		steps: stepsOf([
			[8, [], { before: 7, during: 4 }],
			[8, [], { before: 20, during: 3 }],
			[426, [{ kind: 'backfill', count: 43, minutesBack: 2932 }], { before: 8, during: 3 }],
			[8, []],
			[
				6,
				[
					{ kind: 'ahead', count: 3, hoursAhead: 12 },
					{ kind: 'burst', count: 50 },
				],
			],
			[6, [{ kind: 'backfill', count: 127, minutesBack: 4349 }]],
		]),
	});
});
