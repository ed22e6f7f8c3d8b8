/**
 * apiRequest through a real n8n-core ExecuteContext (callInNode): n8n's own request helper
 * and credential authentication, nock as the service, the virtual clock for every wait.
 */
import nock from 'nock';
import type { IDataObject, IExecuteFunctions, INodeType } from 'n8n-workflow';

import type { ApiRequest } from '../../../nodes/OutreachContact/transport/request';
import { apiRequest } from '../../../nodes/OutreachContact/transport/request';
import type { CredentialsInput } from '../../../harness/n8nHarness';
import {
	callInNode,
	chain,
	closedPort,
	customNode,
	itemsNode,
	localServer,
	reportedErrors,
	runWorkflow,
	secretLeaks,
} from '../../../harness/n8nHarness';
import { useVirtualClock } from '../../support/virtualTime';

// No test waits for real time (virtual clock); the margin is for slow, busy machines.
jest.setTimeout(20_000);

const API_KEY = 'sk-dummy-SECRET-1234567890';
const ORIGIN = 'https://outreach.test';
const BASE = `${ORIGIN}/api/v2`;
const credentials = { baseUrl: BASE, apiKey: API_KEY };

const time = useVirtualClock();

/** What the tests read of a thrown node error. */
type NodeErrorLike = Record<string, unknown> & {
	message: string;
	description?: string;
	httpCode?: string;
};

interface Outcome {
	value?: unknown;
	/** The thrown error (read only when `threw`). */
	error: NodeErrorLike;
	threw: boolean;
}

/** Sends `req` (a retried request unless it says otherwise) through a node's context. */
async function call(
	req: Omit<ApiRequest, 'mayRetry'> & { mayRetry?: boolean },
	creds: CredentialsInput = credentials,
): Promise<Outcome> {
	const { value, error, threw } = await time.clock.run(
		callInNode(async (ctx) => await apiRequest(ctx, { mayRetry: true, ...req }), {
			credentials: creds,
		}),
	);
	// Every error path: the key must not show anywhere in what was thrown.
	if (threw) expectNoKey(error);
	return { value, error: error as NodeErrorLike, threw };
}

/** Fails the test if the key shows anywhere in the error or the parts n8n shows and stores. */
function expectNoKey(thrown: unknown): void {
	const error = thrown as NodeErrorLike;
	expect(error).toBeDefined();
	expect(secretLeaks(error, API_KEY)).toEqual([]);
	for (const part of [
		error.cause,
		error.description,
		error.messages,
		error.context,
		error.message,
	]) {
		expect(JSON.stringify(part) ?? '').not.toContain(API_KEY);
	}
	expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain(API_KEY);
}

/** Virtual time of every request the service received. */
function recordTimes(times: number[]) {
	return () => {
		times.push(time.clock.now());
	};
}

