/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error -- e2e test code, not shipped: it drives n8n with child_process and fs and reports plain Errors */
/**
 * Drives a real n8n install (see install.ts) with this package loaded as a community package.
 *
 * Exports
 * - `PACKAGE_NAME`, `ACTION_TYPE`, `TRIGGER_TYPE`, `CREDENTIAL_TYPE`: names as n8n sees them.
 * - `createN8nHome(install, { label? })` => `N8nHome`: a fresh temporary `N8N_USER_FOLDER` with the
 *   built package (`package.json` + `dist/`) copied to `.n8n/nodes/node_modules/<name>`, free
 *   ports and the headless environment (`home.env`). `home.remove()` deletes it.
 * - `n8nCli(home, args, { timeoutMs?, allowFailure? })` => `{ code, stdout, stderr }`.
 * - `importCredential(home, { id, name, data, type? })`: `n8n import:credentials` with decrypted data.
 * - `importWorkflowFile(home, path)`: `n8n import:workflow --input=path` (a workflow or an array).
 * - `importWorkflows(home, workflows)`: writes them to one file and imports it (one CLI call).
 * - `activateWorkflow(home, id)`: 2.x `publish:workflow`, 1.x `update:workflow --active=true`.
 * - `executeWorkflow(home, id)` => `ExecutionResult`: `n8n execute --id --rawOutput`, then the
 *   execution row read back from `database.sqlite` (the CLI's stdout is not reliable on 2.x).
 * - `readExecutions(home, workflowId?)` => `StoredExecution[]` (data parsed from `flatted`).
 * - `queryDb(home, sql, params?)`: rows of a read-only query, run with the install's sqlite3.
 * - `startN8n(home, { args?, readyLog? })` => `N8nServer`: `n8n start`, resolved once the REST API
 *   answers (or another long-lived command such as `n8n worker`, once `readyLog` shows);
 *   `server.stop()` ends it (and its task runners).
 * - `setupOwner(server)` => `RestClient`: creates the owner and keeps the login cookie;
 *   `rest.request(method, path, body?)` returns the `data` of n8n's answer.
 * - `nodeOutput(execution, nodeName)`: the JSON of a node's first output (first run).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
	cpSync,
	createWriteStream,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	writeFileSync,
	type WriteStream,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

import type { N8nInstall } from './install';

export const PACKAGE_NAME = 'n8n-nodes-outreach-contact';
export const ACTION_TYPE = `${PACKAGE_NAME}.outreachContact`;
export const TRIGGER_TYPE = `${PACKAGE_NAME}.outreachContactTrigger`;
import { CREDENTIAL_TYPE } from '../../nodes/OutreachContact/transport/request';

/** The credential's type name: the shipped definition. */
export { CREDENTIAL_TYPE };

/**
 * The repository root (holds package.json and the built dist/): the nearest folder above this
 * file with a package.json, so it is the same whether this runs from source (jest) or compiled
 * into dist-tools/ (npm run dev, npm run demo -- --n8n).
 */
export const REPO_ROOT = findPackageRoot(__dirname);

function findPackageRoot(start: string): string {
	for (let dir = start; ; dir = dirname(dir)) {
		if (existsSync(join(dir, 'package.json'))) return dir;
		if (dirname(dir) === dir) return resolve(start, '..', '..', '..');
	}
}

/** Fixed, so that credentials imported by one command decrypt in the next. Test-only value. */
const ENCRYPTION_PASSPHRASE = 'dummy-e2e-encryption-passphrase-not-secret';

export interface N8nHome {
	install: N8nInstall;
	/** The N8N_USER_FOLDER; n8n keeps its data in `<userFolder>/.n8n`. */
	userFolder: string;
	/** `<userFolder>/.n8n/database.sqlite`. */
	dbPath: string;
	/** HTTP port of `n8n start` (N8N_PORT). */
	port: number;
	/** Environment for every n8n command of this home. */
	env: NodeJS.ProcessEnv;
	/** Deletes the user folder (unless OUTREACH_E2E_KEEP=1). */
	remove(): void;
}

export function freePort(): Promise<number> {
	return new Promise((resolvePort, reject) => {
		const server = createServer();
		server.unref();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			server.close(() => resolvePort(port));
		});
	});
}

/** Copies the built package the way n8n finds installed community packages. */
export function installPackageInto(userFolder: string, repoRoot = REPO_ROOT): string {
	const target = join(userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME);
	mkdirSync(target, { recursive: true });
	cpSync(join(repoRoot, 'package.json'), join(target, 'package.json'));
	cpSync(join(repoRoot, 'dist'), join(target, 'dist'), { recursive: true });
	const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
	writeFileSync(
		join(userFolder, '.n8n', 'nodes', 'package.json'),
		JSON.stringify({ name: 'installed-nodes', private: true, dependencies: { [PACKAGE_NAME]: manifest.version } }, null, 2),
	);
	return target;
}

