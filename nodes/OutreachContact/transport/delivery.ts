import type { Clock } from '../helpers/clock';
import type { Pacer } from './pacer';
import { backoffMs, parseRetryAfter, retryAfterWaitMs } from './retryPolicy';

/** What the service answered, as n8n's request helper returns it. */
export interface RawResponse {
	statusCode: number;
	headers: Record<string, unknown>;
	body: unknown;
}

/**
 * Answers that say "try again": 503 as the interface names it, and 502 / 504, which the
 * gateways and proxies in front of a service send for the same passing trouble.
 */
export const RETRIED_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

export interface RetryBudget {
	/** Tries of one request on 502, 503, 504 or a dropped connection. 429s are limited by time only. */
	maxAttempts: number;
	/** The longest time from a request's first failure to its last retry. */
	maxWaitMs: number;
}

export type Delivery =
	| { response: RawResponse }
	| {
			gaveUp: 'rateLimited' | 'unavailable' | 'network';
			attempts: number;
			waitedMs: number;
			status?: number;
			code?: string;
	  };

/** Network failures worth another try: the request may not have reached the service. */
const TRANSIENT_CODES = new Set([
	'ECONNRESET',
	'ETIMEDOUT',
	'ECONNABORTED',
	'EPIPE',
	'ESOCKETTIMEDOUT',
	'EAI_AGAIN',
]);

export function header(headers: Record<string, unknown>, name: string): unknown {
	const key = Object.keys(headers ?? {}).find((k) => k.toLowerCase() === name);
	return key === undefined ? undefined : headers[key];
}

/** The network error code (ECONNRESET, ...) of a failed request, whatever wraps it. */
export function networkCode(error: unknown): string {
	let current: unknown = error;
	for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
		const record = current as Record<string, unknown>;
		if (typeof record.code === 'string' && /^E[A-Z_]+$/.test(record.code)) return record.code;
		current = record.cause;
	}
	const message = error instanceof Error ? error.message : String(error);
	if (/timeout/i.test(message)) return 'ETIMEDOUT';
	if (/socket hang up/i.test(message)) return 'ECONNRESET';
	return /refused/i.test(message) ? 'ECONNREFUSED' : 'ENETWORK';
}

/**
 * Sends one request under the account's pacing until the service answers something other
 * than 429 or a RETRIED_STATUSES answer, or the retry budget is spent. A 429 pauses every caller of the account
 * until Retry-After and is retried as long as the time budget lasts, however often it comes:
 * with several processes sharing an account, crowding is expected and must not fail items.
 */
export async function deliver(
	pacer: Pacer,
	clock: Clock,
	budget: RetryBudget,
	send: () => Promise<RawResponse>,
	log?: (message: string) => void,
): Promise<Delivery> {
	let firstFailureAt: number | undefined;
	const waited = () => (firstFailureAt === undefined ? 0 : clock.now() - firstFailureAt);
	const withinTime = (wait: number) => waited() + wait <= budget.maxWaitMs;
	for (let attempt = 1; ; attempt++) {
		const slot = await pacer.acquire();
		let response: RawResponse;
		try {
			response = await send();
		} catch (error) {
			pacer.settle(slot, false);
			firstFailureAt ??= clock.now();
			const code = networkCode(error);
			const wait = backoffMs(attempt, clock.random());
			if (!TRANSIENT_CODES.has(code) || attempt >= budget.maxAttempts || !withinTime(wait)) {
				return { gaveUp: 'network', attempts: attempt, waitedMs: waited(), code };
			}
			log?.(`failed (${code}), retrying in ${wait} ms`);
			await clock.sleep(wait);
			continue;
		}

		const status = response.statusCode;
		pacer.settle(slot, status === 429);
		if (status !== 429 && !RETRIED_STATUSES.has(status)) return { response };

		firstFailureAt ??= clock.now();
		const asked = parseRetryAfter(header(response.headers, 'retry-after'), clock.now());
		const wait =
			asked !== undefined
				? retryAfterWaitMs(asked, clock.random())
				: backoffMs(attempt, clock.random());
		const canRetry = withinTime(wait) && (status === 429 || attempt < budget.maxAttempts);
		if (!canRetry) {
			return {
				gaveUp: status === 429 ? 'rateLimited' : 'unavailable',
				attempts: attempt,
				waitedMs: waited(),
				status,
			};
		}
		log?.(`answered ${status}, retrying in ${wait} ms`);
		if (status === 429) {
			// The account is over its limit: hold back every caller, not just this one.
			pacer.pause(clock.now() + wait);
		} else {
			await clock.sleep(wait);
		}
	}
}
