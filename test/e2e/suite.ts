/**
 * The end-to-end suite, run once per n8n version (see n8n-2.e2e.test.ts and n8n-1.e2e.test.ts).
 *
 * Two user folders share one sandbox:
 * - "server": the credential and a trigger workflow, published/activated, then `n8n start`. It
 *   polls every minute while the CLI tests run; the REST tests and the trigger test use it.
 * - "cli": the credential and the action workflows, each run with `n8n execute`.
 * Every contact the sandbox holds is created after the trigger's activation poll, so the trigger
 * test expects each of them (from the CLI tests and its own) to arrive exactly once.
 */
import { startSandbox } from '../../sandbox/server';
import {
	prepareN8n,
	startN8nWithSandbox,
	SANDBOX_DUMMY_KEY,
	type PreparedN8n,
	type RunningN8n,
} from '../../harness/n8n/environment';
import { N8N_TARGETS, targetFromEnv } from '../../harness/n8n/install';
import { waitFor } from '../../harness/n8n/n8n';
import { TRIGGER_EVENTS } from '../../nodes/OutreachContact/trigger/events';
import { describeActions } from './support/suiteActions';
import type { SuiteEnv } from './support/suiteEnv';
import { describeServer } from './support/suiteServer';
import {
	addWorkflow,
	badInputWorkflow,
	listsWorkflow,
	searchLimitWorkflow,
	searchWorkflow,
	triggerWorkflows,
} from './support/suiteWorkflows';
import { startLocalFeed } from './support/rssFeed';

export function describeN8n(label: '2.x' | '1.x'): void {
	const target = N8N_TARGETS[label];
	const describeIf = targetFromEnv(label) ? describe : describe.skip;

	describeIf(`n8n ${target.version} (${label}) with the package loaded`, () => {
		// Filled in by beforeAll, read by the tests when they run (support/suiteEnv.ts).
		const env = { label, target } as SuiteEnv;
		let cli: PreparedN8n | undefined;
		let running: RunningN8n | undefined;

		beforeAll(async () => {
			// A small page cap so that Return All and the trigger walk several pages.
			const sandbox = await startSandbox({
				apiKey: SANDBOX_DUMMY_KEY,
				host: '127.0.0.1',
				port: 0,
				maxPageSize: 2,
				processingMs: 0,
			});
			sandbox.stats.log = []; // which searches came: each trigger node's activation
			env.sandbox = sandbox;
			env.feed = await startLocalFeed();
			env.triggerWorkflows = triggerWorkflows(env.feed.url);
			// The server side (import, publish, start, owner) and the CLI side (imports) in parallel;
			// allSettled, so that nothing started is left behind when the other side fails.
			const [started, prepared] = await Promise.allSettled([
				startN8nWithSandbox({
					target,
					sandbox,
					label: `${label}-server`,
					workflows: env.triggerWorkflows.map((t) => t.workflow),
					activate: env.triggerWorkflows.map((t) => t.workflow.id),
				}),
				prepareN8n({
					target,
					sandbox,
					label: `${label}-cli`,
					workflows: [
						addWorkflow,
						searchWorkflow,
						searchLimitWorkflow,
						listsWorkflow,
						badInputWorkflow,
					],
				}),
			]);
			if (started.status === 'fulfilled') running = started.value;
			if (prepared.status === 'fulfilled') cli = prepared.value;
			if (started.status === 'rejected') throw started.reason;
			if (prepared.status === 'rejected') throw prepared.reason;
			if (!running || !cli) throw new Error('unreachable: both sides settled');
			const { server } = running;
			Object.assign(env, {
				server,
				serverHome: running.home,
				rest: running.rest,
				cliHome: cli.home,
			});
			// Each trigger node's activation poll has searched (and found nothing) before any contact
			// exists: a search of each event's kind (one node per event of the table).
			const searchedBy = (e: (typeof TRIGGER_EVENTS)[number]) =>
				e
					.search(1)
					.map((c) => c.property)
					.join(',');
			await waitFor(
				'the activation polls of every event',
				async () =>
					TRIGGER_EVENTS.every((e) =>
						sandbox.stats.log?.some((r) => r.searched?.join(',') === searchedBy(e)),
					)
						? true
						: undefined,
				60_000,
				250,
				() => (server ? `\n${server.logs().slice(-4000)}` : ''),
			);
			expect(sandbox.store.listContacts()).toEqual([]);
		});

		afterAll(async () => {
			await running?.close();
			await cli?.close();
			await env.sandbox?.close();
			await env.feed?.close();
		});

		describeActions(env);
		describeServer(env);
	});
}
