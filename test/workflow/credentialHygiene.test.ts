/**
 * Credential hygiene and the maxima of the numbers a user sets, over real HTTP (the sandbox)
 * through n8n-core: a key pasted with spaces or a line break around it works; a Base URL with a
 * user name and password fails the item with a message that quotes neither, and sends nothing;
 * a value above a field's maximum fails its item, naming the field, before any request.
 */
import type { IDataObject } from 'n8n-workflow';

import { contactAddParameters, nodeWorkflow, runWorkflow } from '../../harness/n8nHarness';
import { sandboxOnTestClock } from '../support/sandboxClock';

jest.setTimeout(30_000);

const env = sandboxOnTestClock({ random: () => 0.5 });

async function run(parameters: IDataObject, credentials: IDataObject, continueOnFail = false) {
	const result = await runWorkflow(nodeWorkflow(parameters, { continueOnFail }), {
		credentials: { maxAttempts: 1, ...credentials } as never,
	});
	return { items: result.outputOf('Node').map((i) => i.json), error: result.errorOf('Node') };
}

const getContact = (id: number) => ({
	resource: 'contact',
	operation: 'get',
	contactId: String(id),
});

describe('the API key', () => {
	it.each([
		['a trailing space', (key: string) => `${key} `],
		['a trailing line break', (key: string) => `${key}\n`],
		['spaces and a tab around', (key: string) => `  ${key}\t`],
		// n8n 2.x's axios strips spaces, tabs and line breaks from header values itself (older
		// n8n's may not); a non-breaking space, as a copy from a web page brings, only the trim.
		['a trailing non-breaking space', (key: string) => `${key}\u00a0`],
	])('pasted with %s: the request carries the key and the item succeeds', async (_, pasted) => {
		const { id } = env.sandbox.store.addContact({ email: 'ann@example.com', sequence_id: 101 });
		const { items, error } = await run(getContact(id), {
			baseUrl: env.sandbox.baseUrl,
			apiKey: pasted(env.sandbox.apiKey),
		});
		expect(error).toBeUndefined();
		expect(items).toEqual([expect.objectContaining({ id, email: 'ann@example.com' })]);
		expect(env.sandbox.stats.byStatus).toEqual({ '200': 1 });
	});
});

describe('a Base URL with user:pass@', () => {
	const withUserinfo = () => env.sandbox.baseUrl.replace('http://', 'http://joe:hunter2secret@');
	const message = () =>
		`The credential's Base URL contains a user name or password (user:pass@). Enter only the API address (scheme, host and path), here ${env.sandbox.baseUrl}; the API key goes in its own field.`;

	it('fails the item with a message that quotes neither, and sends no request', async () => {
		const { items, error } = await run(getContact(1), {
			baseUrl: withUserinfo(),
			apiKey: env.sandbox.apiKey,
		});
		expect(items).toEqual([]);
		expect(error?.message).toBe(message());
		expect(JSON.stringify(error)).not.toContain('hunter2secret');
		expect(env.sandbox.stats.requests).toBe(0);
	});

	it('with Continue On Fail: the item carries the message', async () => {
		const { items } = await run(
			getContact(1),
			{ baseUrl: withUserinfo(), apiKey: env.sandbox.apiKey },
			true,
		);
		expect(items).toEqual([expect.objectContaining({ error: message() })]);
		expect(JSON.stringify(items)).not.toContain('hunter2secret');
		expect(env.sandbox.stats.requests).toBe(0);
	});
});

describe('a value above a maximum (from an expression)', () => {
	const add = (options: IDataObject) => contactAddParameters('ann@example.com', { options });
	const search = (extra: IDataObject) => ({
		resource: 'contact',
		operation: 'search',
		conditions: { condition: [{ property: 'email', operator: 'Is', value: 'a@b.co' }] },
		...extra,
	});

	it.each([
		[
			'Wait Timeout',
			add({ waitForProcessing: true, waitTimeout: '={{ 86401 }}' }),
			'Options › Wait Timeout must be at most 86400 seconds (one day), got 86401 [item 0]',
		],
		[
			'Limit of Contact Search',
			search({ limit: '={{ 1000001 }}' }),
			'Limit must be at most 1000000, got 1000001. To get more results, turn on Return All. [item 0]',
		],
		[
			'Limit of Sequence Get Many',
			{ resource: 'sequence', operation: 'getAll', limit: '={{ 2000000 }}' },
			'Limit must be at most 1000000, got 2000000. To get more results, turn on Return All. [item 0]',
		],
		[
			'Value (Days Ago)',
			search({
				conditions: {
					condition: [
						{ property: 'created_timestamp', operator: 'Less than', days: '={{ 36501 }}' },
					],
				},
			}),
			'Conditions › Condition 1 › Value (Days Ago) must be a whole number of days from 0 (today) to 36500, got "36501" [item 0]',
		],
	])('%s: the item fails naming the field, and no request is sent', async (_, parameters, text) => {
		const { error } = await run(parameters, {
			baseUrl: env.sandbox.baseUrl,
			apiKey: env.sandbox.apiKey,
		});
		expect(error?.message).toBe(text);
		expect(env.sandbox.stats.requests).toBe(0);
	});

	it.each([
		['Wait Timeout', add({ waitForProcessing: true, waitTimeout: 86400 })],
		['Limit', search({ limit: 1000000 })],
	])('%s at its maximum is accepted', async (_, parameters) => {
		const { error } = await run(parameters, {
			baseUrl: env.sandbox.baseUrl,
			apiKey: env.sandbox.apiKey,
		});
		expect(error?.message ?? '').not.toMatch(/at most/);
	});
});
