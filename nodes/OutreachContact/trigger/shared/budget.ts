import type { IPollFunctions } from 'n8n-workflow';

import { getClock, type Clock } from '../../helpers/clock';
import { MINUTE_MS } from './serviceTime';
import { memoryOf, type TriggerMemory } from './triggerMemory';

/**
 * The trigger leaves the account to the actions: in any minute, the requests of one trigger
 * (workflow and node) stay within a quarter of the credential's Requests per Minute (50 at 200),
 * whatever it has to read. A poll that reaches that share, or 80% of n8n's poll budget, stops
 * reading, emits what it has proved new and saves where it stopped; the next poll goes on from
 * there (docs/trigger.md, "What a poll may send").
 */
export const TRIGGER_SHARE = 0.25;

/** Share of n8n's poll budget (n8n 2.x: 5 minutes) a poll may spend reading; the rest is margin. */
export const BUDGET_SHARE = 0.8;

/** n8n 1.x gives a poll no budget: a poll reads for at most this long there. */
export const OWN_POLL_BUDGET_MS = 4 * MINUTE_MS;

/**
 * The fewest requests one step of a read needs in one poll: a page and the next (the range of an
 * import and the page that joins it, newest first), or the new end and its rolling check.
 */
export const STEP_REQUESTS = 2;

/**
 * The sliding window a share is counted over: a minute, or, for a share smaller than a step (1
 * request a minute, Requests per Minute 1 to 7), as many minutes as hold a step. A share of 1 is
 * then 2 requests in any 2 minutes: a poll can send a step, and the next poll within those 2
 * minutes sends nothing (docs/trigger.md, "What a poll may send").
 */
export function shareWindow(share: number): { requests: number; ms: number } {
	const minutes = share > 0 ? Math.max(1, Math.ceil(STEP_REQUESTS / share)) : 1;
	return { requests: share * minutes, ms: minutes * MINUTE_MS };
}

/**
 * The longest a poll waits, from its start, for the poll before's requests to leave the share's
 * window: before its first request (`stepWait`) and before each later one (`ready`). Polls a
 * minute apart meet the poll before's second request still in the window for as long as its
 * first took to answer, and polls up to a second early for that second more.
 */
export const STEP_WITHIN_MS = 5_000;

/** A poll this share of a step's time after the poll before, or later, is on time (`stepOrNothing`). */
const ON_TIME = 0.9;

/** The requests one trigger may send in any minute: a quarter of the Requests per Minute, at least 1. */
export function shareOf(requestsPerMinute: number): number {
	return Math.max(1, Math.floor(requestsPerMinute * TRIGGER_SHARE));
}

/** When a poll stops reading, on the monotonic clock: 80% of n8n's poll budget, or our own. */
export function pollDeadline(ctx: IPollFunctions, start: number): number {
	const budget = typeof ctx.getPollBudgetMs === 'function' ? Number(ctx.getPollBudgetMs()) : NaN;
	const ms = Number.isFinite(budget) && budget > 0 ? budget : OWN_POLL_BUDGET_MS / BUDGET_SHARE;
	return start + ms * BUDGET_SHARE;
}

/**
 * What one poll may still send. `take()` before every request: false means stop reading now
 * (the poll finishes with what it read). `take()` never waits: a poll that has used its share
 * ends, and the next one goes on. The waits are `stepWait`, before the first request, and
 * `ready`, before each later one; together at most STEP_WITHIN_MS from the poll's start.
 */
export class RequestBudget {
	private readonly times: number[];

	private readonly memory: TriggerMemory;

	private readonly window: { requests: number; ms: number };

	/**
	 * Whether this poll must send a whole step or nothing (else it may find one request left, and
	 * polls that each sent one never read a step): always for a share smaller than a step; for a
	 * larger one when the poll comes sooner after the poll before than the share holds a step (a
	 * minute at a share of 2, 40 s at 3); a poll up to a tenth of that early counts as on time.
	 * Polls on time find a step left, or trail the poll before's requests as they leave the window;
	 * made to wait for a step, they started later each poll and every 20th held back (a share of
	 * 3, polls a minute apart).
	 */
	private readonly stepOrNothing: boolean;

	/** Why the poll stopped reading early, for the log; undefined while it may go on. */
	stopped: string | undefined;

	sent = 0;

	/** True when the poll held back (less than a step left): it read nothing, and a later poll reads. */
	held = false;

	/** When the poll began (monotonic): its waits end STEP_WITHIN_MS later. */
	private readonly started: number;

	constructor(
		trigger: string,
		share: number,
		private readonly deadline: number,
		/** n8n's cancel signal, where the context has one (polls have none: `ready` then ends within STEP_WITHIN_MS of the start). */
		private readonly signal?: Parameters<Clock['sleep']>[1],
	) {
		this.window = shareWindow(share);
		this.memory = memoryOf(trigger);
		this.times = this.memory.times;
		const now = getClock().elapsed();
		const { requests, ms } = this.window;
		const last = this.memory.lastPoll;
		const stepMs = requests > 0 ? (ms * STEP_REQUESTS) / requests : Infinity;
		this.stepOrNothing = ms > MINUTE_MS || (last !== undefined && now - last < stepMs * ON_TIME);
		this.memory.lastPoll = now;
		this.started = now;
	}

