/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- e2e test code, not shipped: it drives n8n with child_process and fs and reports plain Errors */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CREDENTIAL_TYPE, N8nHome } from './home';

export interface CliResult {
	code: number | null;
	stdout: string;
	stderr: string;
}

export function spawnN8n(home: N8nHome, args: string[], detached = false): ChildProcess {
	return spawn(home.install.nodeBin, [home.install.n8nBin, ...args], {
		cwd: home.userFolder,
		env: home.env,
		stdio: ['ignore', 'pipe', 'pipe'],
		detached,
	});
}

/** Runs one n8n CLI command in `home`; throws on a non-zero exit unless `allowFailure`. */
export function n8nCli(
	home: N8nHome,
	args: string[],
	options: { timeoutMs?: number; allowFailure?: boolean } = {},
): Promise<CliResult> {
	return new Promise((resolveRun, reject) => {
		const child = spawnN8n(home, args);
		let stdout = '';
		let stderr = '';
		child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
		child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 180_000);
		child.on('error', (error) => {
			clearTimeout(timer);
			reject(error);
		});
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			const result = { code, stdout, stderr };
			if (code === 0 || options.allowFailure) resolveRun(result);
			else
				reject(
					new Error(
						`n8n ${args.join(' ')} exited with ${signal ?? code}\n--- stdout\n${stdout.slice(-4000)}\n--- stderr\n${stderr.slice(-4000)}`,
					),
				);
		});
	});
}

export interface CredentialSpec {
	id: string;
	name: string;
	/** Decrypted data; n8n encrypts it on import. */
	data: Record<string, unknown>;
	type?: string;
}

export async function importCredential(home: N8nHome, credential: CredentialSpec): Promise<void> {
	const file = join(home.userFolder, `credential-${credential.id}.json`);
	writeFileSync(file, JSON.stringify([{ type: CREDENTIAL_TYPE, ...credential }], null, 2));
	await n8nCli(home, ['import:credentials', `--input=${file}`]);
}

/** Imports a workflow file (one workflow object, or an array of them) with `n8n import:workflow`. */
export async function importWorkflowFile(home: N8nHome, path: string): Promise<CliResult> {
	return n8nCli(home, ['import:workflow', `--input=${path}`]);
}

import type { WorkflowJson } from '../workflowJson';

export type { WorkflowJson } from '../workflowJson';

/** Imports several workflows with a single CLI call. */
export async function importWorkflows(home: N8nHome, workflows: WorkflowJson[]): Promise<void> {
	const file = join(home.userFolder, `workflows-${randomUUID()}.json`);
	const complete = workflows.map((workflow) => ({
		active: false,
		settings: { executionOrder: 'v1' },
		pinData: {},
		...workflow,
	}));
	writeFileSync(file, JSON.stringify(complete, null, 2));
	await importWorkflowFile(home, file);
}

/** Makes a workflow active for `n8n start`: 2.x publishes it, 1.x sets it active. */
export async function activateWorkflow(home: N8nHome, id: string): Promise<void> {
	if (home.install.target.major >= 2) await n8nCli(home, ['publish:workflow', `--id=${id}`]);
	else await n8nCli(home, ['update:workflow', `--id=${id}`, '--active=true']);
}
