import { startSandbox, type Sandbox } from '../../sandbox/server';
import { api } from './helpers';

async function statuses(sandbox: Sandbox, count: number): Promise<number[]> {
	const result: number[] = [];
	for (let i = 0; i < count; i++) result.push((await api(sandbox, 'GET', '/me')).status);
	return result;
}

describe('sandbox fault injection', () => {
	it('answers a seeded, repeatable share of requests with 503', async () => {
		const runs: number[][] = [];
		for (const faultSeed of [42, 42, 7]) {
			const sandbox = await startSandbox({ rateLimit: 0, faultRate: 0.3, faultSeed });
			try {
				runs.push(await statuses(sandbox, 40));
			} finally {
				await sandbox.close();
			}
		}
		const [first, same, other] = runs as [number[], number[], number[]];
		expect(same).toEqual(first);
		expect(other).not.toEqual(first);
		const failures = first.filter((s) => s === 503).length;
		expect(failures).toBeGreaterThan(3);
		expect(failures).toBeLessThan(25);
		expect(first.every((s) => s === 200 || s === 503)).toBe(true);
	});

	it('fails everything at rate 1 and nothing at rate 0, with a JSON 503 body', async () => {
		const sandbox = await startSandbox({ faultRate: 1 });
		try {
			const res = await api(sandbox, 'GET', '/me');
			expect(res.status).toBe(503);
			expect(typeof res.body.detail).toBe('string');
			sandbox.settings.faultRate = 0;
			expect(await statuses(sandbox, 5)).toEqual([200, 200, 200, 200, 200]);
		} finally {
			await sandbox.close();
		}
	});

	describe('forced responses and HTML', () => {
		let sandbox: Sandbox;
		beforeAll(async () => {
			sandbox = await startSandbox({ rateLimit: 0 });
		});
		afterAll(() => sandbox.close());
		afterEach(() => {
			sandbox.clearForced();
			sandbox.settings.htmlResponses = 'off';
		});

		it('forces the next N responses, then answers normally', async () => {
			sandbox.forceNext(2, 503);
			expect(await statuses(sandbox, 3)).toEqual([503, 503, 200]);
		});

		it('forces a 429 with Retry-After (1 by default, or as given)', async () => {
			sandbox.forceNext(1, 429);
			sandbox.forceNext(1, 429, { headers: { 'Retry-After': '7' } });
			expect((await api(sandbox, 'GET', '/me')).headers.get('retry-after')).toBe('1');
			expect((await api(sandbox, 'GET', '/me')).headers.get('retry-after')).toBe('7');
		});

		it('applies a forced response before auth and routing, with a custom body', async () => {
			sandbox.forceNext(1, 500, { body: { error: 'boom' } });
			const res = await api(sandbox, 'GET', '/no/such/path', undefined, {});
			expect(res.status).toBe(500);
			expect(res.body).toEqual({ error: 'boom' });
		});

		it('can force an HTML page', async () => {
			sandbox.forceNext(1, 502, { html: true });
			const res = await api(sandbox, 'GET', '/me');
			expect(res.status).toBe(502);
			expect(res.headers.get('content-type')).toMatch(/^text\/html/);
			expect(res.body).toMatch(/^<!DOCTYPE html>/);
		});

		it("answers errors as HTML with htmlResponses 'errors', everything with 'all'", async () => {
			sandbox.settings.htmlResponses = 'errors';
			const denied = await api(sandbox, 'GET', '/me', undefined, {});
			expect(denied.status).toBe(403);
			expect(denied.headers.get('content-type')).toMatch(/^text\/html/);
			expect((await api(sandbox, 'GET', '/me')).headers.get('content-type')).toBe(
				'application/json',
			);

			sandbox.settings.htmlResponses = 'all';
			const ok = await api(sandbox, 'GET', '/me');
			expect(ok.status).toBe(200);
			expect(ok.body).toMatch(/<html>/);
		});
	});

	it('delays answers by latencyMs and records peak concurrency', async () => {
		const sandbox = await startSandbox({ rateLimit: 0, latencyMs: 80 });
		try {
			const started = Date.now();
			const results = await Promise.all(
				Array.from({ length: 5 }, () => api(sandbox, 'GET', '/me')),
			);
			expect(Date.now() - started).toBeGreaterThanOrEqual(75);
			expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
			expect(sandbox.stats.peakInFlight).toBe(5);
			expect(sandbox.stats.inFlight).toBe(0);
		} finally {
			await sandbox.close();
		}
	});
});

describe('sandbox stats', () => {
	it('counts requests by route and status, and contacts created', async () => {
		const sandbox = await startSandbox({ rateLimit: 0 });
		try {
			await api(sandbox, 'GET', '/me');
			await api(sandbox, 'GET', '/me', undefined, {});
			await api(sandbox, 'GET', '/contact/5/');
			await api(sandbox, 'GET', '/missing');
			const body = { email: 'stats@example.com', sequence_id: 101, playbook_id: 201 };
			await api(sandbox, 'POST', '/contact/', body);
			await api(sandbox, 'POST', '/contact/', body);
			expect(sandbox.stats).toMatchObject({
				requests: 6,
				byPath: { 'GET /me': 2, 'GET /contact/<id>/': 1, unmatched: 1, 'POST /contact/': 2 },
				byStatus: { 200: 3, 403: 1, 404: 2 },
				byPathStatus: { 'GET /me': { 200: 1, 403: 1 }, 'POST /contact/': { 200: 2 } },
				contactsCreated: 1,
				rateLimited: 0,
			});
			sandbox.stats.reset();
			expect(sandbox.stats.requests).toBe(0);
			expect(sandbox.stats.byPath).toEqual({});
		} finally {
			await sandbox.close();
		}
	});

	it('seeds contacts on request', async () => {
		const sandbox = await startSandbox({ seedContacts: 12 });
		try {
			const res = await api(sandbox, 'POST', '/contact/search/', { page_size: 50 });
			expect(res.body.pagination.total_contacts).toBe(12);
			expect(
				res.body.contacts.filter(
					(c: { enriched_contact_data: unknown }) => c.enriched_contact_data !== null,
				),
			).toHaveLength(4);
		} finally {
			await sandbox.close();
		}
	});
});
