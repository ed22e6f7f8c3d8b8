// Fault injection: forced responses queued by tests, and a seeded random share of 503s.

import { createPrng } from './prng';

export interface ForcedResponse {
	status: number;
	/** JSON body; defaults to { detail: <reason> }. */
	body?: unknown;
	headers?: Record<string, string>;
	/** Answer with an HTML page instead of JSON. */
	html?: boolean;
}

export class FaultInjector {
	private readonly random: () => number;
	private readonly queue: ForcedResponse[] = [];

	constructor(seed: number) {
		this.random = createPrng(seed);
	}

	/** The next `count` requests get this response (before routing, auth and rate limiting). */
	forceNext(count: number, response: ForcedResponse): void {
		for (let i = 0; i < count; i++) this.queue.push(response);
	}

	clearForced(): void {
		this.queue.length = 0;
	}

	get pendingForced(): number {
		return this.queue.length;
	}

	/**
	 * The fault for one request, or null. Draws exactly one random number per request, so the
	 * sequence of random 503s depends only on the seed and the request count.
	 */
	next(faultRate: number): ForcedResponse | null {
		const roll = this.random();
		const forced = this.queue.shift();
		if (forced) return forced;
		return roll < faultRate ? { status: 503 } : null;
	}
}
