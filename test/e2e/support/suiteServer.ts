/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- e2e test code, not shipped: it reads the examples with fs and waits with setTimeout */
/**
 * The end-to-end suite's server tests (suite.ts): what `n8n start` serves, n8n's credential test
 * of our credential, and the polling trigger emitting every contact once.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

import { startSandbox } from '../../../sandbox/server';
import { SANDBOX_DUMMY_KEY } from '../../../harness/n8n/environment';
import {
	CREDENTIAL_TYPE,
	OUTREACH_NODE_TYPE,
	OUTREACH_TRIGGER_TYPE,
	readExecutions,
	REPO_ROOT,
	waitFor,
} from '../../../harness/n8n/n8n';
import { E2E_TRIGGER_WAIT_MS, emittedBy, emittedContacts, searchCount } from './triggerRuns';
import { exampleFiles } from './suiteActions';
import type { SuiteEnv } from './suiteEnv';
import { credential } from './suiteWorkflows';

export function describeServer(env: SuiteEnv): void {
	describe('n8n start: REST credential test and the polling trigger', () => {
		/** n8n's credential test (POST /rest/credentials/test) of our credential with this data. */
		const testCredential = async (baseUrl: string, apiKey: string) =>
			await env.rest.request<{ status: string; message: string }>(
				'POST',
				'/rest/credentials/test',
				{
					credentials: {
						id: credential.id,
						name: credential.name,
						type: CREDENTIAL_TYPE,
						data: { baseUrl, apiKey },
					},
				},
			);

		it('n8n serves our node types and credential (and those of every example) in types/*.json', async () => {
			if (!env.server) throw new Error('n8n did not start');
			const nodeTypes = await env.rest.request<Array<{ name: string; version: number | number[] }>>(
				'GET',
				'/types/nodes.json',
			);
			const known = new Map<string, number[]>();
			for (const type of nodeTypes) {
				const versions = Array.isArray(type.version) ? type.version : [type.version];
				known.set(type.name, [...(known.get(type.name) ?? []), ...versions]);
			}
			expect(known.get(OUTREACH_NODE_TYPE)).toContain(1);
			expect(known.get(OUTREACH_TRIGGER_TYPE)).toContain(1);
			const credentialTypes = await env.rest.request<Array<{ name: string }>>(
				'GET',
				'/types/credentials.json',
			);
			expect(credentialTypes.map((type) => type.name)).toContain(CREDENTIAL_TYPE);

			const unknown: string[] = [];
			for (const file of exampleFiles()) {
				const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
				for (const wf of (Array.isArray(parsed) ? parsed : [parsed]) as Array<{
					nodes: Array<{ name: string; type: string; typeVersion: number }>;
				}>) {
					for (const node of wf.nodes) {
						if (!known.get(node.type)?.includes(node.typeVersion))
							unknown.push(
								`${relative(REPO_ROOT, file)}: "${node.name}" ${node.type} v${node.typeVersion}`,
							);
					}
				}
			}
			expect(unknown).toEqual([]);
		});

		it('the credential test passes with the right key', async () => {
			const result = await testCredential(env.sandbox.baseUrl, SANDBOX_DUMMY_KEY);
			expect(result.status).toBe('OK');
		});

		it('the credential test fails with a wrong key, saying the key was rejected', async () => {
			const result = await testCredential(env.sandbox.baseUrl, 'dummy-wrong-key');
			expect(result.status).toBe('Error');
			if (env.target.major >= 2) {
				expect(result.message).toContain('rejected the API key');
			} else {
				// n8n 1.x's credential tester applies a credential's `responseCode` rules only when
				// the error's `cause.response` is set, and 1.123.50's NodeApiError does not keep the
				// HTTP response as its cause: declarative tests show n8n's generic 403 text there.
				expect(result.message).toMatch(
					/rejected the API key|Forbidden - perhaps check your credentials/,
				);
			}
		});

		it('redirect: the credential test of a Base URL that redirects to another origin fails, no key sent there', async () => {
			const redirecting = await startSandbox({
				apiKey: SANDBOX_DUMMY_KEY,
				host: '127.0.0.1',
				redirect: 302,
			});
			try {
				const result = await testCredential(redirecting.baseUrl, SANDBOX_DUMMY_KEY);
				expect(redirecting.redirectTarget.requests).toEqual([]);
				expect(redirecting.stats.requests).toBe(1);
				expect(result.status).toBe('Error');
				expect(result.message).not.toContain(SANDBOX_DUMMY_KEY);
				// n8n 1.x applies `responseCode` rules only when the error keeps the response (see
				// the wrong-key test above): there it shows its own text for the status.
				if (env.target.major >= 2) expect(result.message).toContain('The Base URL redirects');
			} finally {
				await redirecting.close();
			}
		});

		it('every trigger node emits every contact created after activation exactly once, also three at one second and one beside RSS', async () => {
			if (!env.server) throw new Error('n8n did not start');
			for (let n = 1; n <= 3; n++)
				env.sandbox.store.addContact({ email: `t${n}@trigger.e2e.example.com`, sequence_id: 104 });
			const feedItems = [1, 2, 3].map((n) => env.feed.add(`New item ${n}`).title);
			expect(env.sandbox.store.listContacts().length).toBeGreaterThanOrEqual(3 + 2 + 9);
			// What each event's node must emit, from the contacts as they are now (processing done).
			const expectedIds = (event: string) =>
				env.sandbox.store
					.listContacts()
					.filter(emittedBy(event))
					.map((c) => c.id)
					.sort((a, b) => a - b);
			const watched = env.triggerWorkflows.flatMap((t) =>
				t.triggers.map((trigger) => ({ ...trigger, workflowId: t.workflow.id })),
			);
			const executionsOf = async (workflowId: string) =>
				await readExecutions(env.serverHome, { workflowId });
			const arrivedIds = async (trigger: (typeof watched)[number]) =>
				emittedContacts(await executionsOf(trigger.workflowId), trigger.name).map((e) =>
					Number(e.json.id),
				);
			const rss = env.triggerWorkflows.find((t) => t.rssNode)!;
			const rssTitles = async () =>
				emittedContacts(await executionsOf(rss.workflow.id), rss.rssNode!).map((e) =>
					String(e.json.title),
				);
			// Polls run every minute: wait for every node's contacts to arrive...
			let lacking = '';
			await waitFor(
				'every contact to arrive at every trigger node',
				async () => {
					const missing: string[] = [];
					for (const trigger of watched) {
						const ids = new Set(await arrivedIds(trigger));
						const absent = expectedIds(trigger.event.value).filter((id) => !ids.has(id));
						if (absent.length > 0)
							missing.push(
								`${trigger.workflowId} / ${trigger.name}: ${absent.length} missing (${absent.slice(0, 10).join(', ')})`,
							);
					}
					const titles = new Set(await rssTitles());
					const unread = feedItems.filter((title) => !titles.has(title));
					if (unread.length > 0) missing.push(`${rss.rssNode}: ${unread.join(', ')} missing`);
					lacking = missing.join('\n');
					return missing.length === 0 ? true : undefined;
				},
				E2E_TRIGGER_WAIT_MS,
				2000,
				() =>
					`\n${lacking}\nsearches: ${searchCount(env.sandbox)}\n${env.server?.logs().slice(-3000)}`,
			);
			// ...then for one more poll of each, which must emit nothing new.
			const searchesSoFar = searchCount(env.sandbox);
			await waitFor(
				'one more poll',
				async () => (searchCount(env.sandbox) > searchesSoFar + watched.length ? true : undefined),
				90_000,
				1000,
			);
			await new Promise((done) => setTimeout(done, 3000)); // let n8n store a (wrong) emission

			const contacts = env.sandbox.store.listContacts();
			for (const { workflow } of env.triggerWorkflows) {
				const executions = await executionsOf(workflow.id);
				expect(executions.length).toBeGreaterThanOrEqual(1);
				// No poll failed: a failed poll leaves an execution in error.
				expect({
					[workflow.name]: executions.map((e) => `${e.mode} ${e.status}`),
				}).toEqual({ [workflow.name]: executions.map(() => 'trigger success') });
			}
			for (const trigger of watched) {
				const emitted = emittedContacts(await executionsOf(trigger.workflowId), trigger.name);
				expect({
					[`${trigger.workflowId} / ${trigger.name}`]: emitted
						.map((e) => Number(e.json.id))
						.sort((a, b) => a - b),
				}).toEqual({
					[`${trigger.workflowId} / ${trigger.name}`]: expectedIds(trigger.event.value),
				});
				for (const { json } of emitted) {
					const contact = contacts.find((c) => c.id === json.id);
					expect(json).toMatchObject({
						email: contact?.email,
						sequence_name: contact?.sequence_name,
						created_date: contact?.created_date,
					});
					expect(json.enriched_company_data).toBeUndefined();
				}
			}
			expect((await rssTitles()).sort()).toEqual([...feedItems].sort());
			expect(env.server.logs()).not.toContain('No bridge acquired');
		});
	});
}
