/** The pure rules of transport/networkFailure.ts and retry.ts: which failure is which, and how long to wait. */
import { NodeApiError, type INode, type JsonObject } from 'n8n-workflow';

import {
	backoffMs,
	parseRetryAfter,
	retryAfterWaitMs,
	deliver,
	Withheld,
	type RawResponse,
} from '../../../nodes/OutreachContact/transport/retry';
import { networkCode } from '../../../nodes/OutreachContact/transport/networkFailure';
import { Pacer } from '../../../nodes/OutreachContact/transport/pacer';
import { TestClock } from '../../../harness/testClock';

const node = { name: 'Node', type: 'test', typeVersion: 1 } as unknown as INode;

describe('networkCode', () => {
	it('finds the code however deep the wrapping puts it', () => {
		const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
		expect(networkCode(reset)).toBe('ECONNRESET');
		expect(networkCode(new Error('wrapped', { cause: reset }))).toBe('ECONNRESET');
		expect(networkCode(new NodeApiError(node, reset as unknown as JsonObject))).toBe('ECONNRESET');
	});

	// n8n 1.x throws a NodeApiError whose message is its own text for the code, and no code
	// (measured: a dropped connection came back as "ENETWORK" and was not retried).
	it.each([
		[
			'The connection to the server was closed unexpectedly, perhaps it is offline. You can retry the request immediately or wait and retry later.',
			'ECONNRESET',
		],
		['The service refused the connection - perhaps it is offline', 'ECONNREFUSED'],
		[
			'The connection cannot be established, this usually occurs due to an incorrect host (domain) value',
			'ENOTFOUND',
		],
		['The DNS server returned an error, perhaps the server is offline', 'EAI_AGAIN'],
		["The connection timed out, consider setting the 'Retry on Fail' option", 'ETIMEDOUT'],
		['The connection was aborted, perhaps the server is offline', 'ECONNABORTED'],
		['The host is unreachable, perhaps the server is offline', 'EHOSTUNREACH'],
		['socket hang up', 'ECONNRESET'],
		['connect ECONNREFUSED 127.0.0.1:9', 'ECONNREFUSED'],
		['getaddrinfo ENOTFOUND outreach.invalid', 'ENOTFOUND'],
		['timeout of 60000ms exceeded', 'ECONNABORTED'],
	])('reads n8n 1.x\'s text "%s" as %s', (message, code) => {
		expect(networkCode(new Error(message))).toBe(code);
		expect(networkCode(new Error('Request failed', { cause: new Error(message) }))).toBe(code);
	});

	// Issue 50: only a failure of the connection itself is a network error.
	it.each([
		['No bridge acquired for this context. Call acquire() first.'],
		['Script execution timed out.'],
		['The operation timed out'],
		['The service refused the request'],
		['something else went wrong'],
		['Invalid URL'],
	])('"%s" is not the network', (message) => {
		expect(networkCode(new Error(message))).toBeUndefined();
		expect(
			networkCode(new NodeApiError(node, new Error(message) as unknown as JsonObject)),
		).toBeUndefined();
	});

	it("a code that is not the connection's is not the network; a TLS failure is", () => {
		const code = (c: string) => Object.assign(new Error('failed'), { code: c });
		expect(networkCode(code('ERR_INVALID_URL'))).toBeUndefined();
		expect(networkCode(code('ERR_CANCELED'))).toBeUndefined();
		expect(networkCode(code('ENOENT'))).toBeUndefined();
		expect(networkCode(code('CERT_HAS_EXPIRED'))).toBe('CERT_HAS_EXPIRED');
		expect(networkCode(code('ERR_TLS_CERT_ALTNAME_INVALID'))).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
		expect(networkCode(code('EPROTO'))).toBe('EPROTO');
	});

	it('reads a bounded part of a message', () => {
		expect(networkCode(new Error(`${'x'.repeat(1_000_000)} socket hang up`))).toBeUndefined();
	});
});

describe('retry timings', () => {
	it('backs off exponentially, between half and all of the step, at most 30 s', () => {
		expect([1, 2, 3].map((attempt) => backoffMs(attempt, 0))).toEqual([500, 1_000, 2_000]);
		expect(backoffMs(3, 1)).toBe(4_000);
		expect(backoffMs(20, 1)).toBe(30_000);
	});

	it('reads Retry-After as seconds or as an HTTP date against the wall clock', () => {
		const now = Date.UTC(2026, 10, 25, 9, 0, 0);
		expect(parseRetryAfter('7', now)).toBe(7_000);
		expect(parseRetryAfter(['2.5'], now)).toBe(2_500);
		expect(parseRetryAfter(new Date(now + 30_000).toUTCString(), now)).toBe(30_000);
		expect(parseRetryAfter('soon', now)).toBeUndefined();
		expect(retryAfterWaitMs(1_000, 1)).toBe(1_250);
	});
});

describe('a permit asked before every send', () => {
	// Issue 33 (d): the trigger's share was taken once per page while retries went out without
	// asking it, so a poll sent 17 requests in a minute against a share of 10.
	it('is asked before the first send and before each retry; a refusal sends nothing more', async () => {
		const clock = new TestClock({ start: Date.UTC(2026, 10, 25, 9), sleep: 'jump' });
		const pacer = new Pacer(200, () => clock);
		let sends = 0;
		let permits = 2;
		const unavailable = async (): Promise<RawResponse> => {
			sends++;
			return { statusCode: 503, headers: {}, body: '{}' };
		};
		const delivery = deliver(
			pacer,
			clock,
			{ maxAttempts: 5, maxWaitMs: 300_000, mayRetry: true, permit: () => permits-- > 0 },
			unavailable,
		);
		await expect(delivery).rejects.toBeInstanceOf(Withheld);
		expect(sends).toBe(2);
	});

	it('lets a delivery that is permitted every send go on as before', async () => {
		const clock = new TestClock({ start: Date.UTC(2026, 10, 25, 9), sleep: 'jump' });
		let asked = 0;
		let sends = 0;
		const flaky = async (): Promise<RawResponse> => ({
			statusCode: ++sends === 1 ? 503 : 200,
			headers: {},
			body: '{}',
		});
		const delivery = await deliver(
			new Pacer(200, () => clock),
			clock,
			{ maxAttempts: 5, maxWaitMs: 300_000, mayRetry: true, permit: () => ++asked > 0 },
			flaky,
		);
		expect(delivery).toEqual({ response: { statusCode: 200, headers: {}, body: '{}' } });
		expect([sends, asked]).toEqual([2, 2]);
	});
});
