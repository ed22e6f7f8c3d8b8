/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- e2e test code, not shipped: it calls n8n's production webhook with fetch and prints what the sandbox answered */
/**
 * n8n 2.x in queue mode (see harness/n8n/queueMode.ts): one `n8n start` main and two `n8n worker`
 * processes sharing a throwaway Postgres and Redis, the package loaded in each, against a sandbox
 * with a tight rate limit.
 *
 * - A Webhook workflow (production URL) adds the emails of the request body; six requests of 20
 *   distinct emails go out at once, so their executions spread over both workers, and every
 *   worker paces its own requests: the sandbox answers 429s, which the suite prints but does not
 *   count on. Every contact must be created exactly once and every execution succeed.
 * - A polling trigger (every minute), published before start, polls on the main only; the
 *   executions it emits run on the workers. Every contact created after activation (the
 *   webhook's and three added to the sandbox directly) must arrive exactly once; the two created
 *   before activation never.
 *
 * Which worker ran an execution: n8n 2.41.1 records no worker in `execution_entity`, so each
 * worker's log is read for "Worker started execution <id>" (info level, scope "scaling").
 *
 * `OUTREACH_E2E_N8N=1.x` skips it (queue mode is only exercised on 2.x).
 */
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { SANDBOX_CREDENTIAL, SANDBOX_DUMMY_KEY } from '../../harness/n8n/environment';
import { N8N_TARGETS, targetFromEnv } from '../../harness/n8n/install';
import { waitFor, type StoredExecution } from '../../harness/n8n/n8n';
import { startQueueMode, type QueueModeN8n } from '../../harness/n8n/queueMode';
import {
	addContactNode,
	connect,
	splitOut,
	triggerNode,
	workflow,
} from '../../harness/n8n/workflows';

const target = N8N_TARGETS['2.x'];
const credential = SANDBOX_CREDENTIAL;

/**
 * The sandbox's window is a fixed sliding 60 s (sandbox/rateLimit.ts, not configurable), so
 * "40 per 10 s" cannot be set: 80 per minute is below what the 6 × 20 adds need, so the workers
 * run into it, and the second window opens after a minute, which keeps the suite short. The
 * credential says the same 80 per minute, as a user would set it: each process paces on its own.
 */
const RATE_LIMIT_PER_MINUTE = 80;

const WORKERS = 2;
/** Below the 6 requests, so that one worker cannot take them all. */
const WORKER_CONCURRENCY = 3;

const REQUESTS = 6;
const EMAILS_PER_REQUEST = 20;
const WEBHOOK_PATH = 'outreach-queue-add-contacts';
const DOMAIN = 'queue.e2e.example.com';

const batches = Array.from({ length: REQUESTS }, (_, request) =>
	Array.from(
		{ length: EMAILS_PER_REQUEST },
		(_, n) => `r${request + 1}-c${String(n + 1).padStart(2, '0')}@${DOMAIN}`,
	),
);
const allEmails = batches.flat();

const webhookWorkflow = workflow(
	'E2E Queue Webhook Add',
	[
		{
			id: 'c0000000-0000-4000-8000-000000000001',
			name: 'Webhook',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			position: [0, 0],
			webhookId: 'c0000000-0000-4000-8000-0000000000aa',
			parameters: {
				httpMethod: 'POST',
				path: WEBHOOK_PATH,
				responseMode: 'onReceived',
				options: {},
			},
		},
		{
			...splitOut('Split', 'body.emails'),
			parameters: { fieldToSplitOut: 'body.emails', options: { destinationFieldName: 'email' } },
		},
		addContactNode('Add', '={{ $json.email }}', credential),
	],
	connect(['Webhook', 'Split'], ['Split', 'Add']),
);

const TRIGGER_NODE = 'New Contact';
const triggerWorkflow = workflow(
	'E2E Queue New Contact Trigger',
	[triggerNode(TRIGGER_NODE, { simplify: true }, credential)],
	{},
);

const SEARCH_PATH = 'POST /contact/search/';
const searchCount = (sandbox: Sandbox) => sandbox.stats.byPath[SEARCH_PATH] ?? 0;

const DONE = ['success', 'error', 'crashed', 'canceled'];

/** Items of a node's first output, over every run of one execution. */
function outputItems(execution: StoredExecution, nodeName: string): Array<Record<string, unknown>> {
	return (execution.data?.resultData?.runData?.[nodeName] ?? []).flatMap((run) =>
		(run.data?.main?.[0] ?? []).map((item) => item.json),
	);
}

