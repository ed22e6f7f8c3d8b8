import { sleep } from 'n8n-workflow';

/**
 * Time source of the transport. Tests swap it for a virtual clock so that pacing and
 * retries are checked without real waits; shipped code always uses the real one.
 */
export interface Clock {
	now(): number;
	sleep(ms: number): Promise<void>;
	random(): number;
}

export const realClock: Clock = {
	now: () => Date.now(),
	sleep: async (ms) => await sleep(ms),
	random: () => Math.random(),
};

let current: Clock = realClock;

export function getClock(): Clock {
	return current;
}

/** For tests: replace the clock; returns a function that restores the previous one. */
export function useClock(clock: Clock): () => void {
	const previous = current;
	current = clock;
	return () => {
		current = previous;
	};
}
