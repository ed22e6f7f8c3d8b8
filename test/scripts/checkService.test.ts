import { runCheckService } from '../../scripts/checkService/run';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/server';
import { findingLines, lineAbout, secretForms } from './checkServiceLines';

/**
 * `npm run check-service` run in-process (its main function, output collected) against the
 * sandbox: as the service behaves by default, every answer is handled; in each other form the
 * interface leaves open, the line about it says what the nodes do, and exit 1 where they fail.
 */

// A key with characters that JSON and URLs escape, so that every form of it is looked for.
const KEY = 'chk-Key "7" /+ ümlaut';
const WRITE = ['--write', '--sequence-id', '101', '--playbook-id', '201'];

let sandbox: Sandbox | undefined;
afterEach(async () => {
	await sandbox?.close();
	sandbox = undefined;
});

async function check(
	options: SandboxOptions,
	args: string[] = [],
): Promise<{ code: number; output: string[]; service: Sandbox }> {
	const service = await startSandbox({
		apiKey: KEY,
		seedContacts: 20,
		processingMs: 200,
		...options,
	});
	sandbox = service;
	const output: string[] = [];
	const code = await runCheckService(
		['--base-url', service.baseUrl, ...args],
		{ OUTREACH_API_KEY: KEY },
		(line) => output.push(line),
	);
	return { code, output, service };
}

describe('check-service against the sandbox', () => {
	it('as it is: every answer handled, exit 0, and the key nowhere in the output', async () => {
		const { code, output } = await check({ rateLimit: 40 }, [
			'--profile-id',
			'1',
			...WRITE,
			'--burst',
		]);
		expect(code).toBe(0);
		const lines = findingLines(output);
		expect(lines.map((line) => line.topic)).toEqual([
			'/me (connection test)',
			'a wrong API key',
			'playbooks list',
			'sequences list',
			'Get Profile',
			'search page size',
			'search page after the last',
			'search result order',
			'created_date format',
			'service clock vs created_date',
			'Get contact',
			'a 404 and its body',
			'Add',
			'Add again (duplicate)',
			'new contact searchable',
			'created_date of the new contact',
			'snippets of the new contact',
			'contact with snippets found by updated_timestamp',
			'429 and Retry-After',
		]);
		expect(lines.filter((line) => line.verdict !== 'handled')).toEqual([]);
		expect(lineAbout(output, 'search page size').text).toContain('page_size 100, 20 contacts');
		expect(lineAbout(output, 'search result order').text).toContain('got newest first');
		expect(lineAbout(output, 'created_date of the new contact').text).toContain(
			"within 2 min of the service's clock",
		);
		expect(lineAbout(output, '429 and Retry-After').text).toMatch(/Retry-After "\d+" \(seconds\)/);
		expect(output[output.length - 2]).toMatch(/^19 checks: 19 handled, 0 not handled/);
		for (const form of secretForms(KEY)) expect(output.join('\n')).not.toContain(form);
	});

	it('redacts the key where the service quotes it', async () => {
		const service = await startSandbox({ apiKey: KEY });
		sandbox = service;
		service.forceNext(1, 200, { body: { message: `Authorized: ${KEY}` } });
		const output: string[] = [];
		const code = await runCheckService(
			['--base-url', service.baseUrl],
			{ OUTREACH_API_KEY: KEY },
			(line) => output.push(line),
		);
		expect(code).toBe(0);
		expect(lineAbout(output, '/me (connection test)').text).toContain('"Authorized: [redacted]"');
		for (const form of secretForms(KEY)) expect(output.join('\n')).not.toContain(form);
	});

	it('zone-less created dates (Tokyo time): read as UTC, the offset told, measured on a new contact', async () => {
		const { code, output } = await check(
			{ createdDates: 'zoneless', timezone: 'Asia/Tokyo' },
			WRITE,
		);
		expect(code).toBe(0);
		expect(lineAbout(output, 'created_date format').text).toContain('6-digit fraction, no zone');
		const clock = lineAbout(output, 'service clock vs created_date');
		expect(clock.verdict).toBe('handled');
		// The newest seeded contact is 6 h old: its Tokyo time reads 3 h ahead of the clock.
		expect(clock.text).toContain(
			'created_date has no zone, read as UTC; the newest reading is 3 h ahead',
		);
		const measured = lineAbout(output, 'created_date of the new contact');
		expect(measured.verdict).toBe('handled');
		expect(measured.text).toContain(
			"9 h ahead of the service's clock (local time of a zone 9 h east of UTC",
		);
	});

	it.each([
		['epoch seconds', { createdDates: 'epoch' }, 'created_date format', 'handled', 'epoch seconds'],
		[
			'dates it cannot read',
			{ createdDates: 'us' },
			'created_date format',
			'NOT HANDLED',
			'cannot place 20 of them',
		],
		['oldest first', { order: 'oldest' }, 'search result order', 'handled', 'got oldest first'],
		[
			'no order',
			{ order: 'unordered' },
			'search result order',
			'handled',
			'reads its whole window',
		],
		[
			'a bare profile',
			{ profileEnvelope: false },
			'Get Profile',
			'handled',
			'a bare profile object',
		],
		[
			'the profile id as ?id=',
			{ profileParam: 'id' },
			'Get Profile',
			'NOT HANDLED',
			'GET /profiles/get/?id=1 answers the profile',
		],
		[
			'pages capped silently',
			{ pagination: 'misreported-size', maxPageSize: 10 },
			'search page size',
			'NOT HANDLED',
			'would skip 10 contacts a page',
		],
		[
			'endless pages',
			{ pagination: 'endless', maxPageSize: 10 },
			'search page after the last',
			'NOT HANDLED',
			'serves 10 contacts past its last page',
		],
		[
			'answers of another shape',
			{ answer: 'wrong-shape' },
			'sequences list',
			'NOT HANDLED',
			'Expected a JSON object with a "data" list',
		],
		[
			'HTML error pages',
			{ htmlResponses: 'errors' },
			'a 404 and its body',
			'handled',
			'is not JSON',
		],
	] as const)('%s', async (_name, options, topic, verdict, says) => {
		const { code, output } = await check(options as SandboxOptions, ['--profile-id', '1']);
		const line = lineAbout(output, topic);
		expect(line.verdict).toBe(verdict);
		expect(line.text).toContain(says);
		expect(code).toBe(verdict === 'NOT HANDLED' ? 1 : 0);
	});

	it('a duplicate answered 409: the repeated Add is not handled', async () => {
		const { code, output } = await check({ duplicateAnswer: 'conflict' }, WRITE);
		const line = lineAbout(output, 'Add again (duplicate)');
		expect(line.verdict).toBe('NOT HANDLED');
		expect(line.text).toContain('got 409');
		expect(code).toBe(1);
	});

	it.each([
		['date', 'Retry-After "', '(an HTTP date)'],
		['none', 'no Retry-After', 'exponential backoff'],
	] as const)('a 429 with Retry-After as %s: handled, and how', async (retryAfter, got, nodes) => {
		const { code, output } = await check({ retryAfter, rateLimit: 15 }, ['--burst']);
		const line = lineAbout(output, '429 and Retry-After');
		expect(line.verdict).toBe('handled');
		expect(line.text).toContain(got);
		expect(line.text).toContain(nodes);
		expect(code).toBe(0);
	});

	it.each([
		['a gateway answering 502', { status: 502 }, 'got 502'],
		['a redirect', { redirect: 302 }, 'never follow a redirect'],
	] as const)('%s: /me is not handled and nothing else is tried', async (_name, options, says) => {
		const { code, output, service } = await check(options);
		expect(findingLines(output)).toEqual([
			expect.objectContaining({ topic: '/me (connection test)', verdict: 'NOT HANDLED' }),
		]);
		expect(lineAbout(output, '/me (connection test)').text).toContain(says);
		expect(service.redirectTarget.requests).toEqual([]);
		expect(code).toBe(1);
	});

	it('a rate-limited account: /me not handled, and the line says to wait', async () => {
		const service = await startSandbox({ apiKey: KEY });
		sandbox = service;
		service.forceNext(1, 429);
		const output: string[] = [];
		const code = await runCheckService(
			['--base-url', service.baseUrl],
			{ OUTREACH_API_KEY: KEY },
			(l) => output.push(l),
		);
		expect(findingLines(output)).toHaveLength(1);
		expect(lineAbout(output, '/me (connection test)').text).toContain('rate-limited right now');
		expect(code).toBe(1);
	});

	it('an unreachable service: /me not handled', async () => {
		const gone = await startSandbox();
		const baseUrl = gone.baseUrl;
		await gone.close();
		const output: string[] = [];
		const code = await runCheckService(['--base-url', baseUrl], { OUTREACH_API_KEY: KEY }, (l) =>
			output.push(l),
		);
		expect(lineAbout(output, '/me (connection test)').text).toContain('no answer (ECONNREFUSED');
		expect(code).toBe(1);
	});
});