	/**
	 * How many requests the poll may still send (0 past its deadline): requests that leave the
	 * share's window within the poll's waits (`ready`), or within `withinMs` when longer, count as
	 * left. Polls a minute apart meet the last requests of the poll before still in the minute, for
	 * as long as those took to answer; counted now, a share of 2 looked like 1 at every poll.
	 */
	left(withinMs = 0): number {
		const now = this.forgetOld();
		if (now > this.deadline) return 0;
		const within = Math.max(withinMs, this.waitsUntil() - now);
		const staying = this.times.filter((t) => t > now + within - this.window.ms).length;
		return Math.max(0, this.window.requests - staying);
	}

	take(): boolean {
		const now = this.forgetOld();
		if (now > this.deadline) {
			this.stopped ??= `the poll reached 80% of n8n's poll budget after ${this.sent} requests`;
			return false;
		}
		const { requests } = this.window;
		// A poll that could send only part of a step sends nothing, so that the next has a whole
		// step: else polls a minute apart on a share of 1, or 30 s apart on a share of 2, sent one
		// request each for good, and the range of an import (two pages read in one poll) never came.
		if (this.stepOrNothing && this.sent === 0 && this.left() < STEP_REQUESTS) {
			this.held = true;
			this.stopped ??= `the trigger holds back: its share of the account (${this.perWindow()}) leaves this poll less than the ${STEP_REQUESTS} requests a step of its read needs, and a later poll gets them`;
			return false;
		}
		if (this.times.length >= requests) {
			this.stopped ??= `the trigger reached its share of the account (${this.perWindow()})`;
			return false;
		}
		this.times.push(now);
		this.sent++;
		return true;
	}

	/**
	 * How long to wait before the first request: up to STEP_WITHIN_MS for the poll before's
	 * requests to leave the window, so that a poll that must send a whole step has it, and a poll on
	 * time has at least one (it then trails the poll before's requests as they leave). 0 when none
	 * is needed, or when they leave later (a whole-step poll then holds back). Polls on time wait
	 * for one request only: waiting for a step, each started a little later than the poll before,
	 * and every 20th held back (a share of 3, polls a minute apart); not waiting, polls a few
	 * milliseconds early found the poll before's requests still in the minute, sent nothing, and a
	 * quiet account was said to fall behind (a share of 2, polls a minute apart, helper-13).
	 */
	stepWait(): number {
		const now = this.forgetOld();
		const { requests, ms } = this.window;
		if (this.sent > 0) return 0;
		const needed = this.stepOrNothing ? STEP_REQUESTS : 1;
		const leaving = this.times.length - (requests - needed);
		if (leaving <= 0) return 0;
		const wait = this.times[leaving - 1] + ms - now + 1;
		return wait <= STEP_WITHIN_MS ? wait : 0;
	}

	/**
	 * Waits, before each request after the first, for a place in the share's window that frees
	 * before the poll's waits end (STEP_WITHIN_MS from its start); `take()` then finds it. A poll up
	 * to a second early sent its first request (at once, or as the poll before's first left), and
	 * its second met a request of the poll before still in the minute for a fraction of a second
	 * more; `take()` does not wait, so it stopped after one, and the log said the trigger fell
	 * behind (a share of 2, polls a minute apart, 1 s early or late: 9 of 121 polls, helper-13).
	 * Each request waits only for the one of the poll before in its place, so polls do not start
	 * later each time, as they did made to wait for a whole step before the first.
	 */
	async ready(): Promise<void> {
		const now = this.forgetOld();
		const { requests, ms } = this.window;
		if (this.sent === 0 || this.times.length < requests) return;
		const wait = this.times[0] + ms - now + 1;
		if (now + wait <= this.waitsUntil()) await getClock().sleep(wait, this.signal);
	}

	/**
	 * Takes the walk's turn (a change of the trigger's memory, so once a poll): true at every other
	 * poll, counting only polls left 2 requests (below). An eligible event's new
	 * end leaves the walk a request at such a poll (eligibleWalk.ts): on a share of 2, pages of
	 * contacts waiting for snippets took every request for 2 hours and the walk stood still; left a
	 * request at every poll, the new end read 2 pages instead of 3 on a share of 3, and contacts
	 * beyond them came an hour late (helper-9). Only a poll left 2 requests takes a turn: polls 15
	 * seconds apart on a share of 2 could read at one poll in 4, never the walk's (survey 280000).
	 */
	takeWalkTurn(): boolean {
		if (this.left() < 2) return false;
		this.memory.walkTurn = !this.memory.walkTurn;
		return this.memory.walkTurn;
	}

	/** Where the new end's read goes on at this poll (TriggerMemory.newEndRead), if anywhere. */
	get newEndRead(): TriggerMemory['newEndRead'] {
		return this.memory.newEndRead;
	}

	set newEndRead(place: TriggerMemory['newEndRead']) {
		this.memory.newEndRead = place;
	}

	/** The share as the log says it: over a minute, or over the minutes that hold a step. */
	private perWindow(): string {
		const { requests, ms } = this.window;
		return ms === MINUTE_MS
			? `${requests} requests a minute, a quarter of Requests per Minute`
			: `${requests} requests in ${ms / MINUTE_MS} minutes: a quarter of Requests per Minute is less than a step of ${STEP_REQUESTS}`;
	}

	/** When the poll's waits end (monotonic): STEP_WITHIN_MS after its start, or its deadline. */
	private waitsUntil(): number {
		return Math.min(this.started + STEP_WITHIN_MS, this.deadline);
	}

	/** Drops the request times older than the share's window (they are in rising order); returns now. */
	private forgetOld(): number {
		const now = getClock().elapsed();
		while (this.times.length > 0 && this.times[0] <= now - this.window.ms) this.times.shift();
		return now;
	}
}
