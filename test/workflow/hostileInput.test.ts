/**
 * Hostile input over real HTTP (the sandbox, through n8n-core): each value a public form could
 * post, at 10 kB and at 1 MB, fails its item with an error naming the field and the item, before
 * any request, and a hundred times the input costs at most a thousand times the time (a check
 * quadratic in the length would cost ten thousand times). No wall-clock threshold: only growth.
 */
import type { IDataObject } from 'n8n-workflow';

import { contactAddParameters, nodeWorkflow, runWorkflow } from '../../harness/n8nHarness';
import { sandboxOnTestClock } from '../support/sandboxClock';

jest.setTimeout(60_000);

const SMALL = 10 * 1024;
const LARGE = 1024 * 1024;
/** Time that does not grow with the input (starting the run, n8n-core's bookkeeping), in ms. */
const CONSTANT_MS = 250;

const env = sandboxOnTestClock({ start: Date.UTC(2026, 10, 25, 9, 0, 0) });
const credentials = () => ({ baseUrl: env.sandbox.baseUrl, apiKey: env.sandbox.apiKey });

const add = (fields: IDataObject = {}): IDataObject =>
	contactAddParameters('ok@example.com', { options: { lookUpContact: false }, ...fields });

const search = (condition: IDataObject): IDataObject => ({
	resource: 'contact',
	operation: 'search',
	conditions: { condition: [condition] },
	returnAll: false,
	limit: 10,
});

/** `n` characters: "x" repeated, unless a case builds its own. */
const text = (n: number) => 'x'.repeat(n);

/**
 * Each case: the node's parameters (the hostile value comes from the item, `$json.v`, as from a
 * form), how the value of n characters is built, and the start of the message the item fails with.
 */
const cases: Array<[string, IDataObject, (n: number) => IDataObject[string], string]> = [
	[
		'an email "a@" + "."×n + "@" (quadratic for the old pattern)',
		add({ email: '={{ $json.v }}' }),
		(n) => `a@${'.'.repeat(n - 3)}@`,
		'Email must be at most 254 characters, got',
	],
	[
		'a long Pronet Handle',
		add({ additionalFields: { pronetHandle: '={{ $json.v }}' } }),
		text,
		'Additional Fields › Pronet Handle must be at most 2048 characters, got',
	],
	[
		'a long custom field name',
		add({
			additionalFields: { customFields: { field: [{ name: '={{ $json.v }}', value: 'x' }] } },
		}),
		text,
		'Additional Fields › Custom Fields › Field 1 › Name must be at most 255 characters, got',
	],
	[
		'a long custom field value',
		add({
			additionalFields: { customFields: { field: [{ name: 'note', value: '={{ $json.v }}' }] } },
		}),
		text,
		'Additional Fields › Custom Fields › Field 1 › Value must be at most 10000 characters, got',
	],
	[
		'a long Enrich Contact',
		add({ additionalFields: { doEnrichment: '={{ $json.v }}', pronetHandle: 'jane' } }),
		(n) => 't'.repeat(n),
		'Additional Fields › Enrich Contact must be true or false (or 1 or 0), got "ttttt',
	],
	[
		'a sequence id typed as long text',
		add({ sequenceId: { __rl: true, mode: 'id', value: '={{ $json.v }}' } }),
		(n) => '1'.repeat(n),
		'Sequence must be at most 32 characters, got',
	],
	[
		'a contact id typed as long text',
		{ resource: 'contact', operation: 'get', contactId: '={{ $json.v }}' },
		(n) => '9'.repeat(n),
		'Contact ID must be at most 32 characters, got',
	],
	[
		'a profile id typed as long text',
		{ resource: 'profile', operation: 'get', profileId: '={{ $json.v }}' },
		(n) => ' '.repeat(n - 1) + '7',
		'Profile ID must be at most 32 characters, got',
	],
	[
		'a long text condition',
		search({ property: 'email', operator: 'Contains', value: '={{ $json.v }}' }),
		text,
		'Conditions › Condition 1 › Value must be at most 254 characters, got',
	],
	[
		'days typed as long text',
		search({ property: 'created_timestamp', operator: 'Exactly', days: '={{ $json.v }}' }),
		(n) => '0'.repeat(n),
		'Conditions › Condition 1 › Value (Days Ago) must be at most 32 characters, got',
	],
];

async function runOne(parameters: IDataObject, value: IDataObject[string]) {
	const started = performance.now();
	const result = await runWorkflow(nodeWorkflow(parameters, { items: [{ v: value }] }), {
		credentials: credentials(),
	});
	return { ms: performance.now() - started, error: result.errorOf('Node') };
}

describe('hostile values fail their item at once, naming the field, before any request', () => {
	it.each(cases)('%s', async (_name, parameters, build, message) => {
		const ms: number[] = [];
		for (const size of [SMALL, LARGE]) {
			env.sandbox.stats.reset();
			const { ms: took, error } = await runOne(parameters, build(size));
			ms.push(took);
			expect(error?.name).toBe('NodeOperationError');
			expect(error?.message.startsWith(message)).toBe(true);
			expect(error?.message).toMatch(/\[item 0\]$/);
			// The value is never echoed whole: at most ~50 characters of it.
			expect(error?.message.length).toBeLessThan(300);
			expect(env.sandbox.stats.requests).toBe(0);
		}
		expect(ms[1]).toBeLessThanOrEqual(1000 * ms[0] + CONSTANT_MS);
	});

	it('with Continue On Fail, a hostile item between two good ones fails alone', async () => {
		const emails = ['one@example.com', `a@${'.'.repeat(LARGE)}@`, 'two@example.com'];
		const result = await runWorkflow(
			nodeWorkflow(add({ email: '={{ $json.email }}' }), {
				items: emails.map((email) => ({ email })),
				continueOnFail: true,
			}),
			{ credentials: credentials() },
		);
		const out = result.outputOf('Node');
		expect(out.map((item) => item.json.email ?? item.json.error)).toEqual([
			'one@example.com',
			`Email must be at most 254 characters, got ${LARGE + 3} [item 1]`,
			'two@example.com',
		]);
		expect(out.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(env.sandbox.stats.byPath['POST /contact/']).toBe(2);
		expect(env.sandbox.store.listContacts().map((contact) => contact.email)).toEqual([
			'one@example.com',
			'two@example.com',
		]);
	});
});
