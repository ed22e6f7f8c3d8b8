/**
 * Callers in arrival order, one at a time (docs/pacing.md, rule 6), with a pause that holds them
 * all (a 429's Retry-After). Only the caller at the head of the queue ever waits for a wake-up,
 * so one resolver suffices: that is why callers are served one after the other.
 */
export class SendQueue {
	private queue: Promise<unknown> = Promise.resolve();

	private wake: (() => void) | undefined;

	/** Every caller waits until then (epoch ms). */
	pausedUntil = 0;

	/** Runs `turn` for this caller once every earlier caller's turn has ended. */
	async take<T>(turn: () => Promise<T>): Promise<T> {
		const mine = this.queue.then(turn);
		// Keep the queue alive whatever happens to this caller.
		this.queue = mine.catch(() => undefined);
		return await mine;
	}

	pause(untilMs: number): void {
		this.pausedUntil = Math.max(this.pausedUntil, untilMs);
	}

	/** Waits, as the head of the queue, until `wakeUp` is called (an answer came). */
	async waitForAnswer(): Promise<void> {
		await new Promise<void>((resolve) => (this.wake = resolve));
	}

	wakeUp(): void {
		const wake = this.wake;
		this.wake = undefined;
		wake?.();
	}
}
