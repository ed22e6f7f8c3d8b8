/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not shipped */
import { existsSync } from 'fs';
import nock from 'nock';
import { join } from 'path';
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	IPollFunctions,
} from 'n8n-workflow';

import {
	CREDENTIAL_TYPE,
	callInNode,
	chain,
	customNode,
	itemsNode,
	makeNodeTypes,
	manualTriggerNode,
	OUTREACH_NODE_TYPE,
	OUTREACH_TRIGGER_TYPE,
	pollOnce,
	runWorkflow,
	secretLeaks,
} from '../../harness/n8nHarness';

// No test waits for real time (virtual clock); the margin is for slow, busy machines.
jest.setTimeout(20_000);

const API_KEY = 'sk-dummy-SECRET-1234567890';
const BASE = 'https://outreach.test/api/v2';
const credentials = { baseUrl: BASE, apiKey: API_KEY };

/** A tiny node that calls GET {baseUrl}/me for every input item through n8n's auth helper. */
const meNode: INodeType = {
	description: {
		displayName: 'Me',
		name: 'test.me',
		group: ['transform'],
		version: 1,
		description: 'Calls /me',
		defaults: { name: 'Me' },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		properties: [{ displayName: 'Suffix', name: 'suffix', type: 'string', default: '' }],
	} as unknown as INodeType['description'],
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const creds = await this.getCredentials(CREDENTIAL_TYPE);
		const out: INodeExecutionData[] = [];
		for (let i = 0; i < this.getInputData().length; i++) {
			const suffix = this.getNodeParameter('suffix', i) as string;
			const body = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, {
				method: 'GET',
				url: `${String(creds.baseUrl)}/me`,
				qs: suffix ? { suffix } : undefined,
				json: true,
			})) as IDataObject;
			out.push({ json: body, pairedItem: { item: i } });
		}
		return [out];
	},
};

