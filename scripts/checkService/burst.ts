import { endpoints } from '../../nodes/OutreachContact/transport/api';
import { parseRetryAfter } from '../../nodes/OutreachContact/transport/retry';
import { describeAnswer, type Answer } from './client';
import type { Probe } from './probe';
import { duration, quote } from './report';

/**
 * --burst: GET /me as fast as a few connections allow until the service answers 429, within
 * BURST_MAX_REQUESTS and BURST_MAX_MS, and how the nodes read that 429's Retry-After
 * (transport/retry.ts: delta-seconds or an HTTP date; without one, exponential backoff).
 */

export const BURST_MAX_REQUESTS = 400;
export const BURST_MAX_MS = 90_000;
const IN_FLIGHT = 4;
/** Answers without a status (or 5xx) that end the burst early: the service is struggling. */
const MAX_FAILURES = 5;

function retryAfterForm(value: string | undefined): string {
	if (value === undefined) return 'no Retry-After';
	if (/^\d{1,9}(\.\d{1,3})?$/.test(value.trim())) return `Retry-After ${quote(value)} (seconds)`;
	if (!Number.isNaN(Date.parse(value))) return `Retry-After ${quote(value)} (an HTTP date)`;
	return `Retry-After ${quote(value)} (neither seconds nor a date)`;
}

export async function probeBurst(probe: Probe): Promise<void> {
	const started = performance.now();
	let sent = 0;
	let failures = 0;
	let limited: { answer: Answer; at: number } | undefined;
	const more = () =>
		!limited &&
		failures < MAX_FAILURES &&
		sent < BURST_MAX_REQUESTS &&
		performance.now() - started < BURST_MAX_MS;
	const worker = async () => {
		while (more()) {
			sent++;
			const answer = await probe.client.send('GET', endpoints.me);
			if (answer.status === 429) limited ??= { answer, at: sent };
			else if (answer.status === 0 || answer.status >= 500) failures++;
		}
	};
	await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
	const took = duration(performance.now() - started);
	const topic = '429 and Retry-After';
	const asked = `GET ${endpoints.me} ${IN_FLIGHT} at a time until a 429 (at most ${BURST_MAX_REQUESTS} requests or ${duration(BURST_MAX_MS)})`;
	if (!limited) {
		const got = `no 429 in ${sent} requests and ${took}${failures > 0 ? ` (${failures} failed: stopped)` : ''}`;
		const nodes =
			"nothing to read; the nodes pace each account at the credential's Requests per Minute (200 by default)";
		probe.report.add({ verdict: 'not checked', topic, asked, got, nodes });
		return;
	}
	const { answer, at } = limited;
	const header = answer.headers['retry-after'];
	const waitMs = parseRetryAfter(header, Date.now());
	const got = `${describeAnswer(answer)} at request ${at} of ${sent} (after ${took}), ${retryAfterForm(header)}`;
	const nodes =
		waitMs === undefined
			? `without a Retry-After they can read, the nodes pause every request of the account with exponential backoff from 1 s and retry for up to the credential's Max Retry Wait`
			: `the nodes pause every request of the account for ${duration(waitMs)} (plus a little jitter), then retry, for up to the credential's Max Retry Wait`;
	probe.report.add({ verdict: 'handled', topic, asked, got, nodes });
}
