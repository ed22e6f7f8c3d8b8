/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code, not shipped: it may use Node timers */
import type { IDataObject } from 'n8n-workflow';
import nock from 'nock';

import {
	chain,
	itemsNode,
	manualTriggerNode,
	outreachNode,
	runWorkflow,
} from '../../harness/n8nHarness';
import { KEY_UNDER_TEST, BASE_URL, HOST, credentials } from '../support/fixtures';
import { isolateNetwork } from '../support/nodeRun';

// Real answers over (mocked or local) HTTP: ample time on a busy machine; no test asserts a duration.
jest.setTimeout(30_000);

const addNode = (extra: IDataObject = {}, settings: IDataObject = {}) => ({
	...outreachNode('Add', {
		resource: 'contact',
		operation: 'add',
		email: '={{ $json.email }}',
		sequenceId: { __rl: true, mode: 'list', value: '={{ $json.sequence }}' },
		playbookId: { __rl: true, mode: 'id', value: '21' },
		// The look-up has its own tests (contactAddLookUp.test.ts): these check the adds alone.
		options: { lookUpContact: false },
		...extra,
	}),
	...settings,
});

function workflow(items: IDataObject[], node = addNode()) {
	return {
		nodes: [manualTriggerNode(), itemsNode('Items', items), node],
		connections: chain('Manual', 'Items', 'Add'),
	};
}

isolateNetwork();

