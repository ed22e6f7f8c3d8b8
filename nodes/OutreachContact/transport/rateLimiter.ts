import type { Clock } from '../helpers/clock';

/**
 * Pacing of one account in one process (README "Scaling out"). The service accepts `limit`
 * requests in any sliding minute and rejects the excess with 429 (a rejected request takes no
 * slot). Other n8n processes (queue-mode workers) and other tools may share the account unseen,
 * so each process keeps a budget: at most `budget` sends in any window of WINDOW_MS, and learns
 * its share from the service's answers:
 * - Alone, the budget is the limit: a burst of `limit` at once, then as the window frees.
 * - A 429 means others use the account: every caller pauses until Retry-After and the budget is
 *   cut to CUT_FACTOR of itself, never below MIN_SHARE of the limit. One cut per episode: 429s
 *   for requests sent before the cut answer the same crowding.
 * - Room is found by probing: a process that its budget holds back for longer than
 *   2 × PROBE_GAP_MS sends one request beyond it (a probe) PROBE_GAP_MS after its last send, once
 *   the crowd of its window's opening has passed. Accepted, the budget grows by that request and
 *   the next probe leaves at once, so a share others leave (a process that finished) is taken
 *   within seconds, not windows, and exactly: no overshoot that others would pay for. A 429 cuts
 *   nothing, and the next probe waits for the next slot of the process's own window, so a full
 *   account costs about one 429 per process and window.
 * Requests in flight follow the latency (the lowest answer time of the last window but the
 * process's first, so that warm-up and waiting for a busy CPU do not count): enough to send a
 * whole budget in BURST_MS,
 * between MIN_IN_FLIGHT and MAX_IN_FLIGHT, and MIN_IN_FLIGHT for CALM_WINDOWS after a cut. A
 * crowded account then answers about one 429 per process and crowded window; the first crowded
 * moment costs what each process had in flight (one with fast answers, up to 24 at 600 ms).
 * Measured in test/unit/transport/sharing.test.ts.
 */

/** The service's minute plus a margin for clock and network jitter between us and it. */
export const WINDOW_MS = 61_000;

const MIN_SHARE = 0.05;

const CUT_FACTOR = 0.7;

const BURST_MS = 5_000;

const MIN_IN_FLIGHT = 1;

/** Windows after a cut during which only MIN_IN_FLIGHT requests are in flight. */
const CALM_WINDOWS = 3;

const MAX_IN_FLIGHT = 25;

/** A probe leaves this long after the last send (see above). */
const PROBE_GAP_MS = BURST_MS;

/** A request that left: hand it back to `settle` when its answer (or failure) comes. */
export interface Send {
	readonly at: number;
	/** Sent beyond the budget, to learn whether the account has room. */
	readonly probe?: boolean;
}

export class RateLimiter {
	/** Send times of the requests in the window that the service did not reject, oldest first. */
	private readonly sent: number[] = [];

	private budget: number;

	private pausedUntil = 0;

	private lastCutAt = -Infinity;

	private inFlight = 0;

	/**
	 * Answer times of the last window, newest last. The lowest is what the service takes; above it
	 * is time spent waiting in this process (a busy CPU), which more requests in flight would only
	 * lengthen: counting it made the requests in flight, and the 429s of a crowded moment, grow.
	 */
	private readonly samples: Array<{ at: number; ms: number }> = [];

	private answered = 0;

	private lastSentAt = -Infinity;

	/** No probe before this time; `probing` while one is out; `chain` after one was accepted. */
	private probeAfter = 0;

	private probing = false;

	private chain = false;

	private wake: (() => void) | undefined;

	private queue: Promise<unknown> = Promise.resolve();

	constructor(
		private limit: number,
		private readonly clock: () => Clock,
	) {
		this.limit = Math.max(1, limit);
		this.budget = this.limit;
	}

	setLimit(perMinute: number): void {
		const limit = Math.max(1, perMinute);
		if (limit === this.limit) return;
		this.budget = this.budget >= this.limit ? limit : Math.min(this.budget, limit);
		this.limit = limit;
	}

	/** Resolves when the caller may send one request; callers are served in arrival order. */
	async acquire(): Promise<Send> {
		const turn = this.queue.then(async () => await this.waitForSlot());
		// Keep the queue alive whatever happens to this caller.
		this.queue = turn.catch(() => undefined);
		return await turn;
	}

