import { sleep } from 'n8n-workflow';

/**
 * The time source of the transport (pacing, retries) and the trigger (poll times). Tests and
 * benchmarks swap it for a virtual clock through `testHooks`; shipped code uses the real one.
 */
export interface Clock {
	now(): number;
	sleep(ms: number): Promise<void>;
	random(): number;
}

const realClock: Clock = {
	now: () => Date.now(),
	sleep: async (ms) => await sleep(ms),
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
