/**
 * Contact → Get and Search as an AI tool: n8n runs the node under the type name
 * `outreachContactTool`, and the `@tool` display option then shows Output instead of Simplify.
 * Run on n8n-core with that type name, as n8n's tool conversion names it (the harness's
 * OUTREACH_TOOL_TYPE).
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import {
	chain,
	customNode,
	itemsNode,
	manualTriggerNode,
	OUTREACH_TOOL_TYPE,
	runWorkflow,
} from '../../harness/n8nHarness';
import { SIMPLIFIED_FIELDS } from '../../nodes/OutreachContact/helpers/simplify';
import { HOST, contact, credentials } from '../support/fixtures';
import { isolateNetwork, runNode } from '../support/nodeRun';

isolateNetwork();

async function runTool(parameters: IDataObject) {
	const { outputOf, errorOf } = await runWorkflow(
		{
			nodes: [
				manualTriggerNode(),
				itemsNode('Items', [{}]),
				customNode('Tool', OUTREACH_TOOL_TYPE, parameters),
			],
			connections: chain('Manual', 'Items', 'Tool'),
		},
		{ credentials },
	);
	return { items: outputOf('Tool').map((i) => i.json), error: errorOf('Tool') };
}

const get = { resource: 'contact', operation: 'get', contactId: '5' };

describe('Output of Get and Search as an AI tool', () => {
	beforeEach(() => {
		nock(HOST)
			.get('/api/v2/contact/5/')
			.reply(200, { data: contact(5) })
			.persist();
	});

	it('Simplified by default: at most 10 fields, those of Simplify', async () => {
		const { items } = await runTool(get);
		expect(Object.keys(items[0])).toEqual([...SIMPLIFIED_FIELDS]);
		expect(Object.keys(items[0]).length).toBeLessThanOrEqual(10);
	});

	it('Raw: the whole contact', async () => {
		const { items } = await runTool({ ...get, output: 'raw' });
		expect(items[0]).toEqual(contact(5));
	});

	it('Selected Fields: exactly those asked, and the ID', async () => {
		const { items } = await runTool({
			...get,
			output: 'fields',
			fields: ['email', 'company_name', 'enriched_company_data'],
		});
		expect(items[0]).toEqual({
			id: 5,
			email: 'person5@example.com',
			company_name: 'Widgets GmbH',
			enriched_company_data: contact(5).enriched_company_data,
		});
	});

	it('Search as a tool shapes every contact the same way', async () => {
		nock(HOST)
			.post('/api/v2/contact/search/')
			.reply(200, {
				contacts: [contact(5), contact(6)],
				pagination: { total_contacts: 2, page: 1, total_pages: 1, page_size: 100 },
			});
		const { items } = await runTool({
			resource: 'contact',
			operation: 'search',
			returnAll: true,
			output: 'fields',
			fields: ['job_title'],
		});
		expect(items).toEqual([
			{ id: 5, job_title: 'Head of Growth' },
			{ id: 6, job_title: 'Head of Growth' },
		]);
	});

	it('In a workflow the node has no Output: Simplify decides', async () => {
		const { outputOf } = await runNode({
			...get,
			simplify: false,
			output: 'fields',
			fields: ['email'],
		});
		expect(outputOf('Node')[0].json).toEqual(contact(5));
	});
});
