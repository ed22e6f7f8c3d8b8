/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/require-node-api-error -- e2e test code, not shipped: it drives n8n with child_process and fs and reports plain Errors */
import { type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { N8nHome } from './home';
import { spawnN8n } from './cli';

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
		if (Date.now() > deadline)
			throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${describeFailure()}`);
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
	const logFile: WriteStream = createWriteStream(
		join(home.userFolder, options.logName ?? `n8n-${args[0]}.log`),
	);
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
			waitFor(
				`log ${pattern}`,
				async () => (pattern.test(output) ? true : undefined),
				timeoutMs,
			).then(() => undefined),
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

export const OWNER = {
	email: 'owner@example.com',
	firstName: 'E2E',
	lastName: 'Owner',
	password: 'Dummy-e2e-passw0rd',
};

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