export interface N8nHomeOptions {
	label?: string;
	env?: NodeJS.ProcessEnv;
	/** A lasting user folder (e.g. for `npm run dev`): used as it is and never removed. */
	userFolder?: string;
	/** HTTP port of `n8n start`; a free one by default. */
	port?: number;
}

export async function createN8nHome(install: N8nInstall, options: N8nHomeOptions = {}): Promise<N8nHome> {
	const lasting = options.userFolder !== undefined;
	const userFolder =
		options.userFolder ?? mkdtempSync(join(tmpdir(), `outreach-e2e-${options.label ?? install.target.label}-`));
	installPackageInto(userFolder);
	const port = options.port ?? (await freePort());
	const brokerPort = await freePort();
	const env: NodeJS.ProcessEnv = {
		HOME: process.env.HOME,
		PATH: install.path,
		LANG: process.env.LANG ?? 'C.UTF-8',
		TZ: 'UTC',
		TMPDIR: process.env.TMPDIR,
		NODE_ENV: 'production',
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: ENCRYPTION_PASSPHRASE,
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PORT: String(port),
		N8N_PROTOCOL: 'http',
		N8N_SECURE_COOKIE: 'false',
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		DB_TYPE: 'sqlite',
		N8N_LOG_LEVEL: process.env.OUTREACH_E2E_LOG_LEVEL ?? 'info',
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
		EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
		EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true',
		...options.env,
	};
	for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
	return {
		install,
		userFolder,
		dbPath: join(userFolder, '.n8n', 'database.sqlite'),
		port,
		env,
		remove() {
			if (lasting || process.env.OUTREACH_E2E_KEEP === '1') return;
			rmSync(userFolder, { recursive: true, force: true });
		},
	};
}

export interface CliResult {
	code: number | null;
	stdout: string;
	stderr: string;
}

function spawnN8n(home: N8nHome, args: string[], detached = false): ChildProcess {
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
	writeFileSync(
		file,
		JSON.stringify([{ type: CREDENTIAL_TYPE, ...credential }], null, 2),
	);
	await n8nCli(home, ['import:credentials', `--input=${file}`]);
}

/** Imports a workflow file (one workflow object, or an array of them) with `n8n import:workflow`. */
export async function importWorkflowFile(home: N8nHome, path: string): Promise<CliResult> {
	return n8nCli(home, ['import:workflow', `--input=${path}`]);
}

export interface WorkflowJson {
	id: string;
	name: string;
	nodes: Array<Record<string, unknown>>;
	connections: Record<string, unknown>;
	active?: boolean;
	settings?: Record<string, unknown>;
	[key: string]: unknown;
}

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