	/** Holds every caller until the given time (epoch ms). */
	pause(untilMs: number): void {
		this.pausedUntil = Math.max(this.pausedUntil, untilMs);
	}

	/** The answer to `send` came (or the request failed); `rateLimited` when it was a 429. */
	settle(send: Send, rateLimited: boolean): void {
		const now = this.clock().now();
		this.inFlight = Math.max(0, this.inFlight - 1);
		// The first answer also carries the process's warm-up (code loading, the first connection).
		if (this.answered++ > 0) this.samples.push({ at: now, ms: now - send.at });
		while (this.samples.length > 0 && this.samples[0].at <= now - WINDOW_MS) this.samples.shift();
		if (rateLimited) {
			const index = this.sent.lastIndexOf(send.at);
			if (index >= 0) this.sent.splice(index, 1);
		}
		if (send.probe) {
			this.probing = false;
			this.chain = !rateLimited;
			if (!rateLimited) {
				this.budget = Math.min(this.limit, Math.max(this.budget, this.sent.length));
			} else {
				this.prune(now);
				this.probeAfter = this.sent.length >= this.budget ? this.sent[this.sent.length - this.budget] + WINDOW_MS : now;
			}
		} else if (rateLimited && send.at > this.lastCutAt) {
			this.cut(now);
		}
		const wake = this.wake;
		this.wake = undefined;
		wake?.();
	}

	private cut(now: number): void {
		this.budget = Math.max(Math.ceil(this.limit * MIN_SHARE), Math.floor(this.budget * CUT_FACTOR));
		this.lastCutAt = now;
		this.chain = false;
	}

	private maxInFlight(now: number): number {
		// A crowded account answers every request in flight at a crowded moment with 429: one at
		// a time while crowding is recent. Alone, as many as the latency needs.
		if (now - this.lastCutAt < CALM_WINDOWS * WINDOW_MS) return MIN_IN_FLIGHT;
		const latency = this.samples.reduce((least, sample) => Math.min(least, sample.ms), Infinity);
		const wanted = this.samples.length === 0 ? 0 : Math.ceil((latency * this.budget) / BURST_MS);
		return Math.min(MAX_IN_FLIGHT, Math.max(MIN_IN_FLIGHT, wanted));
	}

	private prune(now: number): void {
		while (this.sent.length > 0 && this.sent[0] <= now - WINDOW_MS) this.sent.shift();
	}

	private async waitForSlot(): Promise<Send> {
		const clock = this.clock();
		for (;;) {
			const now = clock.now();
			this.prune(now);
			let at = Math.max(now, this.pausedUntil);
			let probe = false;
			if (this.sent.length >= this.budget) {
				const frees = this.sent[this.sent.length - this.budget] + WINDOW_MS;
				const probeAt = this.chain ? now : Math.max(this.probeAfter, this.lastSentAt + PROBE_GAP_MS);
				probe = this.budget < this.limit && probeAt + PROBE_GAP_MS < frees;
				at = Math.max(at, probe ? probeAt : frees);
			}
			if (this.probing) {
				await new Promise<void>((resolve) => (this.wake = resolve));
			} else if (at > now) {
				await clock.sleep(Math.max(1, at - now));
			} else if (this.inFlight >= this.maxInFlight(now)) {
				await new Promise<void>((resolve) => (this.wake = resolve));
			} else {
				this.sent.push(now);
				this.inFlight++;
				this.lastSentAt = now;
				this.probing = probe;
				return probe ? { at: now, probe } : { at: now };
			}
		}
	}
}

const limiters = new Map<string, RateLimiter>();

/** One limiter per account (Base URL and key fingerprint), shared by every execution of the process. */
export function limiterFor(accountKey: string, perMinute: number, clock: () => Clock): RateLimiter {
	let limiter = limiters.get(accountKey);
	if (!limiter) {
		limiter = new RateLimiter(perMinute, clock);
		limiters.set(accountKey, limiter);
	} else {
		limiter.setLimit(perMinute);
	}
	return limiter;
}

/** Forgets every limiter (see testHooks). */
export function resetLimiters(): void {
	limiters.clear();
}
