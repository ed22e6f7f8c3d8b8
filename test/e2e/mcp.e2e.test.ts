/* eslint-disable no-console -- e2e test code, not shipped: it prints the tools it saw */
/**
 * The node as an AI tool, through n8n 2.41.1's MCP Server Trigger and an MCP client nobody on
 * this project wrote (`@modelcontextprotocol/sdk`), with no language model in between.
 *
 * `examples/mcp-server-tools.json` is imported as it ships (its credential reference mapped to
 * the sandbox credential), published, and served by `n8n start`. The SDK's `Client` connects
 * over Streamable HTTP to the trigger's production URL `/mcp/<path>` and:
 * - lists the tools: every tool, its description and the `$fromAI` arguments in its schema;
 * - adds a contact, finds it by email, gets it by id, lists sequences and playbooks; the sandbox
 *   then holds exactly that contact;
 * - searches with arguments left out, empty or combined (the search tool's conditions are fixed
 *   in the workflow; a left-out argument must not filter);
 * - sends bad arguments (an invalid email, an unknown sequence, an unknown contact id, a missing
 *   or mistyped argument, an unknown tool): each comes back as a readable error and n8n keeps
 *   serving;
 * - checks that the API key appears in no tool result.
 */
import {
	SANDBOX_DUMMY_KEY,
	startN8nWithSandbox,
	type RunningN8n,
} from '../../harness/n8n/environment';
import { N8N_TARGETS, targetFromEnv } from '../../harness/n8n/install';
import { waitFor } from '../../harness/n8n/n8n';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { McpSession } from './support/mcpSession';
import {
	CALL_TIMEOUT_MS,
	EXPECTED_ARGUMENTS,
	loadExample,
	MCP_TRIGGER_TYPE,
	SELECTED_FIELDS,
	TOOL_TYPE,
	toolName,
	type JsonSchema,
} from './support/mcpExample';

const describe2x = targetFromEnv('2.x') ? describe : describe.skip;

