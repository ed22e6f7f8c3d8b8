/** Pure timing rules for retries: how long to wait before attempt n+1. */

const BACKOFF_BASE_MS = 1_000;
const BACKOFF_CAP_MS = 30_000;
const RETRY_AFTER_JITTER_MS = 250;

/**
 * Seconds from a Retry-After header: either delta-seconds or an HTTP date.
 * Returns undefined when the header is missing or unreadable.
 */
export function parseRetryAfter(value: unknown, nowMs: number): number | undefined {
	const text = Array.isArray(value) ? value[0] : value;
	if (typeof text !== 'string' && typeof text !== 'number') return undefined;
	const raw = String(text).trim();
	if (/^\d+(\.\d+)?$/.test(raw)) return Number(raw) * 1000;
	const date = Date.parse(raw);
	if (!Number.isNaN(date)) return Math.max(0, date - nowMs);
	return undefined;
}

/** Exponential backoff with jitter (between half and all of the exponential step). */
export function backoffMs(attempt: number, random: number): number {
	const step = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
	return Math.round(step * (0.5 + random / 2));
}

/** The wait the service asked for, plus a little jitter so that callers do not return together. */
export function retryAfterWaitMs(retryAfterMs: number, random: number): number {
	return Math.round(retryAfterMs + random * RETRY_AFTER_JITTER_MS);
}
