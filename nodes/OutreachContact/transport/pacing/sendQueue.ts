import { Cancelled, unlessAborted } from '../../helpers/clock';

/**
 * Callers in arrival order, one at a time (docs/pacing.md, rule 6), with a pause that holds them
 * all (a 429's Retry-After). Only the caller at the head of the queue ever waits for a wake-up,
 * so one resolver suffices: that is why callers are served one after the other. A caller whose
 * execution was stopped leaves at once: its promise rejects, and its turn, when it comes, is
 * skipped; at the head, its wait ends with the stop, so the callers behind it move up.
 */
export class SendQueue {
	private queue: Promise<unknown> = Promise.resolve();

	private wake: (() => void) | undefined;

	/** Every caller waits until then (monotonic ms). */
	pausedUntil = -Infinity;

	/** Runs `turn` for this caller once every earlier caller's turn has ended. */
	async take<T>(turn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
		const mine = this.queue.then(async () => {
			if (signal?.aborted) throw new Cancelled();
			return await turn();
		});
		// Keep the queue alive whatever happens to this caller.
		this.queue = mine.catch(() => undefined);
		return await unlessAborted(mine, signal);
	}

	pause(untilMs: number): void {
		this.pausedUntil = Math.max(this.pausedUntil, untilMs);
	}

	/** Waits, as the head of the queue, until `wakeUp` is called (an answer came) or the stop. */
	async waitForAnswer(signal?: AbortSignal): Promise<void> {
		await unlessAborted(new Promise<void>((resolve) => (this.wake = resolve)), signal);
	}

	wakeUp(): void {
		const wake = this.wake;
		this.wake = undefined;
		wake?.();
	}
}
