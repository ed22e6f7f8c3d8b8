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
