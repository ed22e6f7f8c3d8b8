/** RequestBudget: what one poll of a trigger may send, on the test clock. */
import type { IPollFunctions } from 'n8n-workflow';

import { testHooks } from '../../../nodes/OutreachContact/testHooks';
import {
	OWN_POLL_BUDGET_MS,
	pollDeadline,
	RequestBudget,
	shareOf,
	shareWindow,
	STEP_WITHIN_MS,
} from '../../../nodes/OutreachContact/trigger/shared/budget';
import { MINUTE_MS } from '../../../nodes/OutreachContact/trigger/shared/serviceTime';
import { seededRandom, TestClock } from '../../../harness/testClock';

const withBudget = (ms: unknown) => ({ getPollBudgetMs: () => ms }) as unknown as IPollFunctions;

let clock: TestClock;
let restore: () => void;

beforeEach(() => {
	clock = new TestClock({ start: 1_000_000, sleep: 'still' });
	restore = testHooks.useClock(clock);
	testHooks.forgetTriggerStates();
});

afterEach(() => restore());

/** Takes until the budget says no; returns how many it gave. */
function drain(budget: RequestBudget, stepMs = 0): number {
	let n = 0;
	while (budget.take()) {
		n++;
		clock.advance(stepMs);
	}
	return n;
}

/**
 * Polls of one trigger at random gaps (up to `gapMs`), each wanting up to `wanted` requests
 * `stepMs` apart at most; the times of the requests sent.
 */
function randomPolls(
	trigger: string,
	share: number,
	o: { seed: number; polls: number; gapMs: number; wanted: number; stepMs: number },
): number[] {
	const random = seededRandom(o.seed);
	const sent: number[] = [];
	for (let poll = 0; poll < o.polls; poll++) {
		clock.advance(Math.floor(random() * o.gapMs));
		const budget = new RequestBudget(trigger, share, Infinity);
		const wanted = Math.floor(random() * o.wanted);
		for (let i = 0; i < wanted && budget.take(); i++) {
			sent.push(clock.elapsed());
			clock.advance(Math.floor(random() * o.stepMs));
		}
	}
	return sent;
}

/** The most of the (rising) times within any window of `ms`. */
function mostWithin(times: number[], ms: number): number {
	let most = 0;
	for (let i = 0, j = 0; i < times.length; i++) {
		while (times[i] - times[j] >= ms) j++;
		most = Math.max(most, i - j + 1);
	}
	return most;
}

describe('shareOf', () => {
	it('is a quarter of Requests per Minute, rounded down, at least 1', () => {
		expect(shareOf(200)).toBe(50);
		expect(shareOf(30)).toBe(7);
		expect(shareOf(3)).toBe(1);
		expect(shareOf(1)).toBe(1);
	});
});

describe('shareWindow', () => {
	it('counts a share over a minute, or over the minutes that hold a step of 2 requests', () => {
		expect(shareWindow(50)).toEqual({ requests: 50, ms: MINUTE_MS });
		expect(shareWindow(2)).toEqual({ requests: 2, ms: MINUTE_MS });
		// Requests per Minute 1 to 7: 2 requests in any 2 minutes, on average still 1 a minute.
		expect(shareWindow(1)).toEqual({ requests: 2, ms: 2 * MINUTE_MS });
		expect(shareWindow(0)).toEqual({ requests: 0, ms: MINUTE_MS });
	});
});

describe('pollDeadline', () => {
	it("is 80% of n8n's poll budget after the start", () => {
		expect(pollDeadline(withBudget(300_000), 1000)).toBe(241_000);
		expect(pollDeadline(withBudget(60_000), 0)).toBe(48_000);
	});

	it('is our own 4 minutes when n8n gives no budget (n8n 1.x) or an unusable one', () => {
		const own = 1000 + OWN_POLL_BUDGET_MS;
		expect(OWN_POLL_BUDGET_MS).toBe(4 * MINUTE_MS);
		expect(pollDeadline({} as IPollFunctions, 1000)).toBe(own);
		expect(pollDeadline(withBudget(0), 1000)).toBe(own);
		expect(pollDeadline(withBudget(-5), 1000)).toBe(own);
		expect(pollDeadline(withBudget(undefined), 1000)).toBe(own);
		expect(pollDeadline(withBudget('soon'), 1000)).toBe(own);
	});
});

