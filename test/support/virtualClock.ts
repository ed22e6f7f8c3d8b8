/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code, not shipped: it may use Node timers */
import type { Clock } from '../../nodes/OutreachContact/helpers/clock';
import { createPrng } from '../../sandbox/prng';

interface Timer {
	at: number;
	seq: number;
	resolve: () => void;
}

/** Deterministic pseudo-random numbers, so jitter is the same on every run: the sandbox's PRNG. */
export { createPrng as seededRandom };

const realTick = async () => await new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A clock whose time only moves when every pending piece of work is asleep: `run(work)`
 * lets real I/O (nock's answers) proceed and, once nothing else happens for a few ticks,
 * jumps to the earliest sleeper. Waits of minutes take no real time.
 */
export class VirtualClock implements Clock {
	private time: number;

	private seq = 0;

	private timers: Timer[] = [];

	readonly random: () => number;

	/** Every sleep requested, in ms: lets tests assert the waits the code chose. */
	readonly sleeps: number[] = [];

	constructor(start = Date.UTC(2026, 0, 5, 12, 0, 0), seed = 42) {
		this.time = start;
		this.random = createPrng(seed);
	}

	now(): number {
		return this.time;
	}

	async sleep(ms: number): Promise<void> {
		this.sleeps.push(ms);
		return await new Promise<void>((resolve) => {
			this.timers.push({ at: this.time + Math.max(0, ms), seq: this.seq++, resolve });
		});
	}

	/** Moves time forward by hand (for code that does not sleep, such as polls between runs). */
	advance(ms: number): void {
		this.time += ms;
	}

	setTime(ms: number): void {
		this.time = ms;
	}

	get pendingSleeps(): number {
		return this.timers.length;
	}

	async run<T>(work: Promise<T>, idleTicks = 4): Promise<T> {
		let settled = false;
		work.then(
			() => (settled = true),
			() => (settled = true),
		);
		let idle = 0;
		while (!settled) {
			await realTick();
			if (settled) break;
			if (this.timers.length === 0) {
				idle = 0;
				continue;
			}
			if (++idle < idleTicks) continue;
			idle = 0;
			this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
			const next = this.timers.shift()!;
			this.time = Math.max(this.time, next.at);
			next.resolve();
		}
		return await work;
	}
}
