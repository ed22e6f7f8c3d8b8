/**
 * The credential's "Test" button, as n8n runs it: its `test.request` through n8n-core's
 * RoutingNode (expressions in baseURL resolved by n8n, auth applied by the credential's
 * `authenticate`), then its `rules` (see runCredentialTest in the harness).
 */
import nock from 'nock';

import { OutreachContactApi } from '../../credentials/OutreachContactApi.credentials';
import { CREDENTIAL_LIMITS } from '../../nodes/OutreachContact/transport/defaults';
import { closedPort, localServer, runCredentialTest, secretLeaks } from '../../harness/n8nHarness';

jest.setTimeout(20_000);

const API_KEY = 'sk-dummy-SECRET-1234567890';
const ORIGIN = 'https://outreach.test';
const BASE = `${ORIGIN}/api/v2`;

/** Answers /me once with 200; what the request carried is read after the test ran it. */
function answerMe(): { authorization?: unknown } {
	const sent: { authorization?: unknown } = {};
	nock(ORIGIN)
		.get('/api/v2/me')
		.reply(function () {
			sent.authorization = this.req.headers.authorization;
			return [200, { message: 'You are authorized' }];
		});
	return sent;
}

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

function expectNoKey(outcome: { message: string; error?: unknown }) {
	expect(outcome.message).not.toContain(API_KEY);
	expect(secretLeaks(outcome.message, API_KEY)).toEqual([]);
}

