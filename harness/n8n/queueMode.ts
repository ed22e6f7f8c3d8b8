/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/require-node-api-error -- e2e test code, not shipped: it runs Postgres, Redis and n8n with child_process and fs, and reports plain Errors */
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
 * Postgres (postgres.ts) and Redis (redis.ts) run from Debian's packages; processes.ts starts
 * and cleans up their processes. Postgres refuses to run as root: as root, `initdb`, `pg_ctl` run through
 * `runuser -u postgres --` and the data folder belongs to that user. Binaries: the newest
 * `/usr/lib/postgresql/<v>/bin` (Debian's layout), `OUTREACH_E2E_PG_BIN` to override, else PATH;
 * `OUTREACH_E2E_REDIS_SERVER` overrides `redis-server`. `OUTREACH_E2E_KEEP=1` keeps the folders
 * (the Postgres data folder, `postgres.log`, the n8n user folders with their logs).
 */
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
	type N8nHome,
	type N8nServer,
	type StoredExecution,
	type WorkflowJson,
} from './n8n';
import type { CredentialRef } from './workflows';
import { PostgresServer, queryPostgres, startPostgres } from './postgres';
import { RedisServer, startRedis } from './redis';

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
	query<T = Record<string, unknown>>(
		sql: string,
		params?: unknown[],
		options?: { parseFlatted?: string[] },
	): Promise<T[]>;
	/** Executions (oldest first), with their run data parsed, read from Postgres. */
	readExecutions(options?: { workflowId?: string; afterId?: number }): Promise<StoredExecution[]>;
	/** Indexes (into `workers`) of the workers whose log says "Worker started execution <id>". */
	workerOf(executionId: number): number[];
	/** Stops the workers, the main, Redis, Postgres and the sandbox if started here; removes the folders. */
	close(): Promise<void>;
}

/** Execution ids a worker's log says it started. */
export function executionsStartedBy(worker: N8nServer): number[] {
	return [...worker.logs().matchAll(/Worker started execution (\d+)/g)].map((match) =>
		Number(match[1]),
	);
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
			(await startSandbox({
				apiKey: SANDBOX_DUMMY_KEY,
				...options.sandboxOptions,
				host: '127.0.0.1',
			}));
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
			const home = await createN8nHome(install, {
				label: `${label}-${role}`,
				env: { ...sharedEnv, ...extra },
			});
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
			await Promise.all(
				results.map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)),
			);
		});
		const failed = results.find((result) => result.status === 'rejected');
		if (failed) throw failed.reason;
		const [main, ...workers] = results.map(
			(result) => (result as PromiseFulfilledResult<N8nServer>).value,
		);

		const query = <T>(
			sql: string,
			params: unknown[] = [],
			queryOptions: { parseFlatted?: string[] } = {},
		) => queryPostgres<T>(install, postgres, sql, params, queryOptions);

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
				return workers.flatMap((worker, index) =>
					executionsStartedBy(worker).includes(executionId) ? [index] : [],
				);
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
