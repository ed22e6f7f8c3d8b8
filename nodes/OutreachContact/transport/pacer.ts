import { Cancelled, type Clock } from '../helpers/clock';
import { InFlightGate } from './pacing/inFlightGate';
import { SendQueue } from './pacing/sendQueue';
import { WindowBudget, type Send } from './pacing/windowBudget';

export type { Send } from './pacing/windowBudget';
export { WINDOW_MS } from './pacing/rules';

/**
 * The pacing of one account in one process: docs/pacing.md states its rules, numbered, and the
 * parts point to them. A request waits for its turn (the queue, rule 6), for a slot of the
 * window budget or a probe (rules 1 to 4), for the end of a pause (a 429's Retry-After), and
 * for room among the requests in flight (rule 5).
 */
export class Pacer {
	private readonly budget: WindowBudget;

	private readonly gate = new InFlightGate();

	private readonly queue = new SendQueue();

	private lastSentAt = -Infinity;

	constructor(
		limit: number,
		private readonly clock: () => Clock,
	) {
		this.budget = new WindowBudget(limit);
	}

	setLimit(perMinute: number): void {
		this.budget.setLimit(perMinute);
	}

	/**
	 * Resolves when the caller may send one request; callers are served in arrival order. Rejects
	 * with Cancelled as soon as `signal` aborts, and then takes no slot.
	 */
	async acquire(signal?: AbortSignal): Promise<Send> {
		return await this.queue.take(async () => await this.waitForSlot(signal), signal);
	}

	/** Holds every caller until the given time (monotonic ms, the clock's `elapsed`). */
	pause(untilMs: number): void {
		this.queue.pause(untilMs);
	}

	/** The answer to `send` came (or the request failed); `rateLimited` when it was a 429. */
	settle(send: Send, rateLimited: boolean): void {
		const now = this.clock().elapsed();
		this.gate.finished(send.at, now);
		this.budget.settle(send, rateLimited, now);
		this.queue.wakeUp();
	}

	/**
	 * `send` provably never reached the service (refused connection, unknown host, stopped before
	 * it left): its slot is free again at once, and its failure is no answer time.
	 */
	release(send: Send): void {
		this.gate.abandoned();
		this.budget.release(send);
		this.queue.wakeUp();
	}

	private async waitForSlot(signal: AbortSignal | undefined): Promise<Send> {
		const clock = this.clock();
		for (;;) {
			if (signal?.aborted) throw new Cancelled();
			const now = clock.elapsed();
			// Rule 4: a probe waits for a quiet moment after a pause as after a send. A pause ends
			// when the account's oldest request leaves its window: every process sharing it sends
			// then, and a probe would only find room another process is about to take back.
			const quietSince = Math.max(this.lastSentAt, this.queue.pausedUntil);
			const next = this.budget.nextSend(now, quietSince);
			const at = Math.max(next.at, this.queue.pausedUntil);
			if (this.budget.probing || !Number.isFinite(at)) {
				// A probe is out, or every slot is held by a request still waiting for its answer.
				await this.queue.waitForAnswer(signal);
			} else if (at > now) {
				await clock.sleep(Math.max(1, at - now), signal);
			} else if (!this.gate.allows(now, this.budget.budget, this.budget.lastCutAt)) {
				await this.queue.waitForAnswer(signal);
			} else {
				this.budget.recordSend(now, next.probe);
				this.gate.started();
				this.lastSentAt = now;
				return next.probe ? { at: now, probe: true } : { at: now };
			}
		}
	}
}

const pacers = new Map<string, Pacer>();

/**
 * How long a Requests per Minute asked for an account counts. Two credentials of one account
 * with different values share the lower one; a user who raises the only value in use is
 * followed once the lower one has not been asked for this long.
 */
const ASKED_RATE_MEMORY_MS = 10 * 60_000;

/** Per account: each Requests per Minute asked for, and when it was last asked for. */
const askedRates = new Map<string, Map<number, number>>();

/** The lowest Requests per Minute asked for the account within ASKED_RATE_MEMORY_MS. */
function lowestAskedRate(accountKey: string, perMinute: number, now: number): number {
	let asked = askedRates.get(accountKey);
	if (!asked) {
		asked = new Map();
		askedRates.set(accountKey, asked);
	}
	// Deleted first so that the Map's order stays the order of last asking.
	asked.delete(perMinute);
	asked.set(perMinute, now);
	let lowest = perMinute;
	for (const [rate, at] of asked) {
		if (now - at > ASKED_RATE_MEMORY_MS) asked.delete(rate);
		else lowest = Math.min(lowest, rate);
	}
	return lowest;
}

/**
 * One pacer per account (canonical Base URL and key fingerprint), shared by every execution of
 * the process, at the lowest Requests per Minute its credentials asked for recently.
 */
export function pacerFor(accountKey: string, perMinute: number, clock: () => Clock): Pacer {
	const limit = lowestAskedRate(accountKey, perMinute, clock().elapsed());
	let pacer = pacers.get(accountKey);
	if (!pacer) {
		pacer = new Pacer(limit, clock);
		pacers.set(accountKey, pacer);
	} else {
		pacer.setLimit(limit);
	}
	return pacer;
}

/** Forgets every pacer (see testHooks). */
export function resetPacers(): void {
	pacers.clear();
	askedRates.clear();
}
