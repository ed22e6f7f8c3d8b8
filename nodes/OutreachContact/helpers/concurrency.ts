/**
 * Runs `task` for 0..count-1 with at most `limit` running at once and returns the results in
 * index order. After a task fails no new task starts, and the first failure is thrown once
 * the running ones have ended (so no request is left running unobserved).
 */
export async function mapConcurrent<T>(
	count: number,
	limit: number,
	task: (index: number) => Promise<T>,
): Promise<T[]> {
	const results = new Array<T>(count);
	let next = 0;
	let failure: { error: unknown } | undefined;
	const worker = async () => {
		while (next < count && !failure) {
			const index = next++;
			await task(index).then(
				(result) => (results[index] = result),
				(error: unknown) => (failure ??= { error }),
			);
		}
	};
	await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), count) }, worker));
	if (failure) return await Promise.reject(failure.error);
	return results;
}

/**
 * Runs tasks that share a key one after the other, in the order they were handed in; tasks
 * with different keys do not wait for each other. A failed task does not stop the next one.
 */
export class SerialQueues {
	private readonly tails = new Map<string, Promise<unknown>>();

	async run<T>(key: string, task: () => Promise<T>): Promise<T> {
		const previous = this.tails.get(key) ?? Promise.resolve();
		const current = previous.then(task, task);
		this.tails.set(
			key,
			current.then(
				() => undefined,
				() => undefined,
			),
		);
		return await current;
	}
}
