import { parseCli } from '../../sandbox/cliOptions';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { api } from './helpers';

/** The sandbox's deliberate misbehaviour (sandbox/misbehaviour.ts), over HTTP. */
describe('sandbox misbehaviour', () => {
	let sandbox: Sandbox;
	beforeEach(async () => {
		sandbox = await startSandbox({ rateLimit: 0, maxPageSize: 10, seedContacts: 15 });
	});
	afterEach(async () => await sandbox.close());

	const page = async (n: number) =>
		await api(sandbox, 'POST', '/contact/search/', { conditions: [], page: n, page_size: 10 });

	it('endless pagination: each page announces one more, pages past the end repeat the last', async () => {
		sandbox.settings.pagination = 'endless';
		const [first, second, far] = [await page(1), await page(2), await page(9)];
		expect(first.body.pagination).toEqual({
			total_contacts: 20,
			page: 1,
			total_pages: 2,
			page_size: 10,
		});
		expect(second.body.contacts).toHaveLength(5);
		expect(far.status).toBe(200);
		expect(far.body.pagination.total_pages).toBe(10);
		expect(far.body.contacts).toEqual(second.body.contacts);
	});

	it('wrong-shape answers replace every success, not the errors', async () => {
		sandbox.settings.answer = 'wrong-shape';
		expect((await api(sandbox, 'GET', '/sequences/list/')).body).toEqual({
			results: 'unexpected',
			ok: true,
		});
		expect((await api(sandbox, 'GET', '/contact/99999999/')).status).toBe(404);
	});

	it('a forced status answers every request as a gateway would: an HTML page', async () => {
		sandbox.settings.status = 502;
		const answer = await api(sandbox, 'GET', '/me');
		expect(answer.status).toBe(502);
		expect(answer.headers.get('content-type')).toContain('text/html');
	});

	/** One request, redirects not followed. */
	const raw = async (url: string, init: RequestInit = {}) =>
		await fetch(url, { ...init, redirect: 'manual' });

	it.each([301, 302, 303, 307, 308])(
		'redirect %i: every request is sent to the same path and query on a second server',
		async (status) => {
			sandbox.settings.redirect = status;
			const answer = await raw(`${sandbox.baseUrl}/contact/search/?x=1`, {
				method: 'POST',
				headers: { Authorization: sandbox.apiKey, 'Content-Type': 'application/json' },
				body: '{}',
			});
			const { origin } = sandbox.redirectTarget;
			expect(answer.status).toBe(status);
			expect(answer.headers.get('location')).toBe(`${origin}/api/v2/contact/search/?x=1`);
			expect(new URL(origin).origin).not.toBe(new URL(sandbox.baseUrl).origin);
			expect(sandbox.redirectTarget.requests).toEqual([]);
		},
	);

	it('the second server records what reaches it and answers like the service, key and all', async () => {
		const { id } = sandbox.store.listContacts()[0];
		sandbox.settings.redirect = 302;
		const location = (await raw(`${sandbox.baseUrl}/contact/${id}/`)).headers.get('location');
		const withKey = await raw(location!, { headers: { Authorization: sandbox.apiKey } });
		const withoutKey = await raw(location!);
		expect(withKey.status).toBe(200);
		expect(await withKey.json()).toMatchObject({ data: { id, email: expect.any(String) } });
		expect(withoutKey.status).toBe(403);
		expect(
			sandbox.redirectTarget.requests.map((r) => [r.method, r.path, r.headers.authorization]),
		).toEqual([
			['GET', `/api/v2/contact/${id}/`, sandbox.apiKey],
			['GET', `/api/v2/contact/${id}/`, undefined],
		]);
		// The service itself saw only the request it redirected.
		expect(sandbox.stats.requests).toBe(1);
	});

	it('a same-origin redirect points below /moved on the same server, which serves there', async () => {
		sandbox.settings.redirect = 308;
		sandbox.settings.redirectOrigin = 'same';
		const answer = await raw(`${sandbox.baseUrl}/sequences/list/`);
		expect(answer.status).toBe(308);
		expect(answer.headers.get('location')).toBe('/moved/api/v2/sequences/list/');
		const moved = await raw(new URL('/moved/api/v2/sequences/list/', sandbox.baseUrl).href, {
			headers: { Authorization: sandbox.apiKey },
		});
		expect(moved.status).toBe(200);
		expect(sandbox.redirectTarget.requests.map((r) => r.path)).toEqual([
			'/moved/api/v2/sequences/list/',
		]);
	});

	it('is set from the command line, and refuses values it does not know', async () => {
		expect(
			parseCli(['--pagination', 'endless', '--answer', 'wrong-shape', '--status', '504'], {}),
		).toMatchObject({
			pagination: 'endless',
			answer: 'wrong-shape',
			status: 504,
		});
		expect(parseCli(['--redirect', '307', '--redirect-origin', 'same'], {})).toMatchObject({
			redirect: 307,
			redirectOrigin: 'same',
		});
		await expect(startSandbox({ redirect: 200 })).rejects.toThrow(
			'redirect must be 0 (off), 301, 302, 303, 307 or 308',
		);
		await expect(startSandbox({ redirectOrigin: 'far' as never })).rejects.toThrow(
			"redirectOrigin must be 'other' or 'same'",
		);
		await expect(startSandbox({ pagination: 'sometimes' as never })).rejects.toThrow(
			"pagination must be one of 'normal', 'endless', 'misreported-size'",
		);
		await expect(startSandbox({ status: 42 })).rejects.toThrow('status must be 0 (off)');
	});
});
