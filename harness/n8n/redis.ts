/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error -- e2e test code, not shipped: it runs Postgres, Redis and n8n with child_process and fs, and reports plain Errors */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitFor } from './n8n';
import { removeFolder } from './processes';

export interface RedisServer {
	host: string;
	port: number;
	stop(): Promise<void>;
}

/** `redis-server` on a free loopback port, no persistence, its folder a temporary one. */
export async function startRedis(): Promise<RedisServer> {
	const bin = process.env.OUTREACH_E2E_REDIS_SERVER ?? 'redis-server';
	const dir = mkdtempSync(join(tmpdir(), 'outreach-e2e-redis-'));
	const port = await freePort();
	const child = spawn(
		bin,
		[
			'--port',
			String(port),
			'--bind',
			'127.0.0.1',
			'--save',
			'',
			'--appendonly',
			'no',
			'--dir',
			dir,
		],
		{ cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
	);
	let output = '';
	const collect = (chunk: Buffer) => {
		output = (output + chunk.toString()).slice(-20_000);
	};
	child.stdout.on('data', collect);
	child.stderr.on('data', collect);
	let exited: string | undefined;
	const exit = new Promise<void>((done) => {
		child.on('error', (error) => {
			exited = `could not start: ${error.message}`;
			done();
		});
		child.on('exit', (code, signal) => {
			exited = `exited with ${signal ?? code}`;
			done();
		});
	});
	const stop = async () => {
		if (exited === undefined) {
			child.kill('SIGTERM');
			const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
			await exit;
			clearTimeout(timer);
		}
		removeFolder(dir);
	};
	try {
		await waitFor(
			`${bin} on port ${port}`,
			async () => {
				if (exited) throw new Error(exited);
				return /Ready to accept connections/.test(output) ? true : undefined;
			},
			30_000,
			100,
			() => `\n${exited ?? ''}\n${output.slice(-3000)}`,
		);
	} catch (error) {
		await stop();
		throw error;
	}
	return { host: '127.0.0.1', port, stop };
}

// ---------------------------------------------------------------------------------------------
// n8n main + workers
