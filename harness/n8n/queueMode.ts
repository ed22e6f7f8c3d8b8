/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error -- e2e test code, not shipped: it runs Postgres, Redis and n8n with child_process and fs, and reports plain Errors */
/**
 * n8n in queue mode for the e2e suite: a throwaway Postgres and Redis on loopback, one `n8n start`
 * main and N `n8n worker` processes sharing them, with this package loaded in every process and
 * the "Outreach Sandbox" credential pointing at a sandbox of the service.
 *
 *   const env = await startQueueMode({ target: N8N_TARGETS['2.x'], workers: 2, workflows, activate });
 *   // env.main.baseUrl     -> the main (editor, REST, production webhooks) on 127.0.0.1
 *   // env.workers[i]       -> the workers (their logs say which executions they ran)
 *   // env.readExecutions() -> execution_entity + execution_data from Postgres
 *   // env.workerOf(id)     -> indexes of the workers that logged "Worker started execution <id>"
 *   await env.close();      // stops n8n, Redis, Postgres (and the sandbox if it started it); removes the folders
 *
 * Exports: `startPostgres()`, `startRedis()`, `queryPostgres(install, pg, sql, params?)`,
 * `startQueueMode(options)`.
 *
 * Postgres refuses to run as root: as root, `initdb`, `pg_ctl` run through
 * `runuser -u postgres --` and the data folder belongs to that user. Binaries: the newest
 * `/usr/lib/postgresql/<v>/bin` (Debian's layout), `OUTREACH_E2E_PG_BIN` to override, else PATH;
 * `OUTREACH_E2E_REDIS_SERVER` overrides `redis-server`. `OUTREACH_E2E_KEEP=1` keeps the folders
 * (the Postgres data folder, `postgres.log`, the n8n user folders with their logs).
 */
import { spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/server';
import { SANDBOX_CREDENTIAL, SANDBOX_DUMMY_KEY } from './environment';
import { installN8n, type N8nInstall, type N8nTarget } from './install';
import {
	activateWorkflow,
	createN8nHome,
	freePort,
	importCredential,
	importWorkflows,
	startN8n,
	waitFor,
	type N8nHome,
	type N8nServer,
	type StoredExecution,
	type WorkflowJson,
} from './n8n';
import type { CredentialRef } from './workflows';

const keep = () => process.env.OUTREACH_E2E_KEEP === '1';

interface RunResult {
	code: number | null;
	/** stdout and stderr interleaved, the last 20,000 characters. */
	output: string;
	/** stdout alone, whole. */
	stdout: string;
}

function run(
	command: string,
	args: string[],
	options: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number; allowFailure?: boolean } = {},
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
			if (code === 0 || options.allowFailure) resolveRun({ code, output, stdout: Buffer.concat(stdout).toString() });
			else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`}):\n${output.slice(-4000)}`));
		});
	});
}

