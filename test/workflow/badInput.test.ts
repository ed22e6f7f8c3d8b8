import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { KEY_UNDER_TEST } from '../support/fixtures';
import { isolateNetwork, runNode } from '../support/nodeRun';

const add = (fields: IDataObject): IDataObject => ({
	resource: 'contact',
	operation: 'add',
	email: 'ok@example.com',
	sequenceId: { __rl: true, mode: 'id', value: '11' },
	playbookId: { __rl: true, mode: 'id', value: '21' },
	...fields,
});

const search = (condition: IDataObject, extra: IDataObject = {}): IDataObject => ({
	resource: 'contact',
	operation: 'search',
	conditions: { condition: [{ property: 'email', operator: 'Is', value: 'a@b.co' }, condition] },
	limit: 10,
	...extra,
});

/**
 * Each case: the node's parameters (with item 1 of two carrying the bad value through an
 * expression where it makes sense), the field the error must name.
 */
const cases: Array<[string, IDataObject, string]> = [
	[
		'an email without @',
		add({ email: '={{ $json.bad ? "not-an-email" : "ok@example.com" }}' }),
		'Email',
	],
	['an empty email', add({ email: '={{ $json.bad ? "" : "ok@example.com" }}' }), 'Email'],
	[
		'an email with spaces',
		add({ email: '={{ $json.bad ? "a b@c.de" : "ok@example.com" }}' }),
		'Email',
	],
	[
		'a non-numeric sequence id',
		add({ sequenceId: { __rl: true, mode: 'id', value: '={{ $json.bad ? "abc" : "11" }}' } }),
		'Sequence',
	],
	[
		'a fractional playbook id',
		add({ playbookId: { __rl: true, mode: 'id', value: '={{ $json.bad ? 2.5 : 21 }}' } }),
		'Playbook',
	],
	[
		'a negative playbook id',
		add({ playbookId: { __rl: true, mode: 'id', value: '={{ $json.bad ? -3 : 21 }}' } }),
		'Playbook',
	],
	[
		'enrichment without a pronet handle',
		add({ additionalFields: { doEnrichment: '={{ !!$json.bad }}' } }),
		'Additional Fields › Pronet Handle',
	],
	[
		'a wait timeout of 0 seconds',
		add({ options: { waitForProcessing: true, waitTimeout: '={{ $json.bad ? 0 : 600 }}' } }),
		'Options › Wait Timeout',
	],
	[
		'a Look Up Contact that is not true or false',
		add({ options: { lookUpContact: '={{ $json.bad ? "maybe" : true }}' } }),
		'Options › Look Up Contact',
	],
	[
		'a custom field without a name',
		add({
			additionalFields: {
				customFields: { field: [{ name: '={{ $json.bad ? "" : "team" }}', value: 'x' }] },
			},
		}),
		'Additional Fields › Custom Fields › Field 1 › Name',
	],
	[
		'a non-numeric contact id',
		{ resource: 'contact', operation: 'get', contactId: '={{ $json.bad ? "12a" : "12" }}' },
		'Contact ID',
	],
	[
		'a contact id of 0',
		{ resource: 'contact', operation: 'get', contactId: '={{ $json.bad ? 0 : 12 }}' },
		'Contact ID',
	],
	[
		'a non-numeric profile id',
		{ resource: 'profile', operation: 'get', profileId: '={{ $json.bad ? "seven" : 7 }}' },
		'Profile ID',
	],
	[
		'negative days',
		search({
			property: 'created_timestamp',
			operator: 'Less than',
			days: '={{ $json.bad ? -1 : 1 }}',
		}),
		'Conditions › Condition 2 › Value (Days Ago)',
	],
	[
		'fractional days',
		search({
			property: 'updated_timestamp',
			operator: 'Exactly',
			days: '={{ $json.bad ? 1.5 : 1 }}',
		}),
		'Conditions › Condition 2 › Value (Days Ago)',
	],
	[
		'days given as words',
		search({
			property: 'last_synced_timestamp',
			operator: 'More than',
			days: '={{ $json.bad ? "two" : 2 }}',
		}),
		'Conditions › Condition 2 › Value (Days Ago)',
	],
	[
		'an unknown property',
		search({ property: '={{ $json.bad ? "phone" : "email" }}', operator: 'Is', value: 'x@y.zz' }),
		'Conditions › Condition 2 › Contact Property',
	],
	[
		'an operator the property does not allow',
		search({
			property: 'sequence__id',
			operator: '={{ $json.bad ? "Contains" : "Is" }}',
			sequenceId: 11,
		}),
		'Conditions › Condition 2 › Operator',
	],
	[
		'a boolean condition given a word',
		search({
			property: 'is_enriched',
			operator: 'Is',
			enriched: '={{ $json.bad ? "yes" : true }}',
		}),
		'Conditions › Condition 2 › Value (Enriched)',
	],
	[
		'a sequence condition given text',
		search({
			property: 'sequence__id',
			operator: 'Is not',
			sequenceId: '={{ $json.bad ? "eleven" : 11 }}',
		}),
		'Conditions › Condition 2 › Value (Sequence ID)',
	],
	[
		'an empty text condition',
		search({
			property: 'premise_ids_used',
			operator: 'Is',
			value: '={{ $json.bad ? "" : "p-1" }}',
		}),
		'Conditions › Condition 2 › Value',
	],
	[
		'Limit 0',
		search(
			{ property: 'email', operator: 'Is', value: 'x@y.zz' },
			{ returnAll: false, limit: '={{ $json.bad ? 0 : 5 }}' },
		),
		'Limit',
	],
	[
		'a negative list limit',
		{
			resource: 'playbook',
			operation: 'getAll',
			returnAll: false,
			limit: '={{ $json.bad ? -5 : 5 }}',
		},
		'Limit',
	],
	[
		'a non-numeric profile filter',
		{
			resource: 'sequence',
			operation: 'getAll',
			returnAll: true,
			filters: { profileId: '={{ $json.bad ? "acme" : 7 }}' },
		},
		'Filters › Profile ID',
	],
	[
		'an Enrich Contact that is a word, not true or false',
		add({
			additionalFields: { pronetHandle: 'jane', doEnrichment: '={{ $json.bad ? "yes" : true }}' },
		}),
		'Additional Fields › Enrich Contact',
	],
	[
		'a Simplify that is a word',
		{
			resource: 'contact',
			operation: 'get',
			contactId: '12',
			simplify: '={{ $json.bad ? "no" : true }}',
		},
		'Simplify',
	],
	[
		'a Return All that is a word',
		{ resource: 'playbook', operation: 'getAll', returnAll: '={{ $json.bad ? "all" : true }}' },
		'Return All',
	],
	[
		'a 25-digit contact id',
		{
			resource: 'contact',
			operation: 'get',
			contactId: '={{ $json.bad ? "1234567890123456789012345" : "12" }}',
		},
		'Contact ID',
	],
	[
		'a contact id of 1e25',
		{ resource: 'contact', operation: 'get', contactId: '={{ $json.bad ? 1e25 : 12 }}' },
		'Contact ID',
	],
	[
		'a sequence id above 2^53',
		add({
			sequenceId: { __rl: true, mode: 'id', value: '={{ $json.bad ? "9007199254740993" : "11" }}' },
		}),
		'Sequence',
	],
	[
		'a custom field named __proto__',
		add({
			additionalFields: {
				customFields: { field: [{ name: '={{ $json.bad ? "__proto__" : "team" }}', value: 'x' }] },
			},
		}),
		'Additional Fields › Custom Fields › Field 1 › Name',
	],
	[
		'a custom field name given twice',
		add({
			additionalFields: {
				customFields: {
					field: [
						{ name: 'team', value: 'x' },
						{ name: '={{ $json.bad ? "team" : "role" }}', value: 'y' },
					],
				},
			},
		}),
		'Additional Fields › Custom Fields › Field 2 › Name',
	],
];