describe('check-service usage', () => {
	const usage = async (args: string[], env: NodeJS.ProcessEnv = { OUTREACH_API_KEY: KEY }) => {
		const output: string[] = [];
		const code = await runCheckService(args, env, (line) => output.push(line));
		return { code, first: output[0], all: output.join('\n') };
	};

	it.each([
		[[], 'check-service: --base-url is required'],
		[['--base-url', 'ftp://example.com/api/v2'], 'must start with http:// or https://'],
		[
			['--base-url', 'https://example.com/api/v2?key=1'],
			'no user name, password, query or fragment',
		],
		[
			['--base-url', 'https://x.example/api/v2', '--write'],
			'--write needs --sequence-id and --playbook-id',
		],
		[['--base-url', 'https://x.example/api/v2', '--sequence-id', '5'], 'go with --write'],
		[
			['--base-url', 'https://x.example/api/v2', '--profile-id', 'one'],
			'--profile-id takes a whole number',
		],
		[['--base-url', 'https://x.example/api/v2', '--bogus'], 'unknown option --bogus'],
	])('%j: exit 2, %s', async (args, says) => {
		const { code, first } = await usage(args);
		expect(code).toBe(2);
		expect(first).toContain(says);
	});

	it('takes the key from OUTREACH_API_KEY only, and never repeats one given on the command line', async () => {
		const pasted = 'pasted-by-mistake-123';
		const missing = await usage(['--base-url', 'https://x.example/api/v2'], {});
		expect(missing.first).toContain('set the API key in the environment variable OUTREACH_API_KEY');
		for (const args of [
			['--base-url', 'https://x.example/api/v2', '--api-key', pasted],
			['--base-url', 'https://x.example/api/v2', `--key=${pasted}`],
			['--base-url', 'https://x.example/api/v2', pasted],
		]) {
			const given = await usage(args, {});
			expect(given.code).toBe(2);
			expect(given.all).not.toContain(pasted);
		}
	});

	it('--help prints the usage, exit 0', async () => {
		const { code, all } = await usage(['--help'], {});
		expect(code).toBe(0);
		expect(all).toContain(
			'The API key is read from the environment variable OUTREACH_API_KEY only',
		);
	});
});
