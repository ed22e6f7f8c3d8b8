import { sleep } from 'n8n-workflow';

/**
 * The time source of the transport (pacing, retries), the actions' waits and the trigger. Tests
 * and benchmarks swap it for a virtual clock through `testHooks`; shipped code uses the real one.
 */
export interface Clock {
	/** The wall clock (epoch ms): only where a date is meant (a contact's age, a poll's window). */
	now(): number;
	/**
	 * A monotonic clock (ms from an arbitrary start): every interval (pacing windows, retry
	 * budgets, timeouts). A wall clock stepped back by an hour must not hold requests for an hour.
	 */
	elapsed(): number;
	/** Resolves after `ms`; rejects at once when `signal` is (or becomes) aborted. */
	sleep(ms: number, signal?: AbortSignal): Promise<void>;
	random(): number;
}

/** The error a wait rejects with when n8n cancels the execution. */
export class Cancelled extends Error {
	constructor() {
		super('The execution was stopped');
		this.name = 'Cancelled';
	}
}

/**
 * `work`, or a rejection with Cancelled as soon as `signal` aborts, whichever comes first; the
 * listener is removed once it settles (a long run waits thousands of times on one signal).
 */
export async function unlessAborted<T>(
	work: Promise<T>,
	signal: AbortSignal | undefined,
): Promise<T> {
	if (!signal) return await work;
	if (signal.aborted) throw new Cancelled();
	let onAbort: (() => void) | undefined;
	const aborted = new Promise<never>((_, reject) => {
		onAbort = () => reject(new Cancelled());
		signal.addEventListener('abort', onAbort, { once: true });
	});
	try {
		return await Promise.race([work, aborted]);
	} finally {
		if (onAbort) signal.removeEventListener('abort', onAbort);
	}
}

/** n8n's cancel signal of an execution (Stop), where the context has one (not polls, not list searches). */
export function cancelSignalOf(ctx: object): AbortSignal | undefined {
	const withSignal = ctx as { getExecutionCancelSignal?: () => AbortSignal | undefined };
	return typeof withSignal.getExecutionCancelSignal === 'function'
		? withSignal.getExecutionCancelSignal()
		: undefined;
}

const realClock: Clock = {
	now: () => Date.now(),
	elapsed: () => performance.now(),
	// n8n 1.x's `sleep` takes no signal (its timer then runs out on its own): race it.
	sleep: async (ms, signal) => {
		await unlessAborted(
			sleep(ms, signal).catch(() => undefined),
			signal,
		);
		if (signal?.aborted) throw new Cancelled();
	},
	random: () => Math.random(),
};

let current: Clock = realClock;

export function getClock(): Clock {
	return current;
}

/** Puts `clock` in place (the real one when undefined) and returns the one it replaced. */
export function swapClock(clock: Clock | undefined): Clock {
	const previous = current;
	current = clock ?? realClock;
	return previous;
}
