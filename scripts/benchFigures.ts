/** Figures shared by the benchmarks. */

/**
 * The least time `requests` can take at `perMinute` in a sliding 60 s window: a full window at
 * once, then one more each time the window frees, plus one answer's latency.
 */
export function minimumMs(requests: number, perMinute: number, latencyMs: number): number {
	return (Math.ceil(requests / perMinute) - 1) * 60_000 + latencyMs;
}

export function seconds(ms: number): string {
	return `${(ms / 1000).toFixed(1)} s`;
}

/** The time a run took at the service: from the first request's arrival to the last answer. */
export function atTheService(log: Array<{ at: number; answeredAt: number }>): number {
	if (log.length === 0) return 0;
	return Math.max(...log.map((r) => r.answeredAt)) - Math.min(...log.map((r) => r.at));
}