describe2x(
	'n8n 2.41.1: the Outreach Contact tools through the MCP Server Trigger and an MCP client',
	() => {
		const example = loadExample();
		const trigger = example.nodes.find((node) => node.type === MCP_TRIGGER_TYPE);
		const toolNodes = example.nodes.filter((node) => node.type === TOOL_TYPE);
		const path = String(trigger?.parameters.path ?? '');

		let sandbox: Sandbox;
		let env: RunningN8n | undefined;
		let session: McpSession | undefined;
		let mcpUrl = '';
		const started = Date.now();

		/** The session, once beforeAll has connected it. */
		const mcp = (): McpSession => {
			if (!session) throw new Error('the MCP client is not connected');
			return session;
		};

		beforeAll(async () => {
			expect(trigger).toBeDefined();
			expect(path).not.toBe('');
			sandbox = await startSandbox({ apiKey: SANDBOX_DUMMY_KEY, host: '127.0.0.1', port: 0 });
			env = await startN8nWithSandbox({
				target: N8N_TARGETS['2.x'],
				sandbox,
				label: '2.x-mcp',
				workflows: [example],
				activate: [example.id],
			});
			mcpUrl = `${env.server.baseUrl}/mcp/${path}`;
			// n8n registers the published workflow's webhooks around the time it says it is ready.
			session = await waitFor(
				'the MCP Server Trigger to accept a client',
				async () => await McpSession.connect(mcpUrl, toolNodes, sandbox),
				120_000,
				1000,
				() => (env ? `\n${env.server.logs().slice(-3000)}` : ''),
			);
			console.log(
				`[mcp] connected to ${mcpUrl} after ${Math.round((Date.now() - started) / 1000)} s`,
			);
			expect(sandbox.store.listContacts()).toEqual([]);
		});

		afterAll(async () => {
			await session?.close();
			await env?.close();
			await sandbox?.close();
			console.log(`[mcp] wall time ${Math.round((Date.now() - started) / 1000)} s`);
		});

		it('lists every tool with its description and an input schema holding its $fromAI arguments', async () => {
			const { client } = mcp();
			expect(client.getInstructions()).toBe(trigger?.parameters.instructions);
			// The tool list comes from the workflow: listing costs no request to the service.
			const { value: listed, requests } = await mcp().requestsDuring(
				async () => await client.listTools(undefined, { timeout: CALL_TIMEOUT_MS }),
			);
			expect(requests).toEqual({});
			const tools = listed.tools;

			const lines = tools.map((tool) => {
				const schema = tool.inputSchema as JsonSchema;
				const args = Object.entries(schema.properties ?? {}).map(
					([name, property]) =>
						`${name}: ${property.type}${(schema.required ?? []).includes(name) ? '' : ` = ${JSON.stringify(property.default)}`}`,
				);
				return `- ${tool.name}(${args.join(', ')})\n    ${tool.description}`;
			});
			console.log(`[mcp] tools/list from ${mcpUrl}:\n${lines.join('\n')}`);

			expect(tools.map((tool) => tool.name).sort()).toEqual(
				toolNodes.map((node) => toolName(node.name)).sort(),
			);
			expect(Object.keys(EXPECTED_ARGUMENTS).sort()).toEqual(tools.map((tool) => tool.name).sort());
			for (const tool of tools) {
				const node = toolNodes.find((candidate) => toolName(candidate.name) === tool.name);
				expect(tool.description).toBe(node?.parameters.toolDescription);
				const schema = tool.inputSchema as JsonSchema;
				expect(schema.type).toBe('object');
				const expected = EXPECTED_ARGUMENTS[tool.name];
				const properties = schema.properties ?? {};
				expect(
					Object.fromEntries(
						Object.entries(properties).map(([name, property]) => [name, property.type]),
					),
				).toEqual(expected.properties);
				for (const [name, property] of Object.entries(properties)) {
					// Every argument says what it is, with an example or its empty meaning.
					expect({ tool: tool.name, name, description: property.description ?? '' }).toEqual(
						expect.objectContaining({ description: expect.stringMatching(/\S.{20,}/) }),
					);
				}
				expect([...(schema.required ?? [])].sort()).toEqual(expected.required);
			}
		});

		it('adds a contact (its id comes back), finds it by email, gets it by id and lists sequences and playbooks, with the requests docs/mcp.md states', async () => {
			const email = 'ada.lovelace@mcp.e2e.example.com';
			const costs: string[] = [];
			const measured = async (
				name: string,
				args: Record<string, unknown>,
				expected: Record<string, number>,
			) => {
				const { value, requests } = await mcp().requestsDuring(
					async () => await mcp().callOk(name, args),
				);
				costs.push(`${name}: ${JSON.stringify(requests)}`);
				expect({ name, requests }).toEqual({ name, requests: expected });
				return value;
			};

			const sequences = await measured('List_Sequences', {}, { 'GET /sequences/list/ 200': 1 });
			expect(sequences).toEqual(
				expect.arrayContaining([
					expect.objectContaining({
						id: 101,
						sequence_name: 'Q1 Outbound',
						profile_name: 'Acme Sales',
					}),
				]),
			);
			expect(sequences).toHaveLength(5);
			const playbooks = await measured('List_Playbooks', {}, { 'GET /playbooks/list/ 200': 1 });
			expect(playbooks).toEqual(
				expect.arrayContaining([
					expect.objectContaining({ id: 201, playbook_name: 'Cold Email Intro' }),
				]),
			);

			// These counts are the costs docs/mcp.md states: keep them in step. Add looks the contact up
			// (options.lookUpContact, on by default): one search before the add and one after it.
			const addArgs = { email, sequenceId: 101, playbookId: 201 };
			const added = await measured('Add_Contact_to_Sequence', addArgs, {
				'POST /contact/search/ 200': 2,
				'POST /contact/ 200': 1,
			});
			console.log(
				`[mcp] Add_Contact_to_Sequence(${JSON.stringify(addArgs)}) -> ${JSON.stringify(added)}`,
			);
			const stored = sandbox.store.listContacts();
			expect(added).toEqual([
				{
					id: stored[0]?.id,
					status: 'Contact queued',
					duplicate: false,
					email,
					sequence_id: 101,
					playbook_id: 201,
				},
			]);
			expect(stored).toHaveLength(1);
			expect(stored[0]).toMatchObject({ email, sequence_id: 101, playbook_id: 201 });
			expect(sandbox.stats.contactsCreated).toBe(1);

			// Email match ignores letter case; the result is the flat contact, not the enrichment dump.
			const searchArgs = { email: email.toUpperCase() };
			const found = await measured('Search_Contacts', searchArgs, {
				'POST /contact/search/ 200': 1,
			});
			console.log(
				`[mcp] Search_Contacts(${JSON.stringify(searchArgs)}) -> ${JSON.stringify(found)}`,
			);
			expect(found).toHaveLength(1);
			expect(found[0]).toMatchObject({ id: stored[0].id, email, sequence_name: 'Q1 Outbound' });
			expect(found[0].enriched_contact_data).toBeUndefined();
			expect(found[0].enriched_company_data).toBeUndefined();

			const got = await measured(
				'Get_Contact',
				{ contactId: found[0].id },
				{ 'GET /contact/<id>/ 200': 1 },
			);
			expect(got).toEqual([found[0]]);
			// Output → Simplified (the example's choice): at most 10 fields, as n8n's guideline asks.
			expect(Object.keys(got[0]).length).toBeLessThanOrEqual(10);
			// Output → Selected Fields: exactly the fields asked, and the id.
			const picked = await measured(
				'Get_Contact_Fields',
				{ contactId: found[0].id },
				{ 'GET /contact/<id>/ 200': 1 },
			);
			expect(Object.keys(picked[0]).sort()).toEqual(['id', ...SELECTED_FIELDS].sort());
			expect(picked[0]).toMatchObject({ id: found[0].id, email });

			// The same email in the same sequence again: a duplicate, nothing new in the sandbox.
			// Found by the search before the add: no search after it.
			const again = await measured('Add_Contact_to_Sequence', addArgs, {
				'POST /contact/search/ 200': 1,
				'POST /contact/ 200': 1,
			});
			expect(again).toEqual([
				{
					id: stored[0].id,
					status: 'Contact already exists in this sequence',
					duplicate: true,
					email,
					sequence_id: 101,
					playbook_id: 201,
				},
			]);
			expect(sandbox.store.listContacts().map((contact) => contact.email)).toEqual([email]);
			expect(sandbox.stats.contactsCreated).toBe(1);
			console.log(`[mcp] requests to the service per call:\n  ${costs.join('\n  ')}`);
		});

		it('bad arguments come back as readable error results, and n8n keeps serving', async () => {
			const failing = async (
				name: string,
				args: Record<string, unknown>,
				expected: Record<string, number>,
			) => {
				const { value, requests } = await mcp().requestsDuring(
					async () => await mcp().callError(name, args),
				);
				expect({ name, requests }).toEqual({ name, requests: expected });
				return value;
			};

			// Checked by the node before any request.
			const badEmail = await failing(
				'Add_Contact_to_Sequence',
				{ email: 'not-an-email', sequenceId: 101, playbookId: 201 },
				{},
			);
			expect(badEmail).toContain('Email');
			expect(badEmail).toContain('not-an-email');

			// Refused by the service (400), not retried: the error names the sequence id.
			const unknownSequence = await failing(
				'Add_Contact_to_Sequence',
				{ email: 'grace.hopper@mcp.e2e.example.com', sequenceId: 999, playbookId: 201 },
				{ 'POST /contact/search/ 200': 1, 'POST /contact/ 400': 1 },
			);
			expect(unknownSequence).toMatch(/sequence/i);
			expect(unknownSequence).toContain('999');

			const unknownContact = await failing(
				'Get_Contact',
				{ contactId: 999999 },
				{ 'GET /contact/<id>/ 404': 1 },
			);
			expect(unknownContact).toContain('999999');
			expect(unknownContact).toMatch(/404|not found/i);

			// Arguments that do not fit the input schema are refused before the node runs.
			const missing = await failing(
				'Add_Contact_to_Sequence',
				{ sequenceId: 101, playbookId: 201 },
				{},
			);
			expect(missing).toMatch(/schema|required|email/i);
			const mistyped = await failing('Get_Contact', { contactId: 'forty-two' }, {});
			expect(mistyped).toMatch(/schema|number|contactId/i);

			// A tool that does not exist: a protocol error for the client, not a crash.
			await expect(
				mcp().client.callTool({ name: 'Delete_Everything', arguments: {} }, undefined, {
					timeout: CALL_TIMEOUT_MS,
				}),
			).rejects.toThrow(/Tool not found|not found/i);

			expect(sandbox.store.listContacts().map((contact) => contact.email)).toEqual([
				'ada.lovelace@mcp.e2e.example.com',
			]);
			expect(sandbox.stats.contactsCreated).toBe(1);

			// Still serving: the same session lists and calls tools.
			expect((await mcp().callOk('List_Playbooks', {})).length).toBe(4);
			expect(
				(await mcp().client.listTools(undefined, { timeout: CALL_TIMEOUT_MS })).tools,
			).toHaveLength(toolNodes.length);
		});

		it('search: a left-out or empty argument does not filter; the given ones must all match', async () => {
			const day = 86_400_000;
			const ada = sandbox.store.listContacts()[0];
			const bob = sandbox.store.addContact({ email: 'bob@mcp.e2e.example.com', sequence_id: 102 });
			const cy = sandbox.store.addContact({
				email: 'cy@mcp.e2e.example.com',
				sequence_id: 102,
				created_date: Date.now() - 10 * day,
			});
			const ids = async (args: Record<string, unknown>) =>
				(await mcp().callOk('Search_Contacts', args))
					.map((contact) => Number(contact.id))
					.sort((a, b) => a - b);
			const sorted = (...list: Array<{ id: number }>) =>
				list.map((contact) => contact.id).sort((a, b) => a - b);

			expect(await ids({})).toEqual(sorted(ada, bob, cy));
			expect(await ids({ email: '', sequenceId: 0, createdInLastDays: 0 })).toEqual(
				sorted(ada, bob, cy),
			);
			expect(await ids({ email: 'bob@mcp.e2e.example.com' })).toEqual(sorted(bob));
			expect(await ids({ sequenceId: 102 })).toEqual(sorted(bob, cy));
			expect(await ids({ createdInLastDays: 7 })).toEqual(sorted(ada, bob));
			expect(await ids({ sequenceId: 102, createdInLastDays: 7 })).toEqual(sorted(bob));
			expect(await ids({ email: 'bob@mcp.e2e.example.com', sequenceId: 101 })).toEqual([]);
			expect(await ids({ email: 'nobody@mcp.e2e.example.com' })).toEqual([]);
			expect(await ids({ limit: 2 })).toHaveLength(2);
		});

		it('the API key appears in no tool result', () => {
			expect(sandbox.apiKey).toBe(SANDBOX_DUMMY_KEY);
			const { received } = mcp();
			expect(received.length).toBeGreaterThan(10);
			for (const text of received) expect(text).not.toContain(SANDBOX_DUMMY_KEY);
		});
	},
);
