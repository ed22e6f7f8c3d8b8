/**
 * Regression of a stale count (issue 51: a schedule an attacker helper drew): oldest first, pages of 119, Requests per
 * Minute 8 (a share of 2). After a backlog drained, the floor rose, the window shrank and its
 * count dropped from 1,953 to 1,316. At every poll the read guessed the last page from the stored
 * count, found it past the end, counted again on page 1, and the share refused the real last
 * page: the read returned without the new count, the stored count stayed 1,953 for good, every
 * poll repeated the same two requests, and 6 contacts never came. A read that met the window's
 * count now hands it on even when it stops on the budget.
 */
import type { Schedule } from '../schedule';
import { runSchedule } from '../scheduleRunner';

const schedule: Schedule = {
	event: 'newContact',
	order: 'oldest',
	cap: 119,
	requestsPerMinute: 8,
	maxPerPoll: 25,
	initialDays: 0,
	sequenceFilter: false,
	dates: 'Asia/Tokyo',
	before: {
		count: 397,
		hoursBack: 1,
	},
	enrich: {
		percent: 50,
		maxDelayMinutes: 5,
	},
	seed: 346824,
	steps: [
		{
			gapMinutes: 1,
			arrivals: [
				{
					kind: 'burst',
					count: 116,
				},
				{
					kind: 'burst',
					count: 124,
				},
			],
			restart: false,
			clockStepMinutes: 0,
			faultPercent: 0,
			faultStatus: 503,
		},
		{
			gapMinutes: 3212,
			arrivals: [],
			restart: false,
			clockStepMinutes: 0,
			faultPercent: 0,
			faultStatus: 429,
		},
		{
			gapMinutes: 7,
			arrivals: [
				{
					kind: 'import',
					percent: 391,
				},
				{
					kind: 'steady',
					count: 4,
				},
				{
					kind: 'steady',
					count: 19,
				},
			],
			restart: false,
			clockStepMinutes: 0,
			faultPercent: 0,
			faultStatus: 429,
		},
		{
			gapMinutes: 8,
			arrivals: [
				{
					kind: 'burst',
					count: 167,
				},
				{
					kind: 'burst',
					count: 359,
				},
				{
					kind: 'steady',
					count: 2,
				},
			],
			restart: false,
			clockStepMinutes: 0,
			faultPercent: 0,
			faultStatus: 429,
		},
		{
			gapMinutes: 9,
			arrivals: [
				{
					kind: 'steady',
					count: 19,
				},
				{
					kind: 'steady',
					count: 22,
				},
				{
					kind: 'burst',
					count: 331,
				},
			],
			restart: false,
			clockStepMinutes: 0,
			faultPercent: 34,
			faultStatus: 503,
		},
		{
			gapMinutes: 10,
			arrivals: [],
			restart: false,
			clockStepMinutes: 0,
			faultPercent: 0,
			faultStatus: 429,
		},
		{
			gapMinutes: 10,
			arrivals: [
				{
					kind: 'backfill',
					count: 145,
					minutesBack: 471,
				},
				{
					kind: 'steady',
					count: 20,
				},
				{
					kind: 'ahead',
					count: 2,
					hoursAhead: 5,
				},
			],
			restart: false,
			clockStepMinutes: 0,
			faultPercent: 0,
			faultStatus: 429,
		},
		{
			gapMinutes: 2,
			arrivals: [],
			restart: true,
			clockStepMinutes: 0,
			faultPercent: 7,
			faultStatus: 'mixed',
		},
		{
			gapMinutes: 8,
			arrivals: [
				{
					kind: 'steady',
					count: 11,
				},
			],
			restart: false,
			clockStepMinutes: 0,
			faultPercent: 0,
			faultStatus: 'mixed',
		},
		{
			gapMinutes: 1,
			arrivals: [
				{
					kind: 'steady',
					count: 25,
				},
			],
			restart: false,
			clockStepMinutes: 0,
			faultPercent: 0,
			faultStatus: 503,
		},
		{
			gapMinutes: 5,
			arrivals: [
				{
					kind: 'backfill',
					count: 67,
					minutesBack: 8,
				},
			],
			restart: false,
			clockStepMinutes: 0,
			faultPercent: 0,
			faultStatus: 'mixed',
		},
		{
			gapMinutes: 1,
			arrivals: [
				{
					kind: 'steady',
					count: 6,
				},
				{
					kind: 'steady',
					count: 19,
				},
			],
			restart: false,
			clockStepMinutes: 0,
			faultPercent: 0,
			faultStatus: 429,
		},
	],
};

describe('a count met before the budget ran out (issue 51)', () => {
	it('oldest first, share 2: the window shrank, and the new count is kept though the last page was refused', async () => {
		const outcome = await runSchedule(schedule);
		expect(outcome.problems).toEqual([]);
	}, 600_000);
});
