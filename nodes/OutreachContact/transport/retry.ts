import { Cancelled, type Clock } from '../helpers/clock';
import { Outage, type GaveUp } from './outage';
import { NEVER_SENT_CODES, networkCode, NotNetwork, TRANSIENT_CODES } from './networkFailure';
import type { Pacer } from './pacer';

/**
 * Retrying, all of it: which answers and network failures are tried again, how long to wait, and
 * the loop that sends one request under the account's pacing until it has an answer to keep.
 * Every interval here is on the monotonic clock; the wall clock only reads an HTTP-date.
 */

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

const BACKOFF_BASE_MS = 1_000;
const BACKOFF_CAP_MS = 30_000;
const RETRY_AFTER_JITTER_MS = 250;

export interface RetryBudget {
	/** Tries of one request on 502, 503, 504 or a dropped connection. 429s are limited by time only. */
	maxAttempts: number;
	/** The longest time from a request's first failure to its last retry. */
	maxWaitMs: number;
}

export interface DeliveryOptions extends RetryBudget {
	/**
	 * Whether the request may be sent again after the service may have seen it (a 502/503/504, a
	 * dropped connection). A request that may not is still retried after a 429 and after failures
	 * that prove it never arrived: the service did nothing with it.
	 */
	mayRetry: boolean;
	/** n8n's cancel signal: a stopped execution waits no more and sends nothing more. */
	signal?: AbortSignal;
	/** The account's outage (see Outage): requests wait for one that is already retrying. */
	outage?: Outage;
	log?: (message: string) => void;
	/**
	 * Asked right before every send, retries included (the trigger's share of the account):
	 * false sends nothing more and ends the delivery with Withheld.
	 */
	permit?: () => boolean;
}

/** A delivery its caller's `permit` stopped before a send: nothing more was sent. */
export class Withheld extends Error {
	constructor() {
		super('The request was not sent: its caller has no share left');
		this.name = 'Withheld';
	}
}

export type { GaveUp };

export type Delivery = { response: RawResponse } | GaveUp;

export function header(headers: Record<string, unknown>, name: string): unknown {
	const key = Object.keys(headers ?? {}).find((k) => k.toLowerCase() === name);
	return key === undefined ? undefined : headers[key];
}

/**
 * Milliseconds from a Retry-After header: delta-seconds or an HTTP date (read against the wall
 * clock `nowMs`, the one place a date is meant). Undefined when missing or unreadable.
 */
export function parseRetryAfter(value: unknown, nowMs: number): number | undefined {
	const text = Array.isArray(value) ? value[0] : value;
	if (typeof text !== 'string' && typeof text !== 'number') return undefined;
	const raw = String(text).trim().slice(0, 100);
	if (/^\d{1,9}(\.\d{1,3})?$/.test(raw)) return Number(raw) * 1000;
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

/**
 * Sends one request under the account's pacing until the service answers something other than
 * 429 or a RETRIED_STATUSES answer, or the retry budget is spent. A 429 pauses every caller of
 * the account until Retry-After and is retried as long as the time budget lasts, however often
 * it comes: with several processes sharing an account, crowding is expected and must not fail
 * items. Bounds: at most `maxAttempts` sends for failures, and no retry past `maxWaitMs` after the
 * first failure; a cancelled caller ends at its next wait or send with Cancelled. A send that
 * fails with anything but the network throws NotNetwork at once: no retry, its slot given back,
 * and no verdict on the account (issue 50).
 */
export async function deliver(
	pacer: Pacer,
	clock: Clock,
	options: DeliveryOptions,
	send: () => Promise<RawResponse>,
): Promise<Delivery> {
	const { signal, log } = options;
	const outage = options.outage ?? new Outage();
	let firstFailureAt: number | undefined;
	const waited = () => (firstFailureAt === undefined ? 0 : clock.elapsed() - firstFailureAt);
	const withinTime = (wait: number) => waited() + wait <= options.maxWaitMs;
	const scout = outage.token();
	try {
		for (let attempt = 1; ; attempt++) {
			// Point 4 of issue 26: behind a request that is already retrying an unreachable
			// service, wait for its verdict instead of spending a retry budget of one's own.
			const verdict = await outage.before(scout, clock, signal);
			if (verdict) return verdict;
			const slot = await pacer.acquire(signal);
			if (signal?.aborted) {
				pacer.release(slot);
				throw new Cancelled();
			}
			if (options.permit && !options.permit()) {
				pacer.release(slot);
				throw new Withheld();
			}
			const sent = await send().then(
				(response) => ({ response }),
				(error: unknown) => ({ error }),
			);
			if ('error' in sent) {
				const found = networkCode(sent.error);
				if (found === undefined && !signal?.aborted) {
					pacer.release(slot);
					throw new NotNetwork(sent.error);
				}
				const code = found ?? 'ECANCELED';
				const neverSent = NEVER_SENT_CODES.has(code);
				if (neverSent) pacer.release(slot);
				else pacer.settle(slot, false);
				if (signal?.aborted) throw new Cancelled();
				firstFailureAt ??= clock.elapsed();
				const wait = backoffMs(attempt, clock.random());
				const retry =
					TRANSIENT_CODES.has(code) &&
					(options.mayRetry || neverSent) &&
					attempt < options.maxAttempts &&
					withinTime(wait);
				if (!retry) {
					const gaveUp: GaveUp = { gaveUp: 'network', attempts: attempt, waitedMs: waited(), code };
					outage.failed(scout, gaveUp, clock);
					return gaveUp;
				}
				// Another request already retries the connection: wait for its verdict instead.
				if (!outage.retrying(scout)) continue;
				log?.(`failed (${code}), retrying in ${wait} ms`);
				await clock.sleep(wait, signal);
				continue;
			}

			const { response } = sent;
			outage.reached(scout);
			const status = response.statusCode;
			pacer.settle(slot, status === 429);
			if (status !== 429 && !RETRIED_STATUSES.has(status)) return { response };

			firstFailureAt ??= clock.elapsed();
			const asked = parseRetryAfter(header(response.headers, 'retry-after'), clock.now());
			const wait =
				asked !== undefined
					? retryAfterWaitMs(asked, clock.random())
					: backoffMs(attempt, clock.random());
			const canRetry =
				withinTime(wait) && (status === 429 || (options.mayRetry && attempt < options.maxAttempts));
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
				pacer.pause(clock.elapsed() + wait);
			} else {
				await clock.sleep(wait, signal);
			}
		}
	} finally {
		// A scout that ends in any other way (an answer, Stop) lets the waiting requests try.
		outage.leave(scout);
	}
}