describe('RequestBudget', () => {
	it('gives a poll at most its share of a minute, then stops it and says why', () => {
		const budget = new RequestBudget('wf:node', 50, Infinity);
		expect(budget.stopped).toBeUndefined();
		expect(drain(budget, 100)).toBe(50);
		expect(budget.sent).toBe(50);
		expect(budget.take()).toBe(false);
		expect(budget.stopped).toMatch(/share of the account \(50 requests a minute/);
	});

	it('counts across the polls of one trigger, not across triggers', () => {
		expect(drain(new RequestBudget('A', 50, Infinity))).toBe(50);
		clock.advance(20_000);
		// The next poll of A, 20 s later: the minute still holds A's 50 requests.
		const next = new RequestBudget('A', 50, Infinity);
		expect(next.take()).toBe(false);
		expect(next.sent).toBe(0);
		// Another trigger on the same account has its own share.
		expect(drain(new RequestBudget('B', 50, Infinity))).toBe(50);
		// A minute after A's requests, A may send again.
		clock.advance(40_000);
		expect(drain(new RequestBudget('A', 50, Infinity))).toBe(50);
	});

	it('frees each request a minute after it was sent (a sliding minute, not a fixed one)', () => {
		const a = new RequestBudget('A', 10, Infinity);
		expect(drain(a, 0)).toBe(10);
		clock.advance(MINUTE_MS - 1);
		expect(new RequestBudget('A', 10, Infinity).take()).toBe(false);
		clock.advance(1);
		expect(drain(new RequestBudget('A', 10, Infinity))).toBe(10);
	});

	it("left() counts the requests that leave the minute within the poll's waits (5 s from its start), left(ms) within ms when longer; take() still waits for them", () => {
		// A poll of a share of 2 sent one request, and another 250 ms later.
		const a = new RequestBudget('A', 2, Infinity);
		expect(drain(a, 250)).toBe(2);
		// The next poll, a minute after the first: the second is still in the minute for 250 ms.
		clock.advance(MINUTE_MS - 500);
		const next = new RequestBudget('A', 2, Infinity);
		expect(next.left()).toBe(2);
		expect(next.left(250)).toBe(2);
		// On time (a minute after the poll before): it trails the poll before's requests.
		expect(next.stepWait()).toBe(0);
		expect(next.take()).toBe(true);
		expect(next.take()).toBe(false);
		clock.advance(250);
		expect(next.take()).toBe(true);
		expect(next.left(5_000)).toBe(0);
		// Past its waits, left() counts what is free now; left(ms) what leaves within ms.
		clock.advance(MINUTE_MS - 6_000);
		const late = new RequestBudget('A', 2, Infinity);
		clock.advance(STEP_WITHIN_MS + 1);
		expect(late.left()).toBe(0);
		expect(late.left(MINUTE_MS)).toBe(2);
	});

	it("ready() waits, before a later request, for a place that frees within 5 s of the poll's start, and no longer", async () => {
		// The poll before sent two requests 400 ms apart (its first answer took that long).
		const a = new RequestBudget('A', 2, Infinity);
		expect(drain(a, 400)).toBe(2);
		// A second early: it waits for the first to leave the minute, and sends.
		clock.advance(MINUTE_MS - 1_800);
		const next = new RequestBudget('A', 2, Infinity);
		expect(next.stepWait()).toBe(1_001);
		clock.advance(1_001);
		await next.ready(); // the first request: stepWait's
		expect(clock.sleeps).toEqual([]);
		expect(next.take()).toBe(true);
		// 250 ms on, the poll before's second is still in the minute for 150 ms: take() alone stops.
		clock.advance(250);
		await next.ready();
		expect(clock.sleeps).toEqual([150]);
		clock.advance(150);
		expect(next.take()).toBe(true);
		// Its share used, the next place frees a minute later: beyond the 5 s, no wait.
		const sleeps = clock.sleeps.length;
		await next.ready();
		expect(clock.sleeps.length).toBe(sleeps);
		expect(next.take()).toBe(false);
	});

	it('ready() stops waiting when the signal aborts', async () => {
		const a = new RequestBudget('A', 2, Infinity);
		expect(drain(a, 400)).toBe(2);
		clock.advance(MINUTE_MS - 1_800);
		const controller = new AbortController();
		const next = new RequestBudget('A', 2, Infinity, controller.signal);
		clock.advance(next.stepWait());
		expect(next.take()).toBe(true);
		clock.advance(250);
		controller.abort();
		await expect(next.ready()).rejects.toThrow('The execution was stopped');
	});

	it('never lets a trigger pass its share in any sliding minute, over polls at random times', () => {
		const sent = randomPolls('busy', 50, {
			seed: 7,
			polls: 200,
			gapMs: 40_000,
			wanted: 80,
			stepMs: 500,
		});
		expect(mostWithin(sent, MINUTE_MS)).toBe(50); // the share is reached, never passed
	});

	it("stops at the deadline (80% of n8n's poll budget) and says so", () => {
		const start = clock.elapsed();
		const budget = new RequestBudget('slow', 1000, pollDeadline(withBudget(300_000), start));
		// One request every 6 s: the deadline at 240 s comes before the share of the minute.
		const given = drain(budget, 6_000);
		expect(given).toBe(41); // at 0, 6, ..., 240 s
		expect(clock.elapsed() - start).toBeGreaterThan(240_000);
		expect(budget.stopped).toMatch(/80% of n8n's poll budget after 41 requests/);
	});

	it('stops at our own 4 minutes when n8n gives no poll budget', () => {
		const start = clock.elapsed();
		const budget = new RequestBudget('old n8n', 1000, pollDeadline({} as IPollFunctions, start));
		clock.advance(4 * MINUTE_MS);
		expect(budget.take()).toBe(true);
		clock.advance(1);
		expect(budget.take()).toBe(false);
	});

	it('keeps the first reason a poll stopped, and a refused take() uses none of the share', () => {
		const budget = new RequestBudget('C', 2, clock.elapsed() + 10_000);
		expect(drain(budget)).toBe(2);
		const reason = budget.stopped;
		clock.advance(20_000);
		expect(budget.take()).toBe(false);
		expect(budget.stopped).toBe(reason);
		expect(budget.sent).toBe(2);
	});

	it("forgets the oldest trigger's requests once it remembers 1,000 others", () => {
		expect(drain(new RequestBudget('first', 1, Infinity))).toBe(2);
		for (let i = 0; i < 999; i++) new RequestBudget(`other ${i}`, 1, Infinity);
		expect(new RequestBudget('first', 1, Infinity).take()).toBe(false); // still remembered
		for (let i = 0; i < 1000; i++) new RequestBudget(`more ${i}`, 1, Infinity);
		expect(new RequestBudget('first', 1, Infinity).take()).toBe(true); // forgotten
	});

	it('forgets every trigger on a restart (testHooks.forgetTriggerStates)', () => {
		expect(drain(new RequestBudget('D', 3, Infinity))).toBe(3);
		testHooks.forgetTriggerStates();
		expect(drain(new RequestBudget('D', 3, Infinity))).toBe(3);
	});

	it('a share of 1: a poll sends a step of 2, and a poll that would have 1 holds back, so the next has 2', () => {
		const first = new RequestBudget('small', 1, Infinity);
		expect(drain(first, 250)).toBe(2);
		expect(first.stopped).toMatch(/2 requests in 2 minutes/);
		expect(first.held).toBe(false);
		// A minute later both are in the 2 minutes: nothing, and the poll says it held back.
		clock.advance(MINUTE_MS);
		const next = new RequestBudget('small', 1, Infinity);
		expect(next.stepWait()).toBe(0);
		expect(next.take()).toBe(false);
		expect(next.held).toBe(true);
		expect(next.stopped).toMatch(/holds back/);
		// Just before 2 minutes after the first: both leave within a second: the poll waits for
		// them (at most STEP_WITHIN_MS), then has a whole step.
		clock.advance(MINUTE_MS - 600);
		const third = new RequestBudget('small', 1, Infinity);
		const wait = third.stepWait();
		expect(wait).toBeGreaterThan(0);
		expect(wait).toBeLessThanOrEqual(STEP_WITHIN_MS);
		clock.advance(wait);
		expect(third.take()).toBe(true);
		expect(third.take()).toBe(true);
		expect(third.held).toBe(false);
	});

	it('a share of 1: polls about a minute apart send a whole step or nothing, every second or third poll (polls jitter, answers take 0.1 to 3 s)', () => {
		const random = seededRandom(9);
		const sent: number[] = [];
		let at = clock.elapsed();
		for (let poll = 0; poll < 400; poll++) {
			const budget = new RequestBudget('minutely', 1, Infinity);
			// As pollRunner does: wait for the poll before's last request to leave, then read.
			clock.advance(budget.stepWait());
			let n = 0;
			while (budget.take()) {
				n++;
				clock.advance(100 + Math.floor(random() * 2_900));
			}
			// A poll that sends nothing held back: it says so, and reads nothing.
			if (n === 0) expect(budget.held).toBe(true);
			sent.push(n);
			at += MINUTE_MS + Math.floor(random() * 11) - 5;
			clock.advance(Math.max(0, at - clock.elapsed()));
		}
		// Without the wait, 1-request steps and polls refused without holding back came; without
		// holding back, one request a poll for good.
		expect(sent.filter((n) => n !== 0 && n !== 2)).toEqual([]);
		expect(sent.join(',')).not.toMatch(/0,0,0/);
		expect(sent.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(0.8 * 400);
	});

	it('a share of 2, polls 30 s apart: a poll with one request left holds back, so the next has a whole step', () => {
		const first = new RequestBudget('two', 2, Infinity);
		expect(first.take()).toBe(true);
		clock.advance(MINUTE_MS / 2);
		// The poll before sent its second request 30 s after its first (a slow answer).
		expect(first.take()).toBe(true);
		const late = new RequestBudget('two', 2, Infinity);
		clock.advance(MINUTE_MS / 2);
		// One left (the first request left the minute), and the second leaves only in 30 s.
		expect(late.left()).toBe(1);
		expect(late.stepWait()).toBe(0);
		expect(late.take()).toBe(false);
		expect(late.held).toBe(true);
		expect(late.stopped).toMatch(/holds back: its share of the account \(2 requests a minute/);
		clock.advance(MINUTE_MS / 2);
		expect(drain(new RequestBudget('two', 2, Infinity))).toBe(2);
	});

	// Polls faster than a minute (n8n's custom cron has seconds): before, a share of 2 with polls
	// 30 s apart sent one request a poll for good, and an import never came.
	it.each([
		[1, 60_000],
		[2, 30_000],
		[2, 20_000],
		[3, 20_000],
		[5, 15_000],
		[20, 4_000],
	])(
		'a share of %d, polls %d ms apart: each sends a whole step or nothing, and the share is used',
		(share, gap) => {
			const random = seededRandom(share * 1000 + gap);
			const sent: number[] = [];
			const times: number[] = [];
			const begin = clock.elapsed();
			let at = clock.elapsed();
			for (let poll = 0; poll < 400; poll++) {
				const budget = new RequestBudget(`every ${gap}`, share, Infinity);
				clock.advance(budget.stepWait());
				let n = 0;
				while (n < 2 + Math.floor(random() * Math.min(share, 4)) && budget.take()) {
					times.push(clock.elapsed());
					n++;
					clock.advance(100 + Math.floor(random() * 400));
				}
				// Nothing sent: it held back, or, on time, found the share used.
				if (n === 0) expect(budget.stopped).toMatch(/holds back|reached its share/);
				sent.push(n);
				at += gap + Math.floor(random() * 11) - 5;
				clock.advance(Math.max(0, at - clock.elapsed()));
			}
			expect(sent.filter((n) => n === 1)).toEqual([]);
			// Never past the share, and at least 80% of it over the 400 polls.
			const window = shareWindow(share);
			expect(mostWithin(times, window.ms)).toBeLessThanOrEqual(window.requests);
			const allowed = (share * (clock.elapsed() - begin)) / MINUTE_MS;
			expect(times.length).toBeGreaterThanOrEqual(0.8 * allowed);
		},
	);

	// Made to wait for a whole step, polls on time started a little later each time (the poll
	// before's second request leaves later), and every 20th held back: contacts waiting for their
	// snippets came an hour late (triggerSnippets.test.ts, a share of 3).
	it('a share of 3, polls a minute apart (on time): none holds back or waits, each sends its 3', () => {
		const sent: number[] = [];
		for (let poll = 0; poll < 100; poll++) {
			const start = clock.elapsed();
			const budget = new RequestBudget('on time', 3, Infinity);
			expect(budget.stepWait()).toBe(0);
			let n = 0;
			while (n < 3 && budget.take()) {
				n++;
				clock.advance(250);
			}
			sent.push(n);
			clock.advance(start + MINUTE_MS - clock.elapsed());
		}
		expect(sent.filter((n) => n !== 3)).toEqual([]);
	});

	it('never lets a share of 1 pass 2 requests in any 2 minutes, over polls at random times', () => {
		const sent = randomPolls('random', 1, {
			seed: 11,
			polls: 300,
			gapMs: 90_000,
			wanted: 4,
			stepMs: 3_000,
		});
		expect(mostWithin(sent, 2 * MINUTE_MS)).toBe(2);
	});
});