describe('Contact → Add', () => {
	it('sends the contact with the raw key and outputs the status with what was queued', async () => {
		const scope = nock(HOST, {
			reqheaders: { authorization: KEY_UNDER_TEST, 'content-type': 'application/json' },
		})
			.post('/api/v2/contact/', {
				email: 'ana@example.com',
				sequence_id: 11,
				playbook_id: 21,
				pronet_handle: 'ana-lopez',
				do_enrichment: true,
				custom_fields: { team: 'sales', tier: 'A' },
			})
			.reply(200, { data: { status: 'Contact queued' } });

		const node = addNode({
			additionalFields: {
				pronetHandle: 'ana-lopez',
				doEnrichment: true,
				customFields: {
					field: [
						{ name: 'team', value: 'sales' },
						{ name: 'tier', value: 'A' },
					],
				},
			},
		});
		const { outputOf } = await runWorkflow(
			workflow([{ email: 'ana@example.com', sequence: 11 }], node),
			{
				credentials,
			},
		);

		expect(scope.isDone()).toBe(true);
		expect(outputOf('Add')).toEqual([
			{
				json: {
					id: null,
					status: 'Contact queued',
					duplicate: false,
					email: 'ana@example.com',
					sequence_id: 11,
					playbook_id: 21,
					pronet_handle: 'ana-lopez',
					do_enrichment: true,
					custom_fields: { team: 'sales', tier: 'A' },
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	it('adds many items in input order; of a repeated email the first is queued, the later one a duplicate', async () => {
		const emails = ['a@x.io', 'b@x.io', 'a@x.io', 'c@x.io', 'A@x.io', 'e@x.io', 'f@x.io'];
		const seen = new Set<string>();
		let slowFirst = true;
		const scope = nock(HOST)
			.post('/api/v2/contact/')
			.times(emails.length)
			.reply(200, async (_uri, body: Record<string, unknown>) => {
				const email = String(body.email).toLowerCase();
				// The first answer is slow, and like the service this one decides when it is done:
				// a second copy of the email sent meanwhile would be the one queued.
				if (slowFirst) {
					slowFirst = false;
					await new Promise((resolve) => setTimeout(resolve, 60));
				}
				const status = seen.has(email)
					? 'Contact already exists in this sequence'
					: 'Contact queued';
				seen.add(email);
				return { data: { status } };
			});

		const { outputOf } = await runWorkflow(
			workflow(emails.map((email) => ({ email, sequence: 12 }))),
			{
				credentials,
			},
		);

		expect(scope.isDone()).toBe(true);
		const out = outputOf('Add');
		expect(out.map((item) => item.json.email)).toEqual(emails);
		expect(out.map((item) => item.pairedItem)).toEqual(emails.map((_, item) => ({ item })));
		expect(out.map((item) => item.json.status)).toEqual([
			'Contact queued',
			'Contact queued',
			'Contact already exists in this sequence',
			'Contact queued',
			'Contact already exists in this sequence',
			'Contact queued',
			'Contact queued',
		]);
		// Without the look-up, a duplicate is a repeat within the execution.
		expect(out.map((item) => item.json.duplicate)).toEqual([
			false,
			false,
			true,
			false,
			true,
			false,
			false,
		]);
		expect(out.every((item) => item.json.sequence_id === 12 && item.json.playbook_id === 21)).toBe(
			true,
		);
	});

	it('with Continue On Fail, a failure in the middle keeps every other item, once and in order', async () => {
		nock(HOST)
			.post('/api/v2/contact/', (body) => body.email !== 'bad@x.io')
			.times(4)
			.reply(200, { data: { status: 'Contact queued' } })
			.post('/api/v2/contact/', (body) => body.email === 'bad@x.io')
			.reply(404, { detail: 'Sequence not found.' });

		const items = ['a@x.io', 'b@x.io', 'bad@x.io', 'c@x.io', 'd@x.io'].map((email) => ({
			email,
			sequence: 11,
		}));
		const { outputOf } = await runWorkflow(workflow(items, addNode({}, { continueOnFail: true })), {
			credentials,
		});

		const out = outputOf('Add');
		expect(out).toHaveLength(5);
		expect(out.map((item) => item.pairedItem)).toEqual([0, 1, 2, 3, 4].map((item) => ({ item })));
		expect(out.map((item) => item.json.email ?? null)).toEqual([
			'a@x.io',
			'b@x.io',
			null,
			'c@x.io',
			'd@x.io',
		]);
		expect(out[2].json.error).toContain('was not found (404)');
		expect(JSON.stringify(out)).not.toContain(KEY_UNDER_TEST);
	});

	it('without Continue On Fail, a service error stops the node with a readable error', async () => {
		nock(HOST)
			.post('/api/v2/contact/')
			.reply(403, { detail: 'Authentication credentials were not provided.' });

		const { errorOf } = await runWorkflow(workflow([{ email: 'a@x.io', sequence: 11 }]), {
			credentials,
		});

		const error = errorOf('Add');
		expect(error?.message).toBe('The Outreach Contact API rejected the API key (403) [item 0]');
		expect(error?.description).toContain('paste the account API key');
		expect(JSON.stringify(error)).not.toContain(KEY_UNDER_TEST);
	});

	it('sends items in parallel when answers are slow, at most 25 at a time', async () => {
		let inFlight = 0;
		let peak = 0;
		nock(HOST)
			.post('/api/v2/contact/')
			.times(60)
			.reply(200, async () => {
				inFlight++;
				peak = Math.max(peak, inFlight);
				await new Promise((resolve) => setTimeout(resolve, 20));
				inFlight--;
				return { data: { status: 'Contact queued' } };
			});

		const items = Array.from({ length: 60 }, (_, i) => ({ email: `p${i}@x.io`, sequence: 11 }));
		const { outputOf } = await runWorkflow(workflow(items), { credentials });

		expect(outputOf('Add').map((item) => item.json.email)).toEqual(items.map((item) => item.email));
		expect(peak).toBeGreaterThan(5);
		expect(peak).toBeLessThanOrEqual(25);
	});

	it('uses the base URL without doubling a trailing slash', async () => {
		const scope = nock(HOST)
			.post('/api/v2/contact/')
			.reply(200, { data: { status: 'Contact queued' } });
		await runWorkflow(workflow([{ email: 'a@x.io', sequence: 11 }]), {
			credentials: { ...credentials, baseUrl: `${BASE_URL}/` },
		});
		expect(scope.isDone()).toBe(true);
	});
});
