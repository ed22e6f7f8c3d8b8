/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not shipped: it reads the example file next to __dirname */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeType,
} from 'n8n-workflow';

import {
	manualTriggerNode,
	itemsNode,
	runWorkflow,
	type WorkflowJson,
} from '../../harness/n8nHarness';
import { testHooks } from '../../nodes/OutreachContact/testHooks';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { TestClock } from '../../harness/testClock';

// Real answers over (mocked or local) HTTP: ample time on a busy machine; no test asserts a duration.
jest.setTimeout(30_000);

/**
 * examples/lead-to-personalized-email.json as it ships, run on n8n-core against the sandbox: the
 * webhook is replaced by the items it would emit, and n8n's Filter and Send Email nodes (not
 * installed here) by stand-ins: the filter keeps items without `error`, the email node outputs
 * its parameters as n8n resolved them. So the example's own expressions are what is checked.
 */

const EXAMPLE = join(__dirname, '..', '..', 'examples', 'lead-to-personalized-email.json');

function standIn(
	name: string,
	parameters: string[],
	run: (ctx: IExecuteFunctions, items: INodeExecutionData[]) => IDataObject[],
): INodeType {
	return {
		description: {
			displayName: name,
			name,
			group: ['transform'],
			version: [1, 2, 2.1],
			description: 'Test stand-in',
			defaults: { name },
			inputs: ['main'],
			outputs: ['main'],
			properties: parameters.map((p) => ({ displayName: p, name: p, type: 'string', default: '' })),
		},
		async execute(this: IExecuteFunctions) {
			const items = this.getInputData();
			return [run(this, items).map((json, i) => ({ json, pairedItem: { item: i } }))];
		},
	} as unknown as INodeType;
}

const standIns = {
	'n8n-nodes-base.filter': standIn('filter', [], (_ctx, items) =>
		items.filter((item) => item.json.error === undefined).map((item) => item.json),
	),
	'n8n-nodes-base.emailSend': standIn('emailSend', ['toEmail', 'subject', 'text'], (ctx, items) =>
		items.map((_, i) => ({
			toEmail: ctx.getNodeParameter('toEmail', i) as string,
			subject: ctx.getNodeParameter('subject', i) as string,
			text: ctx.getNodeParameter('text', i) as string,
		})),
	),
};

let sandbox: Sandbox;
let clock: TestClock;
let restoreClock: () => void;

beforeEach(async () => {
	clock = new TestClock({
		start: Date.UTC(2026, 10, 23, 9, 0, 0),
		sleep: 'jump',
		random: () => 0.5,
	});
	restoreClock = clock.install();
	testHooks.resetPacers();
	sandbox = await startSandbox({ now: () => clock.now(), rateLimit: 0, processingMs: 8_000 });
});
afterEach(async () => {
	restoreClock();
	await sandbox.close();
});

it('examples/lead-to-personalized-email.json: each lead gets an email made of its own snippets once they are written', async () => {
	const workflow = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as WorkflowJson & { nodes: INode[] };
	const leads = [
		{ body: { email: 'jane@acme.example', firstName: 'Jane', pronet: 'jane-doe' } },
		{ body: { email: 'omar@globex.example' } },
	];
	workflow.nodes = workflow.nodes.map((node) => {
		if (node.name === 'New Lead') return itemsNode('New Lead', leads);
		if (node.type !== 'n8n-nodes-outreach-contact.outreachContact') return node;
		// What a user picks in the two dropdowns.
		const parameters = {
			...node.parameters,
			sequenceId: { __rl: true, mode: 'list', value: 101 },
			playbookId: { __rl: true, mode: 'list', value: 201 },
		};
		return { ...node, parameters };
	});
	workflow.nodes.unshift(manualTriggerNode('Start'));
	workflow.connections = {
		...workflow.connections,
		Start: { main: [[{ node: 'New Lead', type: 'main', index: 0 }]] },
	};

	const { outputOf, errorOf } = await runWorkflow(workflow, {
		credentials: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerMinute: 60000 },
		extraNodeTypes: standIns,
	});

	expect(errorOf('Add and Wait for Snippets')).toBeUndefined();
	expect(errorOf('Send Personalised Email')).toBeUndefined();
	const emails = outputOf('Send Personalised Email').map((item) => item.json);
	expect(emails.map((email) => email.toEmail)).toEqual([
		'jane@acme.example',
		'omar@globex.example',
	]);
	const jane = sandbox.store.findContactInSequence(101, 'jane@acme.example');
	expect(jane?.enriched_company_data).not.toBeNull();
	expect(emails[0].subject).toBe(`A quick idea for ${String(jane?.enriched_company_data?.name)}`);
	expect(emails[1].subject).toBe('A quick idea for you');
	expect(emails[0].text).toContain('Hi Jane,');
	for (const [i, email] of emails.entries()) {
		const stored = sandbox.store.findContactInSequence(101, String(email.toEmail));
		for (const snippet of Object.values(stored?.sentence_fields ?? {}))
			expect(email.text).toContain(snippet);
		expect(email.text).toMatch(/Best regards,\nThe sales team$/);
		expect(stored?.id).toBe(
			[jane?.id, sandbox.store.findContactInSequence(101, 'omar@globex.example')?.id][i],
		);
	}
	expect(clock.now() - Date.UTC(2026, 10, 23, 9, 0, 0)).toBeGreaterThanOrEqual(8_000);
});
