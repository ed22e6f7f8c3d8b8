/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- e2e test code, not shipped: it runs Postgres, Redis and n8n with child_process and fs, and reports plain Errors */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const keep = () => process.env.OUTREACH_E2E_KEEP === '1';

interface RunResult {
	code: number | null;
	/** stdout and stderr interleaved, the last 20,000 characters. */
	output: string;
	/** stdout alone, whole. */
	stdout: string;
}

export function run(
	command: string,
	args: string[],
	options: {
		env?: NodeJS.ProcessEnv;
		cwd?: string;
		timeoutMs?: number;
		allowFailure?: boolean;
	} = {},
): Promise<RunResult> {
	return new Promise((resolveRun, reject) => {
		const child = spawn(command, args, {
			cwd: options.cwd,
			env: options.env ?? process.env,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let output = '';
		const stdout: Buffer[] = [];
		const collect = (chunk: Buffer) => {
			output = (output + chunk.toString()).slice(-20_000);
		};
		child.stdout.on('data', (chunk: Buffer) => {
			stdout.push(chunk);
			collect(chunk);
		});
		child.stderr.on('data', collect);
		const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
		child.on('error', (error) => {
			clearTimeout(timer);
			reject(new Error(`${command} could not start: ${error.message}`));
		});
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			if (code === 0 || options.allowFailure)
				resolveRun({ code, output, stdout: Buffer.concat(stdout).toString() });
			else
				reject(
					new Error(
						`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`}):\n${output.slice(-4000)}`,
					),
				);
		});
	});
}

export function removeFolder(dir: string): void {
	if (!keep()) rmSync(dir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------
// Postgres
