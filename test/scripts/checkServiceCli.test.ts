/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test code, not shipped: it runs npm and node as a user would */
/**
 * `npm run check-service` as a user runs it: the real command line (npm builds the tools, then
 * node runs them) against a sandbox in this process, the key in OUTREACH_API_KEY. The exit code
 * and the output are what the user sees; the key must not be in either stream.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';

import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/server';
import { findingLines, lineAbout, secretForms } from './checkServiceLines';

const ROOT = resolve(__dirname, '../..');
const KEY = 'cli-key/"secret" +1';

interface Run {
	code: number;
	stdout: string;
	stderr: string;
}

/** Runs `command` in the repository with the key in the environment; never rejects. */
async function run(command: string, args: string[]): Promise<Run> {
	return await new Promise((done) => {
		execFile(
			command,
			args,
			{ cwd: ROOT, env: { ...process.env, OUTREACH_API_KEY: KEY }, maxBuffer: 10_000_000 },
			(error, stdout, stderr) => {
				const code = error ? Number((error as { code?: unknown }).code ?? 1) : 0;
				done({ code, stdout, stderr });
			},
		);
	});
}

const built = resolve(ROOT, 'dist-tools/scripts/checkService.js');

let sandbox: Sandbox | undefined;
afterEach(async () => {
	await sandbox?.close();
	sandbox = undefined;
});

async function service(options: SandboxOptions = {}): Promise<string> {
	sandbox = await startSandbox({ apiKey: KEY, seedContacts: 20, ...options });
	return sandbox.baseUrl;
}

function expectNoKey(result: Run): void {
	for (const form of secretForms(KEY)) {
		expect(result.stdout).not.toContain(form);
		expect(result.stderr).not.toContain(form);
	}
}

describe('npm run check-service', () => {
	// The real command line, once: it also builds what the other tests run with node.
	let plain: Run;
	beforeAll(async () => {
		const baseUrl = await service();
		plain = await run('npm', [
			'run',
			'--silent',
			'check-service',
			'--',
			'--base-url',
			baseUrl,
			'--profile-id',
			'1',
		]);
		await sandbox?.close();
		sandbox = undefined;
	}, 240_000);

	it('against the sandbox: every line handled, exit 0, the key in neither stream', () => {
		const lines = plain.stdout.split('\n');
		expect(plain.code).toBe(0);
		expect(findingLines(lines).length).toBeGreaterThanOrEqual(12);
		expect(findingLines(lines).filter((line) => line.verdict !== 'handled')).toEqual([]);
		expectNoKey(plain);
	});

	it('against created dates it cannot read: exit 1, the line says which', async () => {
		const baseUrl = await service({ createdDates: 'us' });
		const result = await run(process.execPath, [built, '--base-url', baseUrl]);
		const line = lineAbout(result.stdout.split('\n'), 'created_date format');
		expect(line.verdict).toBe('NOT HANDLED');
		expect(result.code).toBe(1);
		expectNoKey(result);
	}, 60_000);

	it('with the key on the command line: exit 2, and the key not repeated', async () => {
		const result = await run(process.execPath, [
			built,
			'--base-url',
			'http://127.0.0.1:9/api/v2',
			'--api-key',
			KEY,
		]);
		expect(result.code).toBe(2);
		expect(result.stdout).toContain('the API key is read from OUTREACH_API_KEY only');
		expectNoKey(result);
	}, 60_000);
});