/** Runs a read-only SQL query on the home's database with the install's own sqlite3 (and Node). */
export async function queryDb<T = Record<string, unknown>>(
	home: N8nHome,
	sql: string,
	params: unknown[] = [],
	options: { parseFlatted?: string[] } = {},
): Promise<T[]> {
	const script = `
const { join } = require('node:path');
const dir = process.env.E2E_INSTALL_DIR;
const sqlite3 = require(join(dir, 'node_modules', 'sqlite3'));
const flatted = require(require.resolve('flatted', { paths: [join(dir, 'node_modules', 'n8n')] }));
const job = JSON.parse(process.env.E2E_QUERY);
const db = new sqlite3.Database(job.db, sqlite3.OPEN_READONLY, (openError) => {
	if (openError) { console.error(String(openError)); process.exit(2); }
	db.configure('busyTimeout', 10000);
	db.all(job.sql, job.params, (error, rows) => {
		if (error) { console.error(String(error)); process.exit(3); }
		for (const row of rows) for (const column of job.parseFlatted) {
			if (typeof row[column] === 'string') {
				try { row[column] = flatted.parse(row[column]); } catch (e) { row[column + 'ParseError'] = String(e); }
			}
		}
		process.stdout.write(JSON.stringify(rows));
		db.close();
	});
});`;
	return new Promise((resolveRows, reject) => {
		const child = spawn(home.install.nodeBin, ['-e', script], {
			env: {
				PATH: home.install.path,
				E2E_INSTALL_DIR: home.install.dir,
				E2E_QUERY: JSON.stringify({ db: home.dbPath, sql, params, parseFlatted: options.parseFlatted ?? [] }),
			},
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		child.on('error', reject);
		child.on('close', (code) => {
			if (code !== 0) reject(new Error(`query failed (${code}): ${stderr}\n${sql}`));
			else resolveRows(JSON.parse(stdout) as T[]);
		});
	});
}

interface RunDataEntry {
	data?: { main?: Array<Array<{ json: Record<string, unknown> }> | null> };
	error?: { message?: string; description?: string; name?: string };
	executionStatus?: string;
}

export interface RunExecutionData {
	resultData: {
		runData: Record<string, RunDataEntry[]>;
		error?: { message?: string; description?: string; name?: string; node?: { name?: string } };
		lastNodeExecuted?: string;
	};
}

export interface StoredExecution {
	id: number;
	workflowId: string;
	status: string;
	mode: string;
	finished: number | boolean;
	startedAt: string;
	stoppedAt: string | null;
	data: RunExecutionData;
}

/** Executions of the home's database (oldest first), with their run data parsed. */
export async function readExecutions(
	home: N8nHome,
	options: { workflowId?: string; afterId?: number } = {},
): Promise<StoredExecution[]> {
	const rows = await queryDb<StoredExecution>(
		home,
		`SELECT e.id AS id, e.workflowId AS workflowId, e.status AS status, e.mode AS mode,
		        e.finished AS finished, e.startedAt AS startedAt, e.stoppedAt AS stoppedAt, d.data AS data
		   FROM execution_entity e LEFT JOIN execution_data d ON d.executionId = e.id
		  WHERE (?1 IS NULL OR e.workflowId = ?1) AND e.id > ?2
		  ORDER BY e.id`,
		[options.workflowId ?? null, options.afterId ?? 0],
		{ parseFlatted: ['data'] },
	);
	return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

async function lastExecutionId(home: N8nHome): Promise<number> {
	const [row] = await queryDb<{ last: number | null }>(home, 'SELECT MAX(id) AS last FROM execution_entity');
	return Number(row?.last ?? 0);
}

export interface ExecutionResult extends CliResult {
	execution: StoredExecution;
	/** JSON of a node's first output of its first run ([] when it produced none). */
	output(nodeName: string): Array<Record<string, unknown>>;
	/** The error of the execution (the failing node's), if any. */
	error?: { message?: string; description?: string; name?: string; node?: { name?: string } };
}

export function nodeOutput(execution: StoredExecution, nodeName: string): Array<Record<string, unknown>> {
	const runs = execution.data?.resultData?.runData?.[nodeName];
	if (!runs || runs.length === 0) throw new Error(`node "${nodeName}" did not run in execution ${execution.id}`);
	return (runs[0].data?.main?.[0] ?? []).map((item) => item.json);
}

/** `n8n execute --id=ID --rawOutput` (killed after `timeoutMs`, default 3 min), then the execution it stored. */
export async function executeWorkflow(
	home: N8nHome,
	id: string,
	options: { timeoutMs?: number } = {},
): Promise<ExecutionResult> {
	const before = await lastExecutionId(home);
	const cli = await n8nCli(home, ['execute', `--id=${id}`, '--rawOutput'], { allowFailure: true, timeoutMs: options.timeoutMs });
	const executions = await readExecutions(home, { workflowId: id, afterId: before });
	if (executions.length !== 1)
		throw new Error(
			`expected one new execution of ${id}, found ${executions.length}\n--- stdout\n${cli.stdout.slice(-4000)}\n--- stderr\n${cli.stderr.slice(-4000)}`,
		);
	const [execution] = executions;
	return {
		...cli,
		execution,
		output: (nodeName) => nodeOutput(execution, nodeName),
		error: execution.data?.resultData?.error,
	};
}

export interface N8nServer {
	home: N8nHome;
	/** e.g. http://127.0.0.1:41234 */
	baseUrl: string;
	process: ChildProcess;
	/** Everything n8n printed so far (also in `<userFolder>/n8n-start.log`, or `logName`). */
	logs(): string;
	/** Resolves when `pattern` shows in the logs (checked every 250 ms). */
	waitForLog(pattern: RegExp, timeoutMs?: number): Promise<void>;
	stop(): Promise<void>;
}

async function waitFor<T>(
	what: string,
	probe: () => Promise<T | undefined>,
	timeoutMs: number,
	intervalMs = 250,
	describeFailure: () => string = () => '',
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe().catch(() => undefined);
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${describeFailure()}`);
		await new Promise((done) => setTimeout(done, intervalMs));
	}
}

export interface StartN8nOptions {
	timeoutMs?: number;
	/** The CLI command and its flags; default `['start']` (e.g. `['worker', '--concurrency=3']`). */
	args?: string[];
	/** The log line that says the process is ready; default n8n start's "Editor is now accessible via". */
	readyLog?: RegExp;
	/** Also wait for `GET /rest/settings` to answer 200; default true for `start`, false otherwise. */
	probeRest?: boolean;
	/** Log file in the user folder; default `n8n-start.log` (`n8n-<command>.log` for other commands). */
	logName?: string;
}

/**
 * `n8n start` in `home`; resolves once n8n says the editor is accessible and `GET /rest/settings`
 * answers 200. With `args` it runs another long-lived command the same way (e.g. `n8n worker`,
 * ready once `readyLog` shows).
 */
export async function startN8n(home: N8nHome, options: StartN8nOptions = {}): Promise<N8nServer> {
	const args = options.args ?? ['start'];
	const isStart = args[0] === 'start';
	const readyLog = options.readyLog ?? /Editor is now accessible via/;
	const probeRest = options.probeRest ?? isStart;
	const child = spawnN8n(home, args, true);
	const logFile: WriteStream = createWriteStream(join(home.userFolder, options.logName ?? `n8n-${args[0]}.log`));
	let output = '';
	const keep = (chunk: Buffer) => {
		output += chunk.toString();
		if (output.length > 2_000_000) output = output.slice(-1_000_000);
		logFile.write(chunk);
	};
	child.stdout?.on('data', keep);
	child.stderr?.on('data', keep);
	let exited: string | undefined;
	const exitPromise = new Promise<void>((done) =>
		child.on('exit', (code, signal) => {
			exited = `exited with ${signal ?? code}`;
			done();
		}),
	);
	const baseUrl = `http://127.0.0.1:${home.port}`;

	const stop = async () => {
		if (exited === undefined && child.pid !== undefined) {
			try {
				process.kill(-child.pid, 'SIGTERM'); // the process group we created: n8n and its task runners
			} catch {
				child.kill('SIGTERM');
			}
			const timer = setTimeout(() => {
				if (exited === undefined && child.pid !== undefined) {
					try {
						process.kill(-child.pid, 'SIGKILL');
					} catch {
						child.kill('SIGKILL');
					}
				}
			}, 20_000);
			await exitPromise;
			clearTimeout(timer);
		}
		await new Promise<void>((done) => logFile.end(done));
	};

	const server: N8nServer = {
		home,
		baseUrl,
		process: child,
		logs: () => output,
		waitForLog: (pattern, timeoutMs = 60_000) =>
			waitFor(`log ${pattern}`, async () => (pattern.test(output) ? true : undefined), timeoutMs).then(() => undefined),
		stop,
	};
	try {
		await waitFor(
			`n8n ${args.join(' ')}${probeRest ? ` on ${baseUrl}` : ''}`,
			async () => {
				if (exited) throw new Error(exited);
				// n8n answers /rest/settings before every controller is registered (an early
				// POST /rest/owner/setup got "Cannot POST"); it logs this line once it is done.
				if (!readyLog.test(output)) return undefined;
				if (!probeRest) return true;
				const res = await fetch(`${baseUrl}/rest/settings`);
				return res.ok ? true : undefined;
			},
			options.timeoutMs ?? 120_000,
			500,
			() => `\n${exited ?? ''}\n${output.slice(-4000)}`,
		);
	} catch (error) {
		await stop();
		throw error;
	}
	return server;
}

export interface RestClient {
	baseUrl: string;
	/** Login cookie header value ("n8n-auth=..."). */
	cookie: string;
	/** The browser-id header the cookie is bound to. */
	browserId: string;
	owner: { email: string; password: string };
	/** Sends a JSON request; returns n8n's `data` (or the whole body); throws on HTTP errors. */
	request<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
}

export const OWNER = { email: 'owner@example.com', firstName: 'E2E', lastName: 'Owner', password: 'Dummy-e2e-passw0rd' };

/** `POST /rest/owner/setup`: creates the owner and returns a client logged in as them. */
export async function setupOwner(server: N8nServer): Promise<RestClient> {
	const browserId = randomUUID();
	const res = await fetch(`${server.baseUrl}/rest/owner/setup`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', 'browser-id': browserId },
		body: JSON.stringify(OWNER),
	});
	if (!res.ok) throw new Error(`owner setup failed: ${res.status} ${await res.text()}`);
	const cookie = res.headers
		.getSetCookie()
		.map((header) => header.split(';')[0])
		.find((pair) => pair.startsWith('n8n-auth='));
	if (!cookie) throw new Error('owner setup answered without an n8n-auth cookie');
	return {
		baseUrl: server.baseUrl,
		cookie,
		browserId,
		owner: { email: OWNER.email, password: OWNER.password },
		async request<T>(method: string, path: string, body?: unknown): Promise<T> {
			const answer = await fetch(`${server.baseUrl}${path}`, {
				method,
				headers: {
					cookie,
					'browser-id': browserId,
					...(body === undefined ? {} : { 'content-type': 'application/json' }),
				},
				body: body === undefined ? undefined : JSON.stringify(body),
			});
			const text = await answer.text();
			if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${text.slice(0, 2000)}`);
			const parsed = text ? (JSON.parse(text) as { data?: T }) : {};
			return (parsed && typeof parsed === 'object' && 'data' in parsed ? parsed.data : parsed) as T;
		},
	};
}

export { waitFor };
