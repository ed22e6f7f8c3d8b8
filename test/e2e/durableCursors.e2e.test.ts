/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- e2e test code, not shipped: it waits with Node timers and prints what it saw */
/**
 * The trigger in n8n 2.41.1 with durable poll cursors on (N8N_SCHEDULER_ENABLED,
 * N8N_SCHEDULER_POLL_TRIGGERS_ENABLED, N8N_POLLER_DURABLE_CURSORS_ENABLED,
 * N8N_USE_WORKFLOW_PUBLICATION_SERVICE): static data is then committed with each execution, and
 * an activation poll that emits nothing is not committed at all. Asserted: contacts created
 * before activation are never emitted, those created after are emitted once each, and an n8n
 * restart emits no contact twice and loses none (also those created while n8n was down).
 */
import {
	prepareN8n,
	SANDBOX_CREDENTIAL,
	SANDBOX_DUMMY_KEY,
	type PreparedN8n,
} from '../../harness/n8n/environment';
import { N8N_TARGETS, targetFromEnv } from '../../harness/n8n/install';
import { readExecutions, startN8n, waitFor, type N8nServer } from '../../harness/n8n/n8n';
import { triggerNode, workflow } from '../../harness/n8n/workflows';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { emittedContacts, searchCount } from './support/triggerRuns';

const DURABLE_CURSORS = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
};

const NODE = 'New Contact';
const flow = workflow(
	'E2E Durable Cursor Trigger',
	[triggerNode(NODE, { simplify: true }, SANDBOX_CREDENTIAL)],
	{},
);

const describe2x = targetFromEnv('2.x') ? describe : describe.skip;

describe2x('n8n 2.41.1, trigger with durable poll cursors', () => {
	jest.setTimeout(12 * 60_000);
	let sandbox: Sandbox;
	let prepared: PreparedN8n | undefined;
	let server: N8nServer | undefined;

	afterAll(async () => {
		await server?.stop();
		await prepared?.close();
		await sandbox?.close();
	});

	const add = (label: string, n: number) =>
		Array.from(
			{ length: n },
			(_, i) =>
				sandbox.store.addContact({
					email: `${label}${i}@durable.e2e.example.com`,
					sequence_id: 101,
				}).id,
		);

	const emittedIds = async () => {
		const executions = await readExecutions(prepared!.home, { workflowId: flow.id });
		return emittedContacts(executions, NODE).map((e) => Number(e.json.id));
	};

	/** Waits until every id arrived, then for one more poll that must add nothing. */
	const waitForAll = async (ids: number[], what: string) => {
		await waitFor(
			what,
			async () => {
				const arrived = new Set(await emittedIds());
				return ids.every((id) => arrived.has(id)) ? true : undefined;
			},
			200_000,
			2000,
			() => `\nsearches: ${searchCount(sandbox)}\n${server?.logs().slice(-3000)}`,
		);
		const searches = searchCount(sandbox);
		await waitFor(
			'one more poll',
			async () => (searchCount(sandbox) > searches ? true : undefined),
			90_000,
			1000,
		);
		await new Promise((done) => setTimeout(done, 3000)); // let n8n store a (wrong) emission
	};

	it('emits what was created after activation once each, nothing from before, and nothing twice across a restart', async () => {
		sandbox = await startSandbox({ apiKey: SANDBOX_DUMMY_KEY, host: '127.0.0.1', seed: true });
		const before = add('before', 2);
		prepared = await prepareN8n({
			target: N8N_TARGETS['2.x'],
			sandbox,
			label: 'durable',
			workflows: [flow],
			activate: [flow.id],
			env: DURABLE_CURSORS,
		});
		server = await startN8n(prepared.home);
		// The activation poll (or the first scheduled one) has read the account.
		await waitFor(
			'the first poll',
			async () => (searchCount(sandbox) > 0 ? true : undefined),
			120_000,
			1000,
		);
		const first = add('first', 3);
		await waitForAll(first, 'the contacts created after activation');

		await server.stop();
		const whileDown = add('down', 2);
		server = await startN8n(prepared.home);
		const afterRestart = add('after', 2);
		const expected = [...first, ...whileDown, ...afterRestart];
		await waitForAll(expected, 'the contacts created while n8n was down and after its restart');

		const emitted = await emittedIds();
		console.log(
			`[durable cursors] emitted ${emitted.join(', ')}; expected ${expected.join(', ')}; searches ${searchCount(sandbox)}`,
		);
		expect([...emitted].sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
		for (const id of before) expect(emitted).not.toContain(id);
		const executions = await readExecutions(prepared.home, { workflowId: flow.id });
		for (const execution of executions) expect(execution.status).toBe('success');
	});
});