function seconds(since: number): string {
	return `${Math.round((Date.now() - since) / 1000)} s`;
}

const describeIf = targetFromEnv('2.x') ? describe : describe.skip;

describeIf(
	`n8n ${target.version} in queue mode (main + ${WORKERS} workers, Postgres, Redis)`,
	() => {
		const suiteStart = Date.now();
		let sandbox: Sandbox;
		let env: QueueModeN8n | undefined;
		let before: Array<{ id: number; email: string }> = [];
		let direct: Array<{ id: number; email: string }> = [];

		const diagnostics = () =>
			env
				? `\n--- main\n${env.main.logs().slice(-3000)}\n${env.workers
						.map((worker, index) => `--- worker ${index + 1}\n${worker.logs().slice(-2000)}`)
						.join('\n')}`
				: '';

		beforeAll(async () => {
			sandbox = await startSandbox({
				apiKey: SANDBOX_DUMMY_KEY,
				host: '127.0.0.1',
				port: 0,
				rateLimit: RATE_LIMIT_PER_MINUTE,
			});
			// Created before the trigger's activation: it must never emit these.
			before = [1, 2].map((n) =>
				sandbox.store.addContact({ email: `before${n}@${DOMAIN}`, sequence_id: 104 }),
			);
			env = await startQueueMode({
				target,
				sandbox,
				workers: WORKERS,
				workerConcurrency: WORKER_CONCURRENCY,
				credentialData: { requestsPerMinute: RATE_LIMIT_PER_MINUTE },
				workflows: [webhookWorkflow, triggerWorkflow],
				activate: [webhookWorkflow.id, triggerWorkflow.id],
			});
			// The activation poll (on the main) has run before any request is sent.
			await waitFor(
				'the activation poll',
				async () => (searchCount(sandbox) >= 1 ? true : undefined),
				60_000,
				250,
				diagnostics,
			);
			console.log(
				`[queue e2e] Postgres, Redis, main and ${WORKERS} workers up after ${seconds(suiteStart)}`,
			);
		}, 5 * 60_000);

		afterAll(async () => {
			await env?.close();
			await sandbox?.close();
			console.log(`[queue e2e] wall time ${seconds(suiteStart)}`);
		}, 2 * 60_000);

		it(
			'production webhook: concurrent requests run on both workers, every contact created exactly once',
			async () => {
				if (!env) throw new Error('queue mode did not start');
				const cluster = env;
				const started = Date.now();
				const url = `${cluster.main.baseUrl}/webhook/${WEBHOOK_PATH}`;
				const answers = await Promise.all(
					batches.map(async (emails) => {
						const res = await fetch(url, {
							method: 'POST',
							headers: { 'content-type': 'application/json' },
							body: JSON.stringify({ emails }),
						});
						return { status: res.status, body: await res.text() };
					}),
				);
				for (const answer of answers)
					expect(answer).toEqual({
						status: 200,
						body: expect.stringContaining('Workflow was started'),
					});
				// For the trigger test: created while the webhook executions run.
				direct = [1, 2, 3].map((n) =>
					sandbox.store.addContact({ email: `direct${n}@${DOMAIN}`, sequence_id: 104 }),
				);

				const executions = await waitFor(
					`${REQUESTS} webhook executions to finish`,
					async () => {
						const found = await cluster.readExecutions({ workflowId: webhookWorkflow.id });
						return found.length >= REQUESTS &&
							found.every((e) => DONE.includes(e.status) && e.stoppedAt)
							? found
							: undefined;
					},
					5 * 60_000,
					2000,
					() => `\nsandbox: ${JSON.stringify(sandbox.stats.byStatus)}${diagnostics()}`,
				);
				console.log(
					`[queue e2e] ${REQUESTS} × ${EMAILS_PER_REQUEST} adds done in ${seconds(started)}; the sandbox answered ` +
						`${sandbox.stats.rateLimited} × 429 (limit ${RATE_LIMIT_PER_MINUTE}/min) out of ${sandbox.stats.requests} requests`,
				);

				expect(executions).toHaveLength(REQUESTS);
				for (const execution of executions) {
					expect({
						id: execution.id,
						status: execution.status,
						error: execution.data?.resultData?.error?.message,
					}).toEqual({
						id: execution.id,
						status: 'success',
						error: undefined,
					});
					expect(execution.mode).toBe('webhook');
				}

				// Each request's emails came out of Add, once each, none failed.
				const outputs = executions.map((execution) => outputItems(execution, 'Add'));
				const sent = outputs.map((items) => items.map((json) => String(json.email)).sort());
				expect(sent.sort((a, b) => a[0].localeCompare(b[0]))).toEqual(
					batches.map((emails) => [...emails].sort()),
				);
				for (const json of outputs.flat()) {
					expect(json.error).toBeUndefined();
					expect(json.status).toBe('Contact queued');
				}

				// The sandbox holds each contact exactly once.
				const stored = sandbox.store.listContacts().filter((c) => c.email.startsWith('r'));
				const counts = new Map<string, number>();
				for (const contact of stored)
					counts.set(contact.email, (counts.get(contact.email) ?? 0) + 1);
				expect([...counts.keys()].sort()).toEqual([...allEmails].sort());
				expect([...counts.values()].every((count) => count === 1)).toBe(true);
				expect(sandbox.stats.contactsCreated).toBe(allEmails.length);

				// Every execution ran on exactly one worker, and both workers ran some.
				const ranOn = executions.map((execution) => ({
					id: execution.id,
					workers: cluster.workerOf(execution.id),
				}));
				console.log(`[queue e2e] webhook executions by worker: ${JSON.stringify(ranOn)}`);
				for (const { workers } of ranOn) expect(workers).toHaveLength(1);
				expect(new Set(ranOn.map(({ workers }) => workers[0])).size).toBe(WORKERS);
				expect(cluster.main.logs()).not.toMatch(/Worker started execution/);
			},
			8 * 60_000,
		);

		it(
			'trigger: polls on the main, every contact created after activation arrives exactly once, on workers',
			async () => {
				if (!env) throw new Error('queue mode did not start');
				const cluster = env;
				const started = Date.now();
				const beforeIds = new Set(before.map((c) => c.id));
				const expectedIds = sandbox.store
					.listContacts()
					.filter((c) => !beforeIds.has(c.id))
					.map((c) => c.id)
					.sort((a, b) => a - b);
				expect(expectedIds).toHaveLength(allEmails.length + direct.length);

				const emitted = async () => {
					const executions = await cluster.readExecutions({ workflowId: triggerWorkflow.id });
					return {
						executions,
						ids: executions.flatMap((e) =>
							outputItems(e, TRIGGER_NODE).map((json) => Number(json.id)),
						),
					};
				};
				// Polls run every minute: wait until every contact arrived...
				await waitFor(
					'every new contact to arrive',
					async () => {
						const ids = new Set((await emitted()).ids);
						return expectedIds.every((id) => ids.has(id)) ? true : undefined;
					},
					4 * 60_000,
					2000,
					() => `\nsearches: ${searchCount(sandbox)}${diagnostics()}`,
				);
				// ...then for one more poll, which must emit nothing new, and for its execution to settle.
				const searchesSoFar = searchCount(sandbox);
				await waitFor(
					'one more poll',
					async () => (searchCount(sandbox) > searchesSoFar ? true : undefined),
					90_000,
					1000,
				);
				await new Promise((done) => setTimeout(done, 5000));
				const { executions, ids } = await waitFor(
					'trigger executions to settle',
					async () => {
						const found = await emitted();
						return found.executions.every((e) => DONE.includes(e.status)) ? found : undefined;
					},
					60_000,
					1000,
				);
				console.log(
					`[queue e2e] trigger: ${executions.length} executions, ${ids.length} contacts, after ${seconds(started)}; ` +
						`by worker: ${JSON.stringify(executions.map((e) => ({ id: e.id, workers: cluster.workerOf(e.id) })))}`,
				);

				expect(executions.length).toBeGreaterThanOrEqual(1);
				for (const execution of executions) {
					expect({ id: execution.id, mode: execution.mode, status: execution.status }).toEqual({
						id: execution.id,
						mode: 'trigger',
						status: 'success',
					});
					expect(cluster.workerOf(execution.id)).toHaveLength(1);
				}
				expect([...ids].sort((a, b) => a - b)).toEqual(expectedIds);
				for (const id of beforeIds) expect(ids).not.toContain(id);
				expect(cluster.main.logs()).not.toMatch(/Worker started execution/);
			},
			8 * 60_000,
		);
	},
);
