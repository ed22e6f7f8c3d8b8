/**
 * apiRequest through a real n8n-core ExecuteContext (callInNode): n8n's own request helper
 * and credential authentication, nock as the service, the virtual clock for every wait: answers and error texts, and errors as n8n stores them.
 * Retries are requestRetries.test.ts.
 */
import nock from 'nock';
import type { IDataObject, IExecuteFunctions, INodeType } from 'n8n-workflow';

import { apiRequest } from '../../../nodes/OutreachContact/transport/request';
import {
	chain,
	closedPort,
	customNode,
	itemsNode,
	reportedErrors,
	runWorkflow,
	secretLeaks,
} from '../../../harness/n8nHarness';
import {
	API_KEY,
	BASE,
	credentials,
	expectNoKey,
	ORIGIN,
	useApiCalls,
} from '../../support/apiCall';

// No test waits for real time (virtual clock); the margin is for slow, busy machines.
jest.setTimeout(20_000);

const { time, call } = useApiCalls();

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
			const reportedBefore = reportedErrors.length;
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
			// this case's failure reached n8n's error reporter (not only an earlier one)
			expect(reportedErrors.length).toBeGreaterThan(reportedBefore);
			expectNoKey(error);
		}
	});
});
