import type { Clock } from '../helpers/clock';

/**
 * The service allows N requests per minute. The sliding window is a little longer than a
 * minute so that network jitter between our send time and the service's receive time
 * cannot push request N+1 into the service's window.
 */
const WINDOW_MS = 61_000;

/** Requests that may leave at once before even pacing starts: small runs stay instant. */
const BURST = 10;

/**
 * Client-side pacing for one account. Callers are served one at a time, in arrival order,
 * so concurrent callers cannot both take the last free slot. `pause` (after a 429) holds
 * back every caller, including the ones already waiting.
 */
export class RateLimiter {
	private readonly sent: number[] = [];

	private tokens = BURST;

	private lastRefill: number | undefined;

	private pausedUntil = 0;

	private queue: Promise<void> = Promise.resolve();

	constructor(
		private perMinute: number,
		private readonly clock: () => Clock,
	) {}

	setLimit(perMinute: number): void {
		this.perMinute = Math.max(1, perMinute);
	}

	/** Resolves when the caller may send one request. */
	async acquire(): Promise<void> {
		const turn = this.queue.then(async () => await this.waitForSlot());
		// Keep the queue alive whatever happens to this caller.
		this.queue = turn.catch(() => undefined);
		return await turn;
	}

	/** Holds every caller until the given time (epoch ms). */
	pause(untilMs: number): void {
		this.pausedUntil = Math.max(this.pausedUntil, untilMs);
	}

	private async waitForSlot(): Promise<void> {
		const clock = this.clock();
		for (;;) {
			const now = clock.now();
			const at = this.earliestSlot(now);
			if (at <= now) {
				this.take(now);
				return;
			}
			await clock.sleep(at - now);
		}
	}

	private earliestSlot(now: number): number {
		while (this.sent.length > 0 && this.sent[0] <= now - WINDOW_MS) this.sent.shift();
		this.refill(now);
		const msPerToken = 60_000 / this.perMinute;
		let at = Math.max(now, this.pausedUntil);
		if (this.tokens < 1) at = Math.max(at, now + (1 - this.tokens) * msPerToken);
		if (this.sent.length >= this.perMinute) {
			at = Math.max(at, this.sent[this.sent.length - this.perMinute] + WINDOW_MS);
		}
		return at;
	}

	private refill(now: number): void {
		if (this.lastRefill !== undefined && now > this.lastRefill) {
			const msPerToken = 60_000 / this.perMinute;
			this.tokens = Math.min(BURST, this.tokens + (now - this.lastRefill) / msPerToken);
		}
		this.lastRefill = now;
	}

	private take(now: number): void {
		this.tokens -= 1;
		this.sent.push(now);
	}
}

const limiters = new Map<string, RateLimiter>();

/** One limiter per account (Base URL and key fingerprint), shared by every execution. */
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