function removeFolder(dir: string): void {
	if (!keep()) rmSync(dir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------
// Postgres

/** The folder of initdb/pg_ctl/createdb: OUTREACH_E2E_PG_BIN, the newest Debian one, or '' (PATH). */
function postgresBinDir(): string {
	if (process.env.OUTREACH_E2E_PG_BIN) return process.env.OUTREACH_E2E_PG_BIN;
	const root = '/usr/lib/postgresql';
	if (!existsSync(root)) return '';
	const versions = readdirSync(root)
		.filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
		.sort((a, b) => Number(b) - Number(a));
	return versions.length > 0 ? join(root, versions[0], 'bin') : '';
}

/** As root, runs through `runuser -u postgres --` (Postgres refuses root); otherwise as we are. */
async function dbUserCommand(bin: string, args: string[]): Promise<[string, string[]]> {
	if (process.getuid?.() !== 0) return [bin, args];
	return ['runuser', ['-u', 'postgres', '--', bin, ...args]];
}

async function postgresOwner(): Promise<{ uid: number; gid: number } | undefined> {
	if (process.getuid?.() !== 0) return undefined;
	const uid = await run('id', ['-u', 'postgres'], { allowFailure: true });
	const gid = await run('id', ['-g', 'postgres'], { allowFailure: true });
	if (uid.code !== 0 || gid.code !== 0)
		throw new Error('running as root, and there is no "postgres" user to run Postgres as (install Debian\'s postgresql)');
	return { uid: Number(uid.output.trim()), gid: Number(gid.output.trim()) };
}

export interface PostgresServer {
	host: string;
	port: number;
	user: string;
	password: string;
	database: string;
	/** The temporary folder: `data/`, `postgres.log`, the Unix socket. */
	dir: string;
	/** DB_* variables that point n8n at this database. */
	n8nEnv: NodeJS.ProcessEnv;
	/** `pg_ctl stop -m fast`, then removes the folder (unless OUTREACH_E2E_KEEP=1). */
	stop(): Promise<void>;
}

/** initdb into a temporary folder, `pg_ctl start` on a free loopback port, `createdb n8n`. */
export async function startPostgres(): Promise<PostgresServer> {
	const bin = postgresBinDir();
	const tool = (name: string) => (bin ? join(bin, name) : name);
	const owner = await postgresOwner();
	const dir = mkdtempSync(join(tmpdir(), 'outreach-e2e-pg-'));
	const dataDir = join(dir, 'data');
	const logFile = join(dir, 'postgres.log');
	const env = { PATH: process.env.PATH, LANG: 'C.UTF-8', TZ: 'UTC' };
	let started = false;
	const stop = async () => {
		if (started) {
			const [cmd, args] = await dbUserCommand(tool('pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']);
			const result = await run(cmd, args, { env, cwd: dir, allowFailure: true });
			if (result.code !== 0) killPostmaster(dataDir);
			started = false;
		}
		removeFolder(dir);
	};
	try {
		if (owner) chownSync(dir, owner.uid, owner.gid);
		const initdb = await dbUserCommand(tool('initdb'), [
			'-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync',
		]);
		await run(initdb[0], initdb[1], { env, cwd: dir, timeoutMs: 120_000 });
		const port = await freePort();
		// pg_ctl passes -o through a shell: the folder (mkdtemp under tmpdir) has no spaces.
		const serverOptions = [
			`-p ${port}`,
			`-k ${dir}`,
			'-c listen_addresses=127.0.0.1',
			'-c fsync=off',
			'-c synchronous_commit=off',
			'-c full_page_writes=off',
			'-c max_connections=200',
		].join(' ');
		const pgCtl = await dbUserCommand(tool('pg_ctl'), ['-D', dataDir, '-l', logFile, '-o', serverOptions, '-w', '-t', '60', 'start']);
		started = true;
		const start = await run(pgCtl[0], pgCtl[1], { env, cwd: dir, timeoutMs: 90_000, allowFailure: true });
		if (start.code !== 0) {
			const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-4000) : '';
			throw new Error(`pg_ctl start failed:\n${start.output}\n--- postgres.log\n${log}`);
		}
		await run(tool('createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'n8n'], { env, cwd: dir });
		const server: PostgresServer = {
			host: '127.0.0.1',
			port,
			user: 'postgres',
			// Trust authentication on loopback: any password is accepted. Not a secret.
			password: 'dummy-e2e-password',
			database: 'n8n',
			dir,
			n8nEnv: {},
			stop,
		};
		server.n8nEnv = {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: server.host,
			DB_POSTGRESDB_PORT: String(port),
			DB_POSTGRESDB_DATABASE: server.database,
			DB_POSTGRESDB_USER: server.user,
			DB_POSTGRESDB_PASSWORD: server.password,
		};
		return server;
	} catch (error) {
		await stop().catch(() => undefined);
		throw error;
	}
}

/** Last resort when pg_ctl stop failed: SIGKILL the postmaster named in postmaster.pid. */
function killPostmaster(dataDir: string): void {
	try {
		const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
		if (pid > 0) process.kill(pid, 'SIGKILL');
	} catch {
		// Not running (or already gone).
	}
}

/**
 * Rows of a query on `pg`, run with the `pg` module of n8n's install (and its Node): `$1`
 * placeholders. Columns named in `parseFlatted` are parsed from n8n's `flatted` format.
 */
export async function queryPostgres<T = Record<string, unknown>>(
	install: N8nInstall,
	pg: PostgresServer,
	sql: string,
	params: unknown[] = [],
	options: { parseFlatted?: string[] } = {},
): Promise<T[]> {
	const script = `
const { join } = require('node:path');
const n8nDir = join(process.env.E2E_INSTALL_DIR, 'node_modules', 'n8n');
const { Client } = require(require.resolve('pg', { paths: [n8nDir] }));
const flatted = require(require.resolve('flatted', { paths: [n8nDir] }));
const job = JSON.parse(process.env.E2E_QUERY);
(async () => {
	const client = new Client(job.connection);
	await client.connect();
	try {
		const { rows } = await client.query(job.sql, job.params);
		for (const row of rows) for (const column of job.parseFlatted) {
			if (typeof row[column] === 'string') {
				try { row[column] = flatted.parse(row[column]); } catch (e) { row[column + 'ParseError'] = String(e); }
			}
		}
		process.stdout.write(JSON.stringify(rows));
	} finally {
		await client.end();
	}
})().catch((error) => { console.error(String(error && error.stack || error)); process.exit(3); });`;
	const job = {
		connection: { host: pg.host, port: pg.port, user: pg.user, password: pg.password, database: pg.database },
		sql,
		params,
		parseFlatted: options.parseFlatted ?? [],
	};
	const result = await run(install.nodeBin, ['-e', script], {
		env: { PATH: install.path, E2E_INSTALL_DIR: install.dir, E2E_QUERY: JSON.stringify(job) },
		allowFailure: true,
		timeoutMs: 60_000,
	});
	if (result.code !== 0) throw new Error(`query failed (${result.code}): ${result.output}\n${sql}`);
	return JSON.parse(result.stdout) as T[];
}

// ---------------------------------------------------------------------------------------------
// Redis

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
		['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
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

export interface QueueModeOptions {
	target: N8nTarget;
	/** Use this running sandbox instead of starting one. */
	sandbox?: Sandbox;
	/** Options for a sandbox started here (host is always 127.0.0.1). */
	sandboxOptions?: SandboxOptions;
	/** Number of `n8n worker` processes (default 2). */
	workers?: number;
	/** `n8n worker --concurrency` (default 10, n8n's own default). */
	workerConcurrency?: number;
	/** Label in the temporary folders' names. */
	label?: string;
	/** Extra credential fields (e.g. `requestsPerMinute`) beside baseUrl and apiKey. */
	credentialData?: Record<string, unknown>;
	/** Workflows to import (one CLI call) before n8n starts. */
	workflows?: WorkflowJson[];
	/** Ids of imported workflows to publish before n8n starts. */
	activate?: string[];
	/** Extra environment for every n8n process. */
	env?: NodeJS.ProcessEnv;
}

export interface QueueModeN8n {
	install: N8nInstall;
	sandbox: Sandbox;
	postgres: PostgresServer;
	redis: RedisServer;
	credential: CredentialRef;
	/** `n8n start`: editor, REST, production webhooks, the leader that runs polls. */
	main: N8nServer;
	/** `n8n worker` processes, each with its own user folder. */
	workers: N8nServer[];
	/** Rows of a query on n8n's Postgres database (`$1` placeholders). */
	query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: { parseFlatted?: string[] }): Promise<T[]>;
	/** Executions (oldest first), with their run data parsed, read from Postgres. */
	readExecutions(options?: { workflowId?: string; afterId?: number }): Promise<StoredExecution[]>;
	/** Indexes (into `workers`) of the workers whose log says "Worker started execution <id>". */
	workerOf(executionId: number): number[];
	/** Stops the workers, the main, Redis, Postgres and the sandbox if started here; removes the folders. */
	close(): Promise<void>;
}

/** Execution ids a worker's log says it started. */
export function executionsStartedBy(worker: N8nServer): number[] {
	return [...worker.logs().matchAll(/Worker started execution (\d+)/g)].map((match) => Number(match[1]));
}

/**
 * Postgres and Redis, then one user folder per n8n process (each with the package), the
 * credential and workflows imported and published through the main's folder, then the main and
 * the workers started side by side. Any failure stops and removes everything started so far.
 */
export async function startQueueMode(options: QueueModeOptions): Promise<QueueModeN8n> {
	const cleanups: Array<() => Promise<void> | void> = [];
	const cleanUp = async () => {
		const errors: unknown[] = [];
		while (cleanups.length > 0) {
			const step = cleanups.pop();
			try {
				await step?.();
			} catch (error) {
				errors.push(error);
			}
		}
		if (errors.length > 0) throw errors[0];
	};
	try {
		const install = await installN8n(options.target);
		const sandbox =
			options.sandbox ??
			(await startSandbox({ apiKey: SANDBOX_DUMMY_KEY, ...options.sandboxOptions, host: '127.0.0.1' }));
		if (!options.sandbox) cleanups.push(() => sandbox.close());

		const [pgResult, redisResult] = await Promise.allSettled([startPostgres(), startRedis()]);
		if (pgResult.status === 'fulfilled') cleanups.push(() => pgResult.value.stop());
		if (redisResult.status === 'fulfilled') cleanups.push(() => redisResult.value.stop());
		if (pgResult.status === 'rejected') throw pgResult.reason;
		if (redisResult.status === 'rejected') throw redisResult.reason;
		const postgres = pgResult.value;
		const redis = redisResult.value;

		const label = options.label ?? `${options.target.label}-queue`;
		const sharedEnv: NodeJS.ProcessEnv = {
			...postgres.n8nEnv,
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: redis.host,
			QUEUE_BULL_REDIS_PORT: String(redis.port),
			QUEUE_HEALTH_CHECK_ADDRESS: '127.0.0.1',
			// A worker waits this long for running jobs on SIGTERM (default 30 s).
			N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '10',
			...options.env,
		};
		const workerCount = options.workers ?? 2;
		// createN8nHome gives each folder its own N8N_PORT and N8N_RUNNERS_BROKER_PORT; every folder
		// shares the fixed N8N_ENCRYPTION_KEY, so the credential decrypts in every process.
		const homes: N8nHome[] = [];
		for (let index = 0; index <= workerCount; index++) {
			const role = index === 0 ? 'main' : `worker${index}`;
			// Workers log "Worker started execution <id>" at info level: `workerOf` reads it.
			const extra: NodeJS.ProcessEnv =
				index === 0
					? {}
					: {
							QUEUE_HEALTH_CHECK_PORT: String(await freePort()),
							N8N_LOG_LEVEL: process.env.OUTREACH_E2E_LOG_LEVEL === 'debug' ? 'debug' : 'info',
						};
			const home = await createN8nHome(install, { label: `${label}-${role}`, env: { ...sharedEnv, ...extra } });
			cleanups.push(() => home.remove());
			homes.push(home);
		}
		const [mainHome, ...workerHomes] = homes;

		// The first command migrates the empty database.
		await importCredential(mainHome, {
			...SANDBOX_CREDENTIAL,
			data: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, ...options.credentialData },
		});
		if (options.workflows?.length) await importWorkflows(mainHome, options.workflows);
		for (const id of options.activate ?? []) await activateWorkflow(mainHome, id);

		const concurrency = options.workerConcurrency ?? 10;
		const results = await Promise.allSettled([
			startN8n(mainHome),
			...workerHomes.map((home) =>
				startN8n(home, {
					args: ['worker', `--concurrency=${concurrency}`],
					readyLog: /n8n worker is now ready/,
				}),
			),
		]);
		cleanups.push(async () => {
			await Promise.all(results.map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)));
		});
		const failed = results.find((result) => result.status === 'rejected');
		if (failed) throw failed.reason;
		const [main, ...workers] = results.map((result) => (result as PromiseFulfilledResult<N8nServer>).value);

		const query = <T>(sql: string, params: unknown[] = [], queryOptions: { parseFlatted?: string[] } = {}) =>
			queryPostgres<T>(install, postgres, sql, params, queryOptions);

		return {
			install,
			sandbox,
			postgres,
			redis,
			credential: SANDBOX_CREDENTIAL,
			main,
			workers,
			query,
			async readExecutions(filter = {}) {
				const rows = await query<StoredExecution>(
					`SELECT e.id AS "id", e."workflowId" AS "workflowId", e.status AS "status", e.mode AS "mode",
					        e.finished AS "finished", e."startedAt" AS "startedAt", e."stoppedAt" AS "stoppedAt",
					        d.data AS "data"
					   FROM execution_entity e LEFT JOIN execution_data d ON d."executionId" = e.id
					  WHERE ($1::text IS NULL OR e."workflowId" = $1) AND e.id > $2
					  ORDER BY e.id`,
					[filter.workflowId ?? null, filter.afterId ?? 0],
					{ parseFlatted: ['data'] },
				);
				return rows.map((row) => ({ ...row, id: Number(row.id) }));
			},
			workerOf(executionId) {
				return workers.flatMap((worker, index) => (executionsStartedBy(worker).includes(executionId) ? [index] : []));
			},
			async close() {
				await cleanUp();
			},
		};
	} catch (error) {
		await cleanUp().catch(() => undefined);
		throw error;
	}
}
