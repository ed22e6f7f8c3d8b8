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

	it('is set from the command line, and refuses values it does not know', async () => {
		expect(
			parseCli(['--pagination', 'endless', '--answer', 'wrong-shape', '--status', '504'], {}),
		).toMatchObject({
			pagination: 'endless',
			answer: 'wrong-shape',
			status: 504,
		});
		await expect(startSandbox({ pagination: 'sometimes' as never })).rejects.toThrow(
			"pagination must be 'normal' or 'endless'",
		);
		await expect(startSandbox({ status: 42 })).rejects.toThrow('status must be 0 (off)');
	});
});
