import {
	BURST_MS,
	CALM_WINDOWS,
	MAX_IN_FLIGHT,
	MIN_IN_FLIGHT,
	UNWAITED_RATIO,
	WAITED_RATIO,
	WINDOW_MS,
} from './rules';

/**
 * How many requests may be in flight at once (docs/pacing.md, rule 5): enough to send a whole
 * budget in BURST_MS at the service's answer time, between MIN_IN_FLIGHT and MAX_IN_FLIGHT,
 * fewer while answers show requests waiting, and MIN_IN_FLIGHT while crowding is recent.
 */
export class InFlightGate {
	private inFlight = 0;

	/** The most in flight while answers show requests waiting; Infinity when they do not. */
	private waitCap = Infinity;

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

	/** A request left the process without reaching the service: no answer time to learn from. */
	abandoned(): void {
		this.inFlight = Math.max(0, this.inFlight - 1);
	}

	/** A request sent at `sentAt` was answered (or failed) at `now`. */
	finished(sentAt: number, now: number): void {
		const out = this.inFlight;
		this.inFlight = Math.max(0, out - 1);
		// The first answer also carries the process's warm-up (code loading, the first connection):
		// it is no sample, and nothing is known before it.
		if (this.answered++ === 0) return;
		this.samples.push({ at: now, ms: now - sentAt });
		this.prune(now);
		this.knownMs = this.lowest();
		this.followWaiting(out, now - sentAt);
	}

	/**
	 * With `out` requests in flight, an answer after `ms` against the lowest time `least` says
	 * that about out * (1 - least / ms) of them wait rather than travel: on a busy machine the
	 * process's own event loop serves them one after the other. More in flight then goes no
	 * faster, it only takes longer, and every request in flight at a crowded moment is refused.
	 * So: at WAITED_RATIO times the lowest and more than one waiting, one fewer in flight; below
	 * UNWAITED_RATIO times, one more, until the answer time alone decides again. Answers at a
	 * steady service time (a slow network) never reach WAITED_RATIO and leave it alone.
	 */
	private followWaiting(out: number, ms: number): void {
		const least = this.knownMs;
		if (least === undefined || least <= 0) return;
		const waiting = out * (1 - least / Math.max(ms, least));
		if (ms >= WAITED_RATIO * least && waiting > 1) {
			this.waitCap = Math.max(MIN_IN_FLIGHT, Math.min(this.waitCap, out) - 1);
		} else if (ms < UNWAITED_RATIO * least && Number.isFinite(this.waitCap)) {
			this.waitCap = this.waitCap + 1 > MAX_IN_FLIGHT ? Infinity : this.waitCap + 1;
		}
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
		return Math.min(MAX_IN_FLIGHT, Math.max(MIN_IN_FLIGHT, wanted), this.waitCap);
	}
}
