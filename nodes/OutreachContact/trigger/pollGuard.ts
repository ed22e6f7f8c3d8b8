/**
 * n8n's poll scheduler does not wait for a poll to end before it starts the next one, so a slow
 * poll can overlap the next. Both would read the same state and emit the same contacts: a poll
 * of a trigger (workflow and node) that is still polling in this process is skipped instead.
 */
const running = new Set<string>();

/** Runs `poll` unless a poll with the same key runs; `skipped` then, with nothing run. */
export async function unlessRunning<T>(
	key: string,
	poll: () => Promise<T>,
): Promise<{ value: T } | { skipped: true }> {
	if (running.has(key)) return { skipped: true };
	running.add(key);
	try {
		return { value: await poll() };
	} finally {
		running.delete(key);
	}
}