isolateNetwork();

describe('bad input is refused before any request', () => {
	it.each(cases)('%s', async (_name, parameters, field) => {
		const sent: string[] = [];
		nock.emitter.on('no match', (req: { path?: string }) => sent.push(String(req.path)));
		try {
			const { errorOf } = await runNode(parameters, { items: [{ bad: false }, { bad: true }] });
			const error = errorOf('Node');
			expect(error?.name).toBe('NodeOperationError');
			expect(error?.message).toContain(field);
			expect(error?.message).toContain('[item 1]');
			expect(error?.description).toContain(`Fix "${field}" of item 1`);
			expect(JSON.stringify(error)).not.toContain(KEY_UNDER_TEST);
			// Item 0 is valid, yet nothing was sent: every item is checked before the first request.
			expect(sent).toEqual([]);
		} finally {
			nock.emitter.removeAllListeners('no match');
		}
	});

	it('has at least 15 cases', () => {
		expect(cases.length).toBeGreaterThanOrEqual(15);
	});

	it('with Continue On Fail, the bad item is an error item and only the good ones are sent', async () => {
		const scope = nock('https://outreach.test')
			.post('/api/v2/contact/', (body) => body.email === 'ok@example.com')
			.reply(200, { data: { status: 'Contact queued' } });
		const parameters = { ...cases[0][1], options: { lookUpContact: false } };
		const { outputOf } = await runNode(parameters, {
			items: [{ bad: false }, { bad: true }],
			continueOnFail: true,
		});
		expect(scope.isDone()).toBe(true);
		const out = outputOf('Node');
		expect(out[0].json.status).toBe('Contact queued');
		expect(out[1].json.error).toBe(
			'Email must be an email address like name@company.com, got "not-an-email" [item 1]',
		);
		expect(out[1].pairedItem).toEqual({ item: 1 });
	});

	it('has the exact messages for ids beyond exact, booleans and __proto__', async () => {
		const messageOf = async (parameters: IDataObject) =>
			(await runNode(parameters, { items: [{ bad: true }] })).errorOf('Node')?.message;
		expect(await messageOf(cases.find(([name]) => name === 'a contact id of 1e25')![1])).toBe(
			'Contact ID must be a positive whole number, got "1e+25" (above 9007199254740991, the largest exact whole number) [item 0]',
		);
		expect(await messageOf(cases.find(([name]) => name.startsWith('an Enrich Contact'))![1])).toBe(
			'Additional Fields › Enrich Contact must be true or false (or 1 or 0), got "yes" [item 0]',
		);
		expect(await messageOf(cases.find(([name]) => name.includes('__proto__'))![1])).toBe(
			'Additional Fields › Custom Fields › Field 1 › Name must not be "__proto__": JavaScript objects cannot carry that name as a field; rename the field [item 0]',
		);
	});
});

