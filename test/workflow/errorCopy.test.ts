/**
 * The words of the errors the node shows, against n8n's UX guidelines: the message says what
 * happened and ends with [item N]; the description says how to fix it; neither uses the words
 * "error", "problem", "failure" or "mistake"; a bad value names its field. Each case runs
 * through n8n-core with the service played by nock (retries are cut short by the credential).
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { HOST, credentials } from '../support/fixtures';
import { isolateNetwork } from '../support/nodeRun';
import {
	chain,
	itemsNode,
	manualTriggerNode,
	outreachNode,
	runWorkflow,
} from '../../harness/n8nHarness';

isolateNetwork();

const FORBIDDEN = /\b(error|problem|failure|mistake)s?\b/i;

async function errorOf(parameters: IDataObject, item: IDataObject = {}) {
	const { errorOf: of } = await runWorkflow(
		{
			nodes: [
				manualTriggerNode(),
				itemsNode('Items', [{}, item]),
				outreachNode('Node', parameters),
			],
			connections: chain('Manual', 'Items', 'Node'),
		},
		{ credentials: { ...credentials, maxAttempts: 1, maxRetryWaitSeconds: 0 } },
	);
	return of('Node') as (Error & { description?: string }) | undefined;
}

const get = { resource: 'contact', operation: 'get', contactId: '={{ $json.id ?? 5 }}' };
const search = { resource: 'contact', operation: 'search', returnAll: true };

const cases: Array<
	[string, IDataObject, IDataObject, (() => void) | undefined, string | undefined]
> = [
	[
		'a bad email',
		{
			resource: 'contact',
			operation: 'add',
			email: '={{ $json.email }}',
			sequenceId: { __rl: true, mode: 'id', value: '1' },
			playbookId: { __rl: true, mode: 'id', value: '2' },
		},
		{ email: 'nope' },
		undefined,
		'Email',
	],
	['a bad contact ID', get, { id: 'x1' }, undefined, 'Contact ID'],
	[
		'a bad limit',
		{ ...search, returnAll: false, limit: '={{ $json.limit ?? 1 }}' },
		{ limit: -3 },
		() =>
			nock(HOST)
				.post('/api/v2/contact/search/')
				.reply(200, {
					contacts: [],
					pagination: { total_contacts: 0, page: 1, total_pages: 0, page_size: 1 },
				}),
		'Limit',
	],
	[
		'a rejected key (403)',
		get,
		{},
		() => nock(HOST).get('/api/v2/contact/5/').times(2).reply(403, { detail: 'no' }),
		undefined,
	],
	[
		'an unknown contact (404)',
		get,
		{},
		() => nock(HOST).get('/api/v2/contact/5/').times(2).reply(404, { detail: 'Not found.' }),
		undefined,
	],
	[
		'a service that stays down (503)',
		get,
		{},
		() => nock(HOST).get('/api/v2/contact/5/').times(2).reply(503, { detail: 'down' }),
		undefined,
	],
	[
		'an answer that is not JSON',
		get,
		{},
		() =>
			nock(HOST)
				.get('/api/v2/contact/5/')
				.times(2)
				.reply(200, '<html>hi</html>', { 'Content-Type': 'text/html' }),
		undefined,
	],
	[
		'an answer of the wrong shape',
		get,
		{},
		() => nock(HOST).get('/api/v2/contact/5/').times(2).reply(200, { ok: true }),
		undefined,
	],
	[
		'a refused request (400)',
		search,
		{},
		() =>
			nock(HOST)
				.post('/api/v2/contact/search/')
				.times(4)
				.reply(400, { detail: 'page_size: too big' }),
		undefined,
	],
];

describe('error copy', () => {
	it.each(cases)(
		'%s: says what happened [item N] and how to fix it, in plain words',
		async (_name, parameters, item, serve, field) => {
			serve?.();
			const error = await errorOf(parameters, item);
			expect(error).toBeDefined();
			const message = String(error?.message);
			const description = String(error?.description ?? '');
			expect(message).toMatch(/ \[item [01]\]$/);
			expect(description.length).toBeGreaterThan(20);
			expect(`${message} ${description}`).not.toMatch(FORBIDDEN);
			if (field) expect(message.startsWith(field)).toBe(true);
		},
	);
});