/** A tiny polling node that counts its polls in the node's static data. */
const countingPoller: INodeType = {
	description: {
		displayName: 'Counter',
		name: 'test.counter',
		group: ['trigger'],
		version: 1,
		description: 'Counts polls',
		defaults: { name: 'Counter' },
		polling: true,
		inputs: [],
		outputs: ['main'],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		properties: [],
	} as unknown as INodeType['description'],
	async poll(this: IPollFunctions) {
		const data = this.getWorkflowStaticData('node');
		data.count = ((data.count as number) ?? 0) + 1;
		const creds = await this.getCredentials(CREDENTIAL_TYPE);
		const body = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, {
			method: 'GET',
			url: `${String(creds.baseUrl)}/me`,
			json: true,
		})) as IDataObject;
		return [[{ json: { ...body, count: data.count, mode: this.getMode() } }]];
	},
};

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe('n8n harness', () => {
	it('runs a workflow through WorkflowExecute and authenticates with the raw key', async () => {
		const seen: Array<string | undefined> = [];
		const scope = nock('https://outreach.test')
			.get('/api/v2/me')
			.times(2)
			.query(true)
			.reply(function () {
				seen.push(this.req.headers.authorization as string | undefined);
				return [200, { message: 'Authorized' }];
			});

		const { outputOf, errorOf, ranNodes } = await runWorkflow(
			{
				nodes: [
					manualTriggerNode(),
					itemsNode('Items', [{ n: 1 }, { n: 2 }]),
					customNode('Me', 'test.me', { suffix: '={{ "x" + $json.n }}' }),
				],
				connections: chain('Manual', 'Items', 'Me'),
			},
			{ credentials, extraNodeTypes: { 'test.me': meNode } },
		);

		expect(errorOf('Me')).toBeUndefined();
		expect(ranNodes).toEqual(['Manual', 'Items', 'Me']);
		expect(outputOf('Items').map((i) => i.json)).toEqual([{ n: 1 }, { n: 2 }]);
		expect(outputOf('Me').map((i) => i.json)).toEqual([
			{ message: 'Authorized' },
			{ message: 'Authorized' },
		]);
		expect(seen).toEqual([API_KEY, API_KEY]);
		expect(scope.isDone()).toBe(true);
	});

	it('reports a failing node through errorOf', async () => {
		nock('https://outreach.test').get('/api/v2/me').reply(500, { detail: 'boom' });
		const { errorOf, outputOf } = await runWorkflow(
			{
				nodes: [itemsNode('Items', [{}]), customNode('Me', 'test.me')],
				connections: chain('Items', 'Me'),
			},
			{ credentials, extraNodeTypes: { 'test.me': meNode } },
		);
		expect(errorOf('Me')).toBeDefined();
		expect(outputOf('Me')).toEqual([]);
	});

	it('callInNode hands back what the function returned or threw', async () => {
		nock('https://outreach.test').get('/api/v2/me').reply(200, { message: 'ok' });
		const ok = await callInNode(
			async (ctx) =>
				await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_TYPE, {
					method: 'GET',
					url: `${BASE}/me`,
					json: true,
				}),
			{ credentials },
		);
		expect(ok.threw).toBe(false);
		expect(ok.value).toEqual({ message: 'ok' });

		const failed = await callInNode(
			async () => {
				throw new Error('nope');
			},
			{ credentials },
		);
		expect(failed.threw).toBe(true);
		expect((failed.error as Error).message).toBe('nope');
	});

	it('pollOnce runs poll() through a PollContext and keeps the static data', async () => {
		nock('https://outreach.test')
			.get('/api/v2/me')
			.times(2)
			.reply(function () {
				return [200, { message: 'Authorized', auth: this.req.headers.authorization }];
			});
		const node = customNode('Counter', 'test.counter');
		const first = await pollOnce(node, {
			credentials,
			extraNodeTypes: { 'test.counter': countingPoller },
		});
		expect(first.items.map((i) => i.json)).toEqual([
			{ message: 'Authorized', auth: API_KEY, count: 1, mode: 'trigger' },
		]);
		const second = await pollOnce(node, {
			credentials,
			mode: 'manual',
			staticData: first.staticData,
			extraNodeTypes: { 'test.counter': countingPoller },
		});
		expect(second.items[0].json).toMatchObject({ count: 2, mode: 'manual' });
		expect(second.staticData).toBe(first.staticData);
		expect(first.staticDataChanged).toBe(true);
	});

	it('runWorkflow calls poll() in manual mode when the start node is a polling trigger', async () => {
		nock('https://outreach.test').get('/api/v2/me').reply(200, { message: 'hi' });
		const { outputOf, ranNodes } = await runWorkflow(
			{ nodes: [customNode('Counter', 'test.counter')], connections: {} },
			{ credentials, extraNodeTypes: { 'test.counter': countingPoller } },
		);
		expect(ranNodes).toEqual(['Counter']);
		expect(outputOf('Counter')[0].json).toMatchObject({ message: 'hi', count: 1, mode: 'manual' });
	});

	it('secretLeaks finds a secret anywhere, including non-enumerable and nested properties', () => {
		const error = new Error('fine');
		Object.defineProperty(error, 'hidden', {
			value: { deep: [`x ${API_KEY}`] },
			enumerable: false,
		});
		expect(secretLeaks(error, API_KEY)).toEqual(['$.hidden.deep.0']);
		expect(secretLeaks({ a: { b: API_KEY } }, API_KEY)).toContain('JSON.stringify($)');
		expect(secretLeaks(new Error('clean'), API_KEY)).toEqual([]);
	});

	const nodeFiles = ['OutreachContact.node.ts', 'OutreachContactTrigger.node.ts'].map((f) =>
		join(__dirname, '../../nodes/OutreachContact', f),
	);
	(nodeFiles.every((f) => existsSync(f)) ? it : it.skip)(
		'serves the package node types lazily',
		() => {
			const types = makeNodeTypes();
			expect(types.getByNameAndVersion(OUTREACH_NODE_TYPE, 1).description.credentials).toEqual(
				expect.arrayContaining([expect.objectContaining({ name: CREDENTIAL_TYPE })]),
			);
			expect(types.getByNameAndVersion(OUTREACH_TRIGGER_TYPE, 1).poll).toBeInstanceOf(Function);
		},
	);
});