describe('credential OutreachContactApi', () => {
	it('declares the public names, the trimmed raw-key header and the /me test', () => {
		const credential = new OutreachContactApi();
		expect(credential.name).toBe('outreachContactApi');
		expect(credential.properties.map((p) => p.name)).toEqual(
			expect.arrayContaining(['baseUrl', 'apiKey']),
		);
		expect(credential.properties.find((p) => p.name === 'apiKey')?.typeOptions?.password).toBe(
			true,
		);
		expect(credential.test.request.url).toBe('/me');
	});

	// Issue 50: no expression per request. On n8n 2.x an expression needs the workflow's
	// expression isolate, which two polling triggers of one workflow take from each other.
	it('sets the whole Authorization header from the trimmed key with a function, no expression', async () => {
		const { authenticate } = new OutreachContactApi();
		expect(typeof authenticate).toBe('function');
		if (typeof authenticate !== 'function') return;
		const options = { url: '/me', headers: { Accept: 'application/json' } };
		const out = await authenticate({ baseUrl: BASE, apiKey: ` ${API_KEY}\n` }, options);
		expect(out).toEqual({
			url: '/me',
			headers: { Accept: 'application/json', Authorization: API_KEY },
		});
		expect(options.headers).toEqual({ Accept: 'application/json' }); // the caller's untouched
		const numeric = await authenticate({ apiKey: 12345 }, { url: '/me' });
		expect(numeric.headers).toEqual({ Authorization: '12345' });
		const missing = await authenticate({}, { url: '/me' });
		expect(missing.headers).toEqual({ Authorization: '' });
	});

	it('keeps the fields a saved credential holds: names, types, the password field (saved credentials keep working)', () => {
		const fields = new OutreachContactApi().properties.map((p) => [p.name, p.type]);
		expect(fields).toEqual([
			['baseUrl', 'string'],
			['apiKey', 'string'],
			['requestsPerMinute', 'number'],
			['maxAttempts', 'number'],
			['maxRetryWaitSeconds', 'number'],
		]);
	});

	it('a credential as 1.0.0 saved it passes Test, the key sent trimmed', async () => {
		const sent = answerMe();
		const saved = {
			baseUrl: `${BASE}/`,
			apiKey: ` ${API_KEY}`,
			requestsPerMinute: 200,
			maxAttempts: 6,
			maxRetryWaitSeconds: 300,
		};
		const outcome = await runCredentialTest(saved);
		expect(outcome.status).toBe('OK');
		expect(sent.authorization).toBe(API_KEY);
	});

	it.each([
		[
			'Requests per Minute',
			'requestsPerMinute',
			'at most 10,000 (a larger value counts as 10,000)',
		],
		['Max Attempts per Request', 'maxAttempts', 'at most 20 (a larger value counts as 20)'],
		[
			'Max Retry Wait (Seconds)',
			'maxRetryWaitSeconds',
			'at most 3,600 seconds (a larger value counts as 3,600)',
		],
	] as const)(
		'%s: default and bounds from defaults.ts, the maximum in its description',
		(displayName, name, stated) => {
			const field = new OutreachContactApi().properties.find((p) => p.name === name);
			const limits = CREDENTIAL_LIMITS[name];
			expect(field).toMatchObject({
				displayName,
				type: 'number',
				default: limits.default,
				typeOptions: { minValue: limits.min, maxValue: limits.max },
			});
			expect(field?.description).toContain(stated);
		},
	);

	it('the bounds: 10,000 requests per minute, 20 attempts, an hour of retrying', () => {
		expect(CREDENTIAL_LIMITS.requestsPerMinute.max).toBe(10_000);
		expect(CREDENTIAL_LIMITS.maxAttempts.max).toBe(20);
		expect(CREDENTIAL_LIMITS.maxRetryWaitSeconds.max).toBe(3_600);
	});

	it.each([
		['a trailing space', `${API_KEY} `],
		['a trailing line break', `${API_KEY}\n`],
		['spaces and a tab around', `  ${API_KEY}\t`],
		// axios strips the others itself (n8n 2.x), not this one: only the trim does.
		['a trailing non-breaking space', `${API_KEY}\u00a0`],
	])('a key pasted with %s: OK, and the request carried the key trimmed', async (_, apiKey) => {
		const sent = answerMe();
		const outcome = await runCredentialTest({ baseUrl: BASE, apiKey });
		expect(outcome).toMatchObject({ status: 'OK', message: 'Connection successful!' });
		expect(sent.authorization).toBe(API_KEY);
	});

	it('a good key: OK, and the request carried the raw key', async () => {
		const sent = answerMe();
		const outcome = await runCredentialTest({ baseUrl: BASE, apiKey: API_KEY });
		expect(outcome).toMatchObject({ status: 'OK', message: 'Connection successful!' });
		expect(sent.authorization).toBe(API_KEY);
	});

	it.each([
		['a trailing slash', `${BASE}/`],
		['several trailing slashes', `${BASE}//`],
		['surrounding spaces', `  ${BASE}/ `],
	])('tolerates %s on the Base URL (same path /api/v2/me)', async (_, baseUrl) => {
		const scope = nock(ORIGIN).get('/api/v2/me').reply(200, { message: 'ok' });
		const outcome = await runCredentialTest({ baseUrl, apiKey: API_KEY });
		expect(outcome.status).toBe('OK');
		expect(scope.isDone()).toBe(true);
	});

	it('a wrong key (403): our readable message', async () => {
		nock(ORIGIN)
			.get('/api/v2/me')
			.reply(403, { detail: `Invalid key ${API_KEY}` });
		const outcome = await runCredentialTest({ baseUrl: BASE, apiKey: API_KEY });
		expect(outcome.status).toBe('Error');
		expect(outcome.message).toBe(
			'The service rejected the API key (403). Copy the key again from the account settings of the service.',
		);
		expectNoKey(outcome);
	});

	it('404: our message about the Base URL', async () => {
		nock(ORIGIN).get('/api/v2/me').reply(404, 'Not Found');
		const outcome = await runCredentialTest({ baseUrl: BASE, apiKey: API_KEY });
		expect(outcome.status).toBe('Error');
		expect(outcome.message).toBe(
			'The Base URL has no /me endpoint (404). Check that it is the API address of the service and ends in /api/v2.',
		);
	});

	it('another failure status falls back to the status text', async () => {
		nock(ORIGIN).get('/api/v2/me').reply(500, { detail: API_KEY });
		const outcome = await runCredentialTest({ baseUrl: BASE, apiKey: API_KEY });
		expect(outcome.status).toBe('Error');
		expect(outcome.message).toBe('Internal Server Error');
	});

	it('nothing listening (closed localhost port): fails with ECONNREFUSED', async () => {
		const port = await closedPort();
		nock.enableNetConnect('127.0.0.1');
		try {
			const outcome = await runCredentialTest({
				baseUrl: `http://127.0.0.1:${port}/api/v2`,
				apiKey: API_KEY,
			});
			expect(outcome.status).toBe('Error');
			expect(outcome.message).toBe('ECONNREFUSED');
		} finally {
			nock.disableNetConnect();
		}
	});

	it('a dropped connection: fails with its code', async () => {
		const server = await localServer((req) => req.socket.destroy());
		nock.enableNetConnect('127.0.0.1');
		try {
			const outcome = await runCredentialTest({
				baseUrl: `${server.origin}/api/v2`,
				apiKey: API_KEY,
			});
			expect(outcome).toMatchObject({ status: 'Error', message: 'ECONNRESET' });
		} finally {
			nock.disableNetConnect();
			await server.close();
		}
	});

	it('an HTML page with 200 (the web app, not the API): our "not like the API" message', async () => {
		nock(ORIGIN)
			.get('/api/v2/me')
			.reply(200, '<!doctype html><html><body><h1>Welcome</h1></body></html>', {
				'Content-Type': 'text/html; charset=utf-8',
			});
		const outcome = await runCredentialTest({ baseUrl: BASE, apiKey: API_KEY });
		expect(outcome.status).toBe('Error');
		expect(outcome.message).toMatch(/answered, but not like the Outreach Contact API/);
	});

	it('JSON with 200 but no message: the same "not like the API" message', async () => {
		nock(ORIGIN).get('/api/v2/me').reply(200, { status: 'ok' });
		const outcome = await runCredentialTest({ baseUrl: BASE, apiKey: API_KEY });
		expect(outcome.status).toBe('Error');
		expect(outcome.message).toMatch(/not like the Outreach Contact API/);
	});

	it.each([
		['ftp://outreach.test/api/v2', 'ftp://outreach.test/api/v2'],
		['outreach.test/api/v2', 'outreach.test/api/v2'],
		['nothing', ''],
		['with user:pass@', 'https://joe:hunter2secret@outreach.test/api/v2'],
		['with an empty user name', 'https://@outreach.test/api/v2'],
		['with a query string', 'https://outreach.test/api/v2?token=hunter2secret'],
		['with a fragment', 'https://outreach.test/api/v2#hunter2secret'],
		['with a space inside', 'https://outreach.test/api v2'],
		['of 2,100 characters', `https://outreach.test/${'a'.repeat(2_100)}`],
	])('Base URL %s: fails before any request is sent', async (_, baseUrl) => {
		const scope = nock(/.*/).get(/.*/).reply(200, { message: 'ok' });
		const outcome = await runCredentialTest({ baseUrl, apiKey: API_KEY });
		expect(outcome.status).toBe('Error');
		// The credential's expression throws "The Base URL must be an http:// or https:// address ...",
		// but n8n swallows errors thrown inside expressions (legacy and VM engines), so the
		// tester reports n8n's own URL error (ERR_INVALID_URL in n8n; "Invalid URL" under jest).
		expect(outcome.message).toMatch(/^(Invalid URL|ERR_INVALID_URL)$/);
		expect(scope.isDone()).toBe(false);
		expectNoKey(outcome);
		expect(outcome.message).not.toContain('hunter2secret');
	});
});
