/**
 * apiRequest's retries through a real n8n-core ExecuteContext (callInNode), nock or a local
 * server as the service, the virtual clock for every wait: Retry-After, backoff, the wait and
 * attempt budgets, what is never retried, and dropped connections.
 */
import nock from 'nock';

import { closedPort, localServer } from '../../../harness/n8nHarness';
import { API_KEY, credentials, expectNoKey, OK, ORIGIN, useApiCalls } from '../../support/apiCall';

// No test waits for real time (virtual clock); the margin is for slow, busy machines.
jest.setTimeout(20_000);

const { time, call, meAnswers } = useApiCalls();

describe('apiRequest: retries', () => {
	it('429 with Retry-After: waits that many seconds plus a little jitter, then succeeds', async () => {
		const times = meAnswers([429, { detail: 'slow down' }, { 'Retry-After': '7' }], OK);
		const out = await call({ method: 'GET', path: '/me' });
		expect(out.value).toEqual({ message: 'ok' });
		expect(times).toHaveLength(2);
		const gap = times[1] - times[0];
		expect(gap).toBeGreaterThanOrEqual(7000);
		expect(gap).toBeLessThanOrEqual(7250);
		expect(time.clock.sleeps.some((ms) => ms >= 7000 && ms <= 7250)).toBe(true);
	});

	it('429 with an HTTP-date Retry-After waits until that date', async () => {
		const times = meAnswers(
			() => [429, {}, { 'Retry-After': new Date(time.clock.now() + 20_000).toUTCString() }],
			OK,
		);
		const out = await call({ method: 'GET', path: '/me' });
		expect(out.value).toEqual({ message: 'ok' });
		expect(times[1] - times[0]).toBeGreaterThanOrEqual(20_000);
		expect(times[1] - times[0]).toBeLessThanOrEqual(20_250);
	});

	it('429 without Retry-After: exponential backoff', async () => {
		const times = meAnswers([429, {}], [429, {}], [429, {}], OK);
		const out = await call({ method: 'GET', path: '/me' });
		expect(out.value).toEqual({ message: 'ok' });
		const gaps = times.slice(1).map((t, i) => t - times[i]);
		expect(gaps).toHaveLength(3);
		// Attempt n waits between half and all of 2^(n-1) seconds.
		gaps.forEach((gap, i) => {
			expect(gap).toBeGreaterThanOrEqual(500 * 2 ** i);
			expect(gap).toBeLessThanOrEqual(1000 * 2 ** i);
		});
	});

	it('429 until the wait budget is spent, whatever Max Attempts says: says so, with the count', async () => {
		// Retry-After 1 s (+ up to 250 ms jitter): the third 429 comes after 2-2.5 s of waiting,
		// and one more second would pass the 2.5 s budget. Max Attempts (1) does not apply to 429.
		const scope = nock(ORIGIN)
			.get('/api/v2/me')
			.times(3)
			.reply(429, { detail: API_KEY }, { 'Retry-After': '1' });
		const out = await call(
			{ method: 'GET', path: '/me' },
			{ ...credentials, maxAttempts: 1, maxRetryWaitSeconds: 2.5 },
		);
		expect(scope.isDone()).toBe(true);
		expect(out.error.message).toBe(
			'The service kept rate-limiting the requests (429) after 3 attempts',
		);
		expect(out.error.httpCode).toBe('429');
		expect(out.error.description).toMatch(/Requests per Minute/);
		expectNoKey(out.error);
	});

	it('429 asking for more than the Max Retry Wait: gives up at once instead of waiting', async () => {
		nock(ORIGIN).get('/api/v2/me').reply(429, {}, { 'Retry-After': '3600' });
		const out = await call(
			{ method: 'GET', path: '/me' },
			{ ...credentials, maxRetryWaitSeconds: 300 },
		);
		expect(out.error.message).toMatch(/\(429\) after 1 attempts/);
		expect(time.clock.sleeps.filter((ms) => ms >= 1000)).toEqual([]);
	});

	it.each([
		[503, { detail: 'down' }],
		[502, '<html><body>Bad gateway</body></html>'],
		[504, '<html><body>Gateway timeout</body></html>'],
	])('%i then success: retried after a backoff', async (status, body) => {
		const times = meAnswers([status, body], OK);
		const out = await call({ method: 'GET', path: '/me' });
		expect(out.value).toEqual({ message: 'ok' });
		expect(times[1] - times[0]).toBeGreaterThanOrEqual(500);
		expect(times[1] - times[0]).toBeLessThanOrEqual(1000);
	});

	it('a 504 keeps retrying only within Max Retry Wait', async () => {
		const scope = nock(ORIGIN).get('/api/v2/me').times(3).reply(504, { detail: 'gateway timeout' });
		const out = await call(
			{ method: 'GET', path: '/me' },
			{ ...credentials, maxAttempts: 10, maxRetryWaitSeconds: 3 },
		);
		// Backoff 0.5-1 s, then 1-2 s, then 2-4 s would pass the 3 s: the third answer is the last.
		expect(scope.isDone()).toBe(true);
		expect(out.error.message).toBe('The service was unavailable (504) after 3 attempts');
	});

	it('a 500 is not retried: the service failed on this request', async () => {
		const scope = nock(ORIGIN).get('/api/v2/me').once().reply(500, { detail: 'boom' });
		const out = await call({ method: 'GET', path: '/me' });
		expect(scope.isDone()).toBe(true);
		expect(out.error.message).toBe('The service failed (500)');
	});

	it('503 until the attempts are spent: unavailable after N attempts', async () => {
		const scope = nock(ORIGIN)
			.get('/api/v2/me')
			.times(4)
			.reply(503, `<html>Service Unavailable ${API_KEY}</html>`, { 'Content-Type': 'text/html' });
		const out = await call({ method: 'GET', path: '/me' }, { ...credentials, maxAttempts: 4 });
		expect(scope.isDone()).toBe(true);
		expect(out.error.message).toBe('The service was unavailable (503) after 4 attempts');
		expect(out.error.httpCode).toBe('503');
		expectNoKey(out.error);
	});

	it('a dropped connection (ECONNRESET) then success', async () => {
		const server = await localServer((req, res, hit) => {
			if (hit === 1) req.socket.destroy();
			else res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"message":"ok"}');
		});
		nock.enableNetConnect('127.0.0.1');
		try {
			const out = await call(
				{ method: 'GET', path: '/me' },
				{ ...credentials, baseUrl: `${server.origin}/api/v2` },
			);
			expect(out.threw).toBe(false);
			expect(out.value).toEqual({ message: 'ok' });
			expect(server.hits).toBe(2);
			expect(time.clock.sleeps.some((ms) => ms >= 500 && ms <= 1000)).toBe(true);
		} finally {
			nock.disableNetConnect();
			await server.close();
		}
	});

	it('ECONNRESET until the attempts are spent', async () => {
		const server = await localServer((req) => req.socket.destroy());
		nock.enableNetConnect('127.0.0.1');
		try {
			const baseUrl = `${server.origin}/api/v2`;
			const out = await call(
				{ method: 'GET', path: '/me' },
				{ ...credentials, baseUrl, maxAttempts: 3 },
			);
			expect(server.hits).toBe(3);
			expect(out.error.message).toBe(
				'The connection to the service failed (ECONNRESET) after 3 attempts',
			);
			expect(out.error.description).toContain(baseUrl);
			expectNoKey(out.error);
		} finally {
			nock.disableNetConnect();
			await server.close();
		}
	});

	it('ECONNREFUSED (nothing listening): not retried, readable', async () => {
		const port = await closedPort();
		nock.enableNetConnect('127.0.0.1');
		try {
			const out = await call(
				{ method: 'GET', path: '/me' },
				{ ...credentials, baseUrl: `http://127.0.0.1:${port}/api/v2` },
			);
			expect(out.error.message).toBe('Could not reach the service (ECONNREFUSED)');
			expect(out.error.description).toContain(`http://127.0.0.1:${port}/api/v2`);
			expect(time.clock.sleeps).toEqual([]);
			expectNoKey(out.error);
		} finally {
			nock.disableNetConnect();
		}
	});
});