describe('expression values are read as n8n reads them', () => {
	/** Runs Contact → Add (no look-up) against a service that queues it; returns the bodies sent. */
	async function sendAdd(additionalFields: IDataObject, items?: IDataObject[]) {
		const bodies: IDataObject[] = [];
		nock('https://outreach.test')
			.post('/api/v2/contact/', (body: IDataObject) => bodies.push(body) > 0)
			.reply(200, { data: { status: 'Contact queued' } });
		const result = await runNode(add({ options: { lookUpContact: false }, additionalFields }), {
			items,
		});
		return { bodies, ...result };
	}

	it.each([['True'], ['1'], [1], ['TRUE'], [' true ']])(
		'Enrich Contact %j is true (sent as do_enrichment: true)',
		async (value) => {
			const { bodies, errorOf } = await sendAdd(
				{ pronetHandle: 'jane', doEnrichment: '={{ $json.enrich }}' },
				[{ enrich: value }],
			);
			expect(errorOf('Node')).toBeUndefined();
			expect(bodies).toHaveLength(1);
			expect(bodies[0].do_enrichment).toBe(true);
		},
	);

	it.each([['false'], ['0'], [0], ['False']])('Enrich Contact %j is false', async (value) => {
		const { bodies } = await sendAdd({ doEnrichment: '={{ $json.enrich }}' }, [{ enrich: value }]);
		expect(bodies.map((body) => body.do_enrichment)).toEqual([false]);
	});

	it('sends custom fields named constructor and prototype as they are', async () => {
		const { bodies, outputOf } = await sendAdd({
			customFields: {
				field: [
					{ name: 'constructor', value: 'a' },
					{ name: 'prototype', value: 'b' },
				],
			},
		});
		expect(bodies[0].custom_fields).toEqual({ constructor: 'a', prototype: 'b' });
		expect(outputOf('Node')[0].json.custom_fields).toEqual({ constructor: 'a', prototype: 'b' });
	});
});
