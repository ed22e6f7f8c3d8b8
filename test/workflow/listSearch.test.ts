import nock from 'nock';
import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { searchPlaybooks, searchSequences } from '../../nodes/OutreachContact/methods/listSearch';
import { callInNode } from '../../harness/n8nHarness';
import { KEY_UNDER_TEST, HOST, credentials, playbooks, sequences } from '../support/fixtures';
import { isolateNetwork } from '../support/nodeRun';

isolateNetwork();

const asLoadOptions = (ctx: unknown) => ctx as ILoadOptionsFunctions;

describe('dropdowns (list mode of the resource locators)', () => {
	it('lists sequences by name with their profile, through the authenticated transport', async () => {
		nock(HOST, { reqheaders: { authorization: KEY_UNDER_TEST } })
			.get('/api/v2/sequences/list/')
			.reply(200, { data: sequences });
		const { value } = await callInNode(
			async (ctx) => await searchSequences.call(asLoadOptions(ctx)),
			{ credentials },
		);
		expect(value).toEqual({
			results: [
				{ name: 'Agencies (Acme)', value: '13' },
				{ name: 'CTO outreach (Beta Corp)', value: '12' },
				{ name: 'Founders Q3 (Acme)', value: '11' },
			],
		});
	});

	it('filters by the typed text, case-insensitively', async () => {
		nock(HOST).get('/api/v2/playbooks/list/').reply(200, { data: playbooks });
		const { value } = await callInNode(
			async (ctx) => await searchPlaybooks.call(asLoadOptions(ctx), 'COLD'),
			{
				credentials,
			},
		);
		expect(value).toEqual({ results: [{ name: 'Cold opener (Beta Corp)', value: '22' }] });
	});

	it('shows a readable error when the key is rejected', async () => {
		nock(HOST)
			.get('/api/v2/sequences/list/')
			.reply(403, { detail: 'Authentication credentials were not provided.' });
		const { error } = await callInNode(
			async (ctx) => await searchSequences.call(asLoadOptions(ctx)),
			{ credentials },
		);
		expect((error as Error).message).toBe('The Outreach Contact API rejected the API key (403)');
	});
});
