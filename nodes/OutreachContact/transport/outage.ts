import { unlessAborted, type Clock } from '../helpers/clock';

/** How a request ended without an answer to use: what it met, after how many attempts and how long. */
export type GaveUp = {
	gaveUp: 'rateLimited' | 'unavailable' | 'network';
	attempts: number;
	waitedMs: number;
	status?: number;
	code?: string;
};

/**
 * How long a request that found the service unreachable speaks for the account: requests that
 * start within this time fail at once with its error instead of trying (and each spending a
 * retry budget of its own). Long enough for every item of a run to get the verdict; short
 * enough that the next execution tries again.
 */
export const VERDICT_HOLD_MS = 10_000;

/**
 * An account the service cannot be reached for (issue 26, point 4). The first request whose
 * connection fails and is retried becomes the scout; the others wait for its verdict instead of
 * retrying on their own: an answer (any) lets them go on, a give-up fails them with the same
 * error. One per account and process, like the pacer.
 */
export class Outage {
	private scout: object | undefined;

	private verdict: { gaveUp: GaveUp; until: number } | undefined;

	private waiters: Array<() => void> = [];

	/** A token for one request (its identity as a scout). */
	token(): object {
		return {};
	}

	/**
	 * Before a send: a fresh verdict to fail with, or undefined to go on. Waits while another
	 * request is the scout. Bounded: each wake-up is the end of a scout, itself bounded by its
	 * retry budget.
	 */
	async before(me: object, clock: Clock, signal?: AbortSignal): Promise<GaveUp | undefined> {
		for (;;) {
			if (this.verdict && clock.elapsed() < this.verdict.until) return { ...this.verdict.gaveUp };
			if (this.scout === undefined || this.scout === me) return undefined;
			await unlessAborted(new Promise<void>((resolve) => this.waiters.push(resolve)), signal);
		}
	}

	/** `me` failed to connect and will retry: it becomes the scout unless there is one. Whether it is. */
	retrying(me: object): boolean {
		this.scout ??= me;
		return this.scout === me;
	}

	/** `me` got an answer: the service can be reached. */
	reached(me: object): void {
		this.verdict = undefined;
		this.leave(me);
	}

	/** A request gave up on the connection: the verdict for the requests waiting and starting now. */
	failed(me: object, gaveUp: GaveUp, clock: Clock): void {
		this.verdict = { gaveUp, until: clock.elapsed() + VERDICT_HOLD_MS };
		if (this.scout === me) this.scout = undefined;
		this.wakeAll();
	}

	/** `me` ends (answered, gave up, or was stopped): if it was the scout, the others look again. */
	leave(me: object): void {
		if (this.scout !== me) return;
		this.scout = undefined;
		this.wakeAll();
	}

	private wakeAll(): void {
		const waiters = this.waiters;
		this.waiters = [];
		for (const wake of waiters) wake();
	}
}

const outages = new Map<string, Outage>();

/** The outage state of an account (Base URL and key fingerprint), shared by every execution. */
export function outageFor(accountKey: string): Outage {
	let outage = outages.get(accountKey);
	if (!outage) {
		outage = new Outage();
		outages.set(accountKey, outage);
	}
	return outage;
}

/** Forgets every account's outage (see testHooks). */
export function resetOutages(): void {
	outages.clear();
}
