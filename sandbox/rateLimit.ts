// Sliding-window rate limiter: at most `limit` accepted requests per key in any window of
// `windowMs` (60 s, as the service, unless told otherwise).

export const WINDOW_MS = 60_000;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class SlidingWindowLimiter {
	/** Accepted request times per key, oldest first. */
	private readonly accepted = new Map<string, number[]>();

	/** `limit` <= 0 or Infinity disables limiting. */
	constructor(
		public limit: number,
		private readonly now: () => number = Date.now,
		public windowMs = WINDOW_MS,
	) {}

	/** Records the request when allowed; a rejected request takes no slot. */
	tryAcquire(key: string): RateDecision {
		if (!(this.limit > 0) || this.limit === Infinity) return { allowed: true };
		const now = this.now();
		const times = (this.accepted.get(key) ?? []).filter((t) => t > now - this.windowMs);
		this.accepted.set(key, times);
		if (times.length < this.limit) {
			times.push(now);
			return { allowed: true };
		}
		// The slot frees when the oldest request that keeps the window full leaves it.
		const freesAt = (times[times.length - this.limit] as number) + this.windowMs;
		return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now) / 1000)) };
	}

	reset(): void {
		this.accepted.clear();
	}
}