describe('apiRequest: answers', () => {
	it('returns the parsed JSON body of a 200 and sends the raw key as Authorization', async () => {
		let auth: unknown;
		let accept: unknown;
		nock(ORIGIN)
			.get('/api/v2/playbooks/list/')
			.query({ profile_id: '7' })
			.reply(function () {
				auth = this.req.headers.authorization;
				accept = this.req.headers.accept;
				return [200, { data: [{ id: 1 }] }];
			});
		const out = await call({ method: 'GET', path: '/playbooks/list/', qs: { profile_id: 7 } });
		expect(out.threw).toBe(false);
		expect(out.value).toEqual({ data: [{ id: 1 }] });
		expect(auth).toBe(API_KEY);
		expect(accept).toBe('application/json');
	});

	it('sends POST bodies as JSON with Content-Type application/json', async () => {
		let contentType: unknown;
		let raw = '';
		nock(ORIGIN)
			.post('/api/v2/contact/', (body) => {
				raw = JSON.stringify(body);
				return true;
			})
			.reply(function () {
				contentType = this.req.headers['content-type'];
				return [200, { data: { status: 'queued' } }];
			});
		const body = { email: 'a@b.c', sequence_id: 3, playbook_id: 4, custom_fields: { a: 'x' } };
		const out = await call({ method: 'POST', path: '/contact/', body });
		expect(out.value).toEqual({ data: { status: 'queued' } });
		expect(contentType).toMatch(/^application\/json/);
		expect(JSON.parse(raw)).toEqual(body);
	});

	it.each([
		['no trailing slash', BASE],
		['a trailing slash', `${BASE}/`],
		['several trailing slashes', `${BASE}///`],
		['spaces and a trailing slash', `  ${BASE}/  `],
	])('requests the same path with %s on the Base URL', async (_, baseUrl) => {
		const scope = nock(ORIGIN).get('/api/v2/me').reply(200, { message: 'ok' });
		const out = await call({ method: 'GET', path: '/me' }, { ...credentials, baseUrl });
		expect(out.value).toEqual({ message: 'ok' });
		expect(scope.isDone()).toBe(true);
	});

	it.each([
		['ftp://outreach.test/api/v2', /must start with http:\/\/ or https:\/\//],
		['outreach.test/api/v2', /must start with http:\/\/ or https:\/\//],
		['', /no Base URL/],
	])('refuses the Base URL %p before any request', async (baseUrl, message) => {
		const scope = nock(/.*/).get(/.*/).reply(200, {});
		const out = await call({ method: 'GET', path: '/me' }, { ...credentials, baseUrl });
		expect(out.threw).toBe(true);
		expect(out.error.message).toMatch(message);
		expect(scope.isDone()).toBe(false);
		expectNoKey(out.error);
	});

	it('403: says the key was rejected', async () => {
		nock(ORIGIN)
			.get('/api/v2/me')
			.reply(403, { detail: `Invalid key ${API_KEY}` });
		const out = await call({ method: 'GET', path: '/me' });
		expect(out.error.message).toBe('The Outreach Contact API rejected the API key (403)');
		expect(out.error.httpCode).toBe('403');
		expect(out.error.description).toMatch(/paste the account API key/);
		expectNoKey(out.error);
	});

	it('404: names what was not found', async () => {
		nock(ORIGIN).get('/api/v2/contact/42/').reply(404, { detail: 'Not found.' });
		const out = await call({ method: 'GET', path: '/contact/42/', notFound: 'Contact 42' });
		expect(out.error.message).toBe('Contact 42 was not found (404)');
		expect(out.error.httpCode).toBe('404');
		expectNoKey(out.error);
	});

	it('404 without a name: points at the Base URL', async () => {
		nock(ORIGIN)
			.get('/api/v2/me')
			.reply(404, `<html>${API_KEY}</html>`, { 'Content-Type': 'text/html' });
		const out = await call({ method: 'GET', path: '/me' });
		// An HTML 404 is reported as "not JSON" with the status, which also points at the Base URL.
		expect(out.error.message).toMatch(/404/);
		expect(out.error.description).toMatch(/Base URL/);
		expectNoKey(out.error);
	});

	it('404 with a JSON body and no name says "The requested resource"', async () => {
		nock(ORIGIN).get('/api/v2/me').reply(404, { detail: 'Not found.' });
		const out = await call({ method: 'GET', path: '/me' });
		expect(out.error.message).toBe('The requested resource was not found (404)');
		expect(out.error.description).toMatch(/GET \/me/);
	});

	it('an HTML body: status and a short excerpt, no JSON parse error, key removed', async () => {
		const page = `<!doctype html><html><head><title>Login</title></head><body>Your key ${API_KEY} ${'x'.repeat(2000)}</body></html>`;
		nock(ORIGIN).get('/api/v2/me').reply(200, page, { 'Content-Type': 'text/html; charset=utf-8' });
		const out = await call({ method: 'GET', path: '/me' });
		expect(out.error.message).toBe(
			'The service answered with something that is not JSON (HTTP 200, text/html)',
		);
		expect(out.error.description).toContain('<!doctype html><html><head><title>Login</title>');
		expect(out.error.description).toContain('[redacted]');
		expect(String(out.error.description).length).toBeLessThan(400);
		expect(JSON.stringify(out.error)).not.toMatch(/Unexpected token|SyntaxError|JSON\.parse/);
		expectNoKey(out.error);
	});

	it('an HTML 502 from a proxy, for good: retried like 503, then the status in the message', async () => {
		const scope = nock(ORIGIN)
			.get('/api/v2/me')
			.times(3)
			.reply(502, '<html><body>Bad gateway</body></html>', { 'Content-Type': 'text/html' });
		const out = await call({ method: 'GET', path: '/me' }, { ...credentials, maxAttempts: 3 });
		expect(scope.isDone()).toBe(true);
		expect(out.error.message).toBe('The service was unavailable (502) after 3 attempts');
		expect(out.error.httpCode).toBe('502');
		expect(out.error.description).toContain('raise "Max Attempts per Request"');
	});

	it('another 4xx: quotes the service, with the key removed', async () => {
		nock(ORIGIN)
			.post('/api/v2/contact/')
			.reply(400, { detail: `email is required (key ${API_KEY})` });
		const out = await call({ method: 'POST', path: '/contact/', body: { email: '' } });
		expect(out.error.message).toBe('The service refused the request (400)');
		expect(out.error.description).toContain('email is required');
		expect(out.error.description).toContain('[redacted]');
		expectNoKey(out.error);
	});

	it('an empty 200 body is undefined, not an error', async () => {
		nock(ORIGIN).get('/api/v2/me').reply(200, '');
		const out = await call({ method: 'GET', path: '/me' });
		expect(out.threw).toBe(false);
		expect(out.value).toBeUndefined();
	});
});

describe('apiRequest: retries', () => {
	it('429 with Retry-After: waits that many seconds plus a little jitter, then succeeds', async () => {
		const times: number[] = [];
		nock(ORIGIN)
			.get('/api/v2/me')
			.reply(function () {
				recordTimes(times)();
				return [429, { detail: 'slow down' }, { 'Retry-After': '7' }];
			})
			.get('/api/v2/me')
			.reply(function () {
				recordTimes(times)();
				return [200, { message: 'ok' }];
			});
		const out = await call({ method: 'GET', path: '/me' });
		expect(out.value).toEqual({ message: 'ok' });
		expect(times).toHaveLength(2);
		const gap = times[1] - times[0];
		expect(gap).toBeGreaterThanOrEqual(7000);
		expect(gap).toBeLessThanOrEqual(7250);
		expect(time.clock.sleeps.some((ms) => ms >= 7000 && ms <= 7250)).toBe(true);
	});

	it('429 with an HTTP-date Retry-After waits until that date', async () => {
		const times: number[] = [];
		nock(ORIGIN)
			.get('/api/v2/me')
			.reply(function () {
				recordTimes(times)();
				return [429, {}, { 'Retry-After': new Date(time.clock.now() + 20_000).toUTCString() }];
			})
			.get('/api/v2/me')
			.reply(function () {
				recordTimes(times)();
				return [200, { message: 'ok' }];
			});
		const out = await call({ method: 'GET', path: '/me' });
		expect(out.value).toEqual({ message: 'ok' });
		expect(times[1] - times[0]).toBeGreaterThanOrEqual(20_000);
		expect(times[1] - times[0]).toBeLessThanOrEqual(20_250);
	});

	it('429 without Retry-After: exponential backoff', async () => {
		const times: number[] = [];
		const interceptor = nock(ORIGIN);
		for (let i = 0; i < 3; i++) {
			interceptor.get('/api/v2/me').reply(function () {
				recordTimes(times)();
				return [429, {}];
			});
		}
		interceptor.get('/api/v2/me').reply(function () {
			recordTimes(times)();
			return [200, { message: 'ok' }];
		});
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
		const times: number[] = [];
		nock(ORIGIN)
			.get('/api/v2/me')
			.reply(function () {
				recordTimes(times)();
				return [status, body];
			})
			.get('/api/v2/me')
			.reply(function () {
				recordTimes(times)();
				return [200, { message: 'ok' }];
			});
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

describe('apiRequest: errors as n8n stores them', () => {
	it('a failing node leaves no key in the stored run or in what n8n reports', async () => {
		const failing: INodeType = {
			description: {
				displayName: 'Fail',
				name: 'test.fail',
				group: ['transform'],
				version: 1,
				description: 'Calls the API',
				defaults: { name: 'Fail' },
				inputs: ['main'],
				outputs: ['main'],
				credentials: [{ name: 'outreachContactApi', required: true }],
				properties: [],
			} as unknown as INodeType['description'],
			async execute(this: IExecuteFunctions) {
				const body = (await apiRequest(this, {
					method: 'GET',
					path: '/me',
					mayRetry: true,
				})) as IDataObject;
				return [[{ json: body }]];
			},
		};
		for (const reply of [
			() => nock(ORIGIN).get('/api/v2/me').reply(403, { detail: API_KEY }),
			() =>
				nock(ORIGIN)
					.get('/api/v2/me')
					.reply(200, `<p>${API_KEY}</p>`, { 'Content-Type': 'text/html' }),
			() =>
				nock(ORIGIN)
					.get('/api/v2/me')
					.reply(418, { echo: { key: API_KEY } }),
			async () => `http://127.0.0.1:${await closedPort()}/api/v2`,
		]) {
			const baseUrl = (await reply()) as unknown;
			nock.enableNetConnect('127.0.0.1');
			const result = await time.clock.run(
				runWorkflow(
					{
						nodes: [itemsNode('In', [{}]), customNode('Fail', 'test.fail')],
						connections: chain('In', 'Fail'),
					},
					{
						credentials: typeof baseUrl === 'string' ? { ...credentials, baseUrl } : credentials,
						extraNodeTypes: { 'test.fail': failing },
					},
				),
			);
			nock.disableNetConnect();
			const error = result.errorOf('Fail');
			expect(error).toBeDefined();
			expect(secretLeaks(result.run, API_KEY)).toEqual([]);
			expect(secretLeaks(reportedErrors, API_KEY)).toEqual([]);
			expect(reportedErrors.length).toBeGreaterThan(0);
			expectNoKey(error);
		}
	});
});
