import { BURST_MS, CALM_WINDOWS, MAX_IN_FLIGHT, MIN_IN_FLIGHT, WINDOW_MS } from './rules';

/**
 * How many requests may be in flight at once (docs/pacing.md, rule 5): enough to send a whole
 * budget in BURST_MS at the service's answer time, between MIN_IN_FLIGHT and MAX_IN_FLIGHT, and
 * MIN_IN_FLIGHT while crowding is recent.
 */
export class InFlightGate {
	private inFlight = 0;

	/**
	 * Answer times of the last window, newest last. The lowest is what the service takes; above it
	 * is time spent waiting in this process (a busy CPU), which more requests in flight would only
	 * lengthen.
	 */
	private readonly samples: Array<{ at: number; ms: number }> = [];

	private answered = 0;

	/**
	 * The lowest answer time of the last window that had answers: a process quiet for a window
	 * (between two executions, or polls) opens the next one at the speed it knew, not one at a time.
	 */
	private knownMs: number | undefined;

	/** Whether one more request may leave now, for a process with `budget` and its last cut at `lastCutAt`. */
	allows(now: number, budget: number, lastCutAt: number): boolean {
		return this.inFlight < this.most(now, budget, lastCutAt);
	}

	started(): void {
		this.inFlight++;
	}

	/** A request sent at `sentAt` was answered (or failed) at `now`. */
	finished(sentAt: number, now: number): void {
		this.inFlight = Math.max(0, this.inFlight - 1);
		// The first answer also carries the process's warm-up (code loading, the first connection).
		if (this.answered++ > 0) this.samples.push({ at: now, ms: now - sentAt });
		this.prune(now);
		if (this.samples.length > 0) this.knownMs = this.lowest();
	}

	private prune(now: number): void {
		while (this.samples.length > 0 && this.samples[0].at <= now - WINDOW_MS) this.samples.shift();
	}

	/** The lowest answer time of the last window, or the one known before it if it had none. */
	private lowest(): number | undefined {
		if (this.samples.length === 0) return this.knownMs;
		return this.samples.reduce((least, sample) => Math.min(least, sample.ms), Infinity);
	}

	private most(now: number, budget: number, lastCutAt: number): number {
		// A crowded account answers every request in flight at a crowded moment with 429.
		if (now - lastCutAt < CALM_WINDOWS * WINDOW_MS) return MIN_IN_FLIGHT;
		this.prune(now);
		const latency = this.lowest();
		const wanted = latency === undefined ? 0 : Math.ceil((latency * budget) / BURST_MS);
		return Math.min(MAX_IN_FLIGHT, Math.max(MIN_IN_FLIGHT, wanted));
	}
}
