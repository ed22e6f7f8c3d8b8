/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- e2e test code, not shipped: it reads the examples with fs, and reports plain Errors */
/**
 * The end-to-end suite's action tests (suite.ts): each workflow run with `n8n execute` against
 * the sandbox, and every example imported.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { startSandbox } from '../../../sandbox/server';
import { SANDBOX_DUMMY_KEY } from '../../../harness/n8n/environment';
import {
	executeWorkflow,
	importCredential,
	importWorkflowFile,
	importWorkflows,
	queryDb,
	REPO_ROOT,
} from '../../../harness/n8n/n8n';
import { closedPortUrl, droppingServer } from '../../support/unreachableServers';
import type { SuiteEnv } from './suiteEnv';
import {
	ADD_EMAILS,
	addWorkflow,
	badInputWorkflow,
	DROPPED_CREDENTIAL,
	getWorkflow,
	listsWorkflow,
	REDIRECT_CREDENTIAL,
	redirectWorkflow,
	REFUSED_CREDENTIAL,
	SEARCH_DOMAIN,
	searchLimitWorkflow,
	searchWorkflow,
	UNREACHABLE_ITEMS,
	unreachableWorkflow,
} from './suiteWorkflows';

function examplesDir(): string {
	return join(REPO_ROOT, 'examples');
}

export function exampleFiles(): string[] {
	const dir = examplesDir();
	if (!existsSync(dir)) return [];
	return readdirSync(dir)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => join(dir, file));
}

export function describeActions(env: SuiteEnv): void {
	describe('actions through `n8n execute`', () => {
		let adaId: number;

		it('Contact → Add: adds contacts with enrichment and custom fields; a repeated email is a duplicate', async () => {
			const result = await executeWorkflow(env.cliHome, addWorkflow.id);
			expect(result.error).toBeUndefined();
			expect(result.execution.status).toBe('success');
			const out = result.output('Add');
			expect(out.map((json) => json.email)).toEqual(ADD_EMAILS);
			// Copies of one email in one sequence are sent in input order: the first is queued.
			expect(out.map((json) => json.status)).toEqual([
				'Contact queued',
				'Contact queued',
				'Contact already exists in this sequence',
			]);
			expect(out[0]).toMatchObject({
				sequence_id: 101,
				playbook_id: 201,
				pronet_handle: 'ada-e2e',
				do_enrichment: true,
				custom_fields: { source: 'n8n e2e' },
			});

			const stored = env.sandbox.store.listContacts();
			expect(stored.map((c) => c.email).sort()).toEqual([ADD_EMAILS[0], ADD_EMAILS[1]]);
			const ada = stored.find((c) => c.email === ADD_EMAILS[0]);
			expect(ada).toMatchObject({
				sequence_id: 101,
				playbook_id: 201,
				custom_fields: { source: 'n8n e2e' },
			});
			expect(ada?.enriched_contact_data).toBeTruthy();
			adaId = ada?.id ?? 0;
			// Look Up Contact (on by default): each item's id, and the repeat marked as a duplicate.
			const bob = stored.find((c) => c.email === ADD_EMAILS[1]);
			expect(out.map((json) => [json.id, json.duplicate])).toEqual([
				[adaId, false],
				[bob?.id, false],
				[adaId, true],
			]);
		});

		it('Contact → Get: simplified, full, and a readable 404 (continue on error)', async () => {
			expect(adaId).toBeGreaterThan(0);
			const wf = getWorkflow(adaId);
			await importWorkflows(env.cliHome, [wf]);
			const result = await executeWorkflow(env.cliHome, wf.id);
			expect(result.error).toBeUndefined();

			const [simple] = result.output('Get');
			expect(simple).toMatchObject({
				id: adaId,
				email: ADD_EMAILS[0],
				sequence_name: 'Q1 Outbound',
			});
			expect(typeof simple.created_date).toBe('string');
			expect(simple.enriched_contact_data).toBeUndefined();

			const [full] = result.output('Get Full');
			const stored = env.sandbox.store.getContact(adaId);
			expect(full).toMatchObject({ id: adaId, email: ADD_EMAILS[0], pro_net_handle: 'ada-e2e' });
			expect(full.enriched_contact_data).toEqual(stored?.enriched_contact_data);
			expect(full.enriched_company_data).toEqual(stored?.enriched_company_data);

			const [missing] = result.output('Get Missing');
			expect(String(missing.error)).toContain('999999');
			expect(String(missing.error)).toContain('404');
		});

		it('Contact → Search: Return All walks every page (page cap 2); Limit stops early', async () => {
			const add = (email: string, sequence_id: number) =>
				env.sandbox.store.addContact({ email, sequence_id });
			const expected = [
				...[1, 2, 3, 4, 5].map((n) => add(`s${n}@${SEARCH_DOMAIN}`, 102)),
				...[6, 7].map((n) => add(`s${n}@${SEARCH_DOMAIN}`, 103)),
			];
			add(`other@${SEARCH_DOMAIN}`, 104); // wrong sequence
			add('s8@elsewhere.e2e.example.com', 102); // wrong email

			const result = await executeWorkflow(env.cliHome, searchWorkflow.id);
			expect(result.error).toBeUndefined();
			const out = result.output('Search All');
			expect(out.map((json) => json.id).sort()).toEqual(expected.map((c) => c.id).sort());
			expect(new Set(out.map((json) => json.id)).size).toBe(out.length);
			for (const json of out) {
				expect(json).toEqual(
					expect.objectContaining({ email: expect.stringContaining(SEARCH_DOMAIN) }),
				);
				expect(['Webinar Follow-up', 'Enterprise (done for you)']).toContain(json.sequence_name);
			}

			const limited = await executeWorkflow(env.cliHome, searchLimitWorkflow.id);
			expect(limited.error).toBeUndefined();
			const three = limited.output('Search Three');
			expect(three).toHaveLength(3);
			expect(three.every((json) => expected.some((c) => c.id === json.id))).toBe(true);
		});

		it('Playbook → Get Many, Sequence → Get Many (profile filter, limit), Profile → Get', async () => {
			const result = await executeWorkflow(env.cliHome, listsWorkflow.id);
			expect(result.error).toBeUndefined();
			expect(result.output('Playbooks').map((json) => json.id)).toEqual([201, 202, 203, 204]);
			expect(result.output('Playbooks')[0]).toMatchObject({
				playbook_name: 'Cold Email Intro',
				profile_name: 'Acme Sales',
			});
			const sequences = result.output('Sequences');
			expect(sequences).toHaveLength(2);
			expect(sequences.every((json) => json.profile_name === 'Acme Sales')).toBe(true);
			expect(result.output('Profile')).toEqual([
				expect.objectContaining({
					id: 2,
					profile_name: 'Globex Growth',
					profile_domain: 'globex-growth',
				}),
			]);
		});

		it('bad input: the execution fails with a readable error and nothing is sent', async () => {
			const before = env.sandbox.stats.byPath['POST /contact/'] ?? 0;
			const result = await executeWorkflow(env.cliHome, badInputWorkflow.id);
			expect(result.execution.status).toBe('error');
			expect(result.error?.message).toContain('Email');
			expect(result.error?.message).toMatch(/not-an-email|valid|email/i);
			expect(env.sandbox.stats.byPath['POST /contact/'] ?? 0).toBe(before);
			expect(`${result.stdout}${result.stderr}`).not.toContain(SANDBOX_DUMMY_KEY);
		});

		it('redirect: a Base URL that redirects to another origin gets no key there, and a readable error', async () => {
			// A sandbox of its own, so that the shared one (and the trigger polling it) is untouched.
			const redirecting = await startSandbox({ apiKey: SANDBOX_DUMMY_KEY, host: '127.0.0.1' });
			try {
				await importCredential(env.cliHome, {
					...REDIRECT_CREDENTIAL,
					data: { baseUrl: redirecting.baseUrl, apiKey: SANDBOX_DUMMY_KEY },
				});
				await importWorkflows(env.cliHome, [redirectWorkflow]);
				const target = `${redirecting.redirectTarget.origin}/api/v2`;
				for (const status of [302, 307, 308]) {
					redirecting.settings.redirect = status;
					const result = await executeWorkflow(env.cliHome, redirectWorkflow.id);
					expect(redirecting.redirectTarget.requests).toEqual([]);
					expect(String(result.output('Get')[0]?.error)).toBe(
						`The service redirected the request (${status}) to ${target}/contact/4242/ [item 0]`,
					);
					expect(String(result.output('Add')[0]?.error)).toBe(
						`The service redirected the request (${status}) to ${target}/contact/ [item 0]`,
					);
					expect(`${result.stdout}${result.stderr}`).not.toContain(SANDBOX_DUMMY_KEY);
					expect(JSON.stringify(result.execution)).not.toContain(SANDBOX_DUMMY_KEY);
				}
				expect(redirecting.stats.requests).toBe(6);
			} finally {
				await redirecting.close();
			}
		});

		it('unreachable: 2,000 items against a wrong Base URL fail within one retry budget, each with the error', async () => {
			const refused = await closedPortUrl();
			const dropped = await droppingServer();
			try {
				const retry = { maxAttempts: 3, maxRetryWaitSeconds: 20 };
				await importCredential(env.cliHome, {
					...REFUSED_CREDENTIAL,
					data: { baseUrl: refused, apiKey: SANDBOX_DUMMY_KEY, ...retry },
				});
				await importCredential(env.cliHome, {
					...DROPPED_CREDENTIAL,
					data: { baseUrl: dropped.url, apiKey: SANDBOX_DUMMY_KEY, ...retry },
				});
				await importWorkflows(env.cliHome, [unreachableWorkflow]);
				const result = await executeWorkflow(env.cliHome, unreachableWorkflow.id);
				const runs = result.execution.data.resultData.runData;
				for (const [node, message] of [
					['Get Refused', 'Could not reach the service (ECONNREFUSED)'],
					['Get Dropped', 'The connection to the service failed (ECONNRESET) after 3 attempts'],
				]) {
					const out = result.output(node);
					expect(out).toHaveLength(UNREACHABLE_ITEMS);
					expect(
						new Set(out.map((json) => String(json.error).replace(/ \[item \d+\]$/, ''))),
					).toEqual(new Set([message]));
					// Printed for the record (docs/benchmarks.md): one retry budget (20 s) and a few
					// seconds, where each item spent its own before (553 s for refused connections).
					const ms = runs[node]?.[0]?.executionTime ?? NaN;
					// eslint-disable-next-line no-console -- the figure is for the record
					console.log(
						`${env.label} ${node}: ${UNREACHABLE_ITEMS} items failed in ${(ms / 1000).toFixed(1)} s`,
					);
					expect(ms).toBeLessThan((retry.maxRetryWaitSeconds + 60) * 1000);
				}
				// One retry budget for the account, not one per item.
				expect(dropped.connections()).toBeLessThan(100);
				expect(`${result.stdout}${result.stderr}`).not.toContain(SANDBOX_DUMMY_KEY);
			} finally {
				await dropped.close();
			}
		});

		const examples = exampleFiles();
		(examples.length > 0 ? it : it.skip)(
			'every examples/*.json imports with `n8n import:workflow --input=<file>`',
			async () => {
				for (const file of examples) {
					const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
					const workflows = (Array.isArray(parsed) ? parsed : [parsed]) as Array<{
						id?: string;
						name: string;
					}>;
					try {
						await importWorkflowFile(env.cliHome, file);
					} catch (error) {
						const hint = workflows.some((wf) => !wf.id)
							? ' (it has no "id": `n8n import:workflow --input=<file>` needs one; only --separate makes them up)'
							: '';
						throw new Error(
							`${relative(REPO_ROOT, file)} did not import${hint}:\n${(error as Error).message}`,
						);
					}
					const names = workflows.map((wf) => wf.name);
					const rows = await queryDb<{ name: string }>(
						env.cliHome,
						`SELECT name FROM workflow_entity WHERE name IN (${names.map(() => '?').join(',')})`,
						names,
					);
					expect(rows.map((row) => row.name).sort()).toEqual([...names].sort());
				}
			},
		);
	});
}
