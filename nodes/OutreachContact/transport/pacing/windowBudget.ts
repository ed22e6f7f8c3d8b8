import { CUT_FACTOR, MIN_SHARE, PROBE_GAP_MS, WINDOW_MS } from './rules';

/** A request that left: hand it back to the pacer when its answer (or failure) comes. */
export interface Send {
	readonly at: number;
	/** Sent beyond the budget, to learn whether the account has room (rule 4). */
	readonly probe?: boolean;
}

/**
 * The window budget of one process (docs/pacing.md, rules 1 to 4): at most `budget` accepted
 * sends in any WINDOW_MS, the budget cut on a 429 and grown by probes.
 */
export class WindowBudget {
	/** Send times of the requests in the window that the service did not reject, oldest first. */
	private readonly sent: number[] = [];

	budget: number;

	/** When the budget was last cut: crowding is recent for CALM_WINDOWS after it (rule 5). */
	lastCutAt = -Infinity;

	/** No probe before this time; `probing` while one is out; `chain` after one was accepted. */
	private probeAfter = 0;

	probing = false;

	private chain = false;

	constructor(private limit: number) {
		this.limit = Math.max(1, limit);
		this.budget = this.limit;
	}

	/** Rule 2: a new limit; a process at the old limit goes to the new one. */
	setLimit(perMinute: number): void {
		const limit = Math.max(1, perMinute);
		if (limit === this.limit) return;
		this.budget = this.budget >= this.limit ? limit : Math.min(this.budget, limit);
		this.limit = limit;
	}

	/** When the next request may leave (rule 1), and whether it is a probe (rule 4). */
	nextSend(now: number, lastSentAt: number): { at: number; probe: boolean } {
		this.prune(now);
		if (this.sent.length < this.budget) return { at: now, probe: false };
		const frees = this.sent[this.sent.length - this.budget] + WINDOW_MS;
		const probeAt = this.chain ? now : Math.max(this.probeAfter, lastSentAt + PROBE_GAP_MS);
		const probe = this.budget < this.limit && probeAt + PROBE_GAP_MS < frees;
		return { at: probe ? probeAt : frees, probe };
	}

	recordSend(now: number, probe: boolean): void {
		this.sent.push(now);
		this.probing = probe;
	}

	/** The answer to `send`: a rejected send takes no slot; a probe grows or waits (rule 4); a 429 cuts (rule 3). */
	settle(send: Send, rateLimited: boolean, now: number): void {
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
				this.probeAfter =
					this.sent.length >= this.budget
						? this.sent[this.sent.length - this.budget] + WINDOW_MS
						: now;
			}
		} else if (rateLimited && send.at > this.lastCutAt) {
			// One cut per crowding: 429s for requests sent before the cut answer the same crowding.
			this.budget = Math.max(
				Math.ceil(this.limit * MIN_SHARE),
				Math.floor(this.budget * CUT_FACTOR),
			);
			this.lastCutAt = now;
			this.chain = false;
		}
	}

	private prune(now: number): void {
		while (this.sent.length > 0 && this.sent[0] <= now - WINDOW_MS) this.sent.shift();
	}
}
