/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code, not shipped: it may use Node timers */
import { Cancelled, type Clock } from '../nodes/OutreachContact/helpers/clock';
import { testHooks } from '../nodes/OutreachContact/testHooks';
import { createPrng } from '../sandbox/prng';

/** Deterministic pseudo-random numbers, so jitter is the same on every run: the sandbox's PRNG. */
export { createPrng as seededRandom };

/**
 * What a sleep of the code under test does to the clock:
 * - `jump`: time moves forward by the sleep at once. For code that runs one thing at a time
 *   (a workflow's retries, a simulation's polls): waits of minutes take no real time.
 * - `still`: time stays where the test put it and the sleep returns at once. For tests that
 *   set the time themselves and must not see it move.
 * - `scheduled`: the sleeper waits until `run(work)` moves time to it, earliest first, once
 *   every other piece of work is asleep. For many requests on one timeline (pacing, sharing).
 */
export type SleepMode = 'jump' | 'still' | 'scheduled';

export interface TestClockOptions {
	/** Epoch ms; default 2026-01-05 12:00 UTC. */
	start?: number;
	sleep?: SleepMode;
	/** `clock.random()`: seededRandom(seed) unless given. */
	random?: () => number;
	seed?: number;
}

interface Timer {
	at: number;
	seq: number;
	resolve: () => void;
}

/** What a sleep rejects with when its signal aborts: the package's own Cancelled. */
const cancelled = () => new Cancelled();

const realTick = async () => await new Promise<void>((resolve) => setImmediate(resolve));

/** The one clock of the tests: n8n's Clock (now, sleep, random) with time the test controls. */
export class TestClock implements Clock {
	/** The current time (epoch ms); tests may set it. */
	time: number;

	readonly random: () => number;

	/** Every sleep requested, in ms: lets tests assert the waits the code chose. */
	readonly sleeps: number[] = [];

	/** Called with each sleep before it starts: lets a test act at the moment the code waits. */
	onSleep: ((ms: number) => void) | undefined;

	private readonly mode: SleepMode;

	private seq = 0;

	private timers: Timer[] = [];

	constructor(options: TestClockOptions = {}) {
		this.time = options.start ?? Date.UTC(2026, 0, 5, 12, 0, 0);
		this.mode = options.sleep ?? 'jump';
		this.random = options.random ?? createPrng(options.seed ?? 42);
	}

	/**
	 * How far the wall clock is from the monotonic one: `stepWallClock` moves only the wall
	 * clock, as an NTP step or a changed system time does.
	 */
	wallOffset = 0;

	now(): number {
		return this.time + this.wallOffset;
	}

	elapsed(): number {
		return this.time;
	}

	/** Steps the wall clock (`now`) by `ms`, forward or back; intervals (`elapsed`) go on. */
	stepWallClock(ms: number): void {
		this.wallOffset += ms;
	}

	async sleep(ms: number, signal?: AbortSignal): Promise<void> {
		this.onSleep?.(ms);
		if (signal?.aborted) throw cancelled();
		this.sleeps.push(ms);
		if (this.mode === 'jump') this.time += Math.max(0, ms);
		if (this.mode !== 'scheduled') return;
		return await new Promise<void>((resolve, reject) => {
			const timer: Timer = { at: this.time + Math.max(0, ms), seq: this.seq++, resolve };
			this.timers.push(timer);
			signal?.addEventListener(
				'abort',
				() => {
					this.timers = this.timers.filter((t) => t !== timer);
					reject(cancelled());
				},
				{ once: true },
			);
		});
	}

	/** Moves time forward by hand (for what does not sleep, such as polls between runs). */
	advance(ms: number): void {
		this.time += ms;
	}

	setTime(ms: number): void {
		this.time = ms - this.wallOffset;
	}

	/** Makes this the clock of the nodes (pacing, retries, the trigger); returns the undo. */
	install(): () => void {
		return testHooks.useClock(this);
	}

	/**
	 * For `scheduled` sleeps: lets real I/O (nock's answers) proceed and, once nothing else has
	 * happened for `idleTicks` event-loop turns, moves time to the earliest sleeper.
	 */
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
