import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { HOST, playbooks, profile, sequences } from '../support/fixtures';
import { isolateNetwork, runNode } from '../support/nodeRun';

const run = async (parameters: IDataObject, items?: IDataObject[], continueOnFail = false) =>
	await runNode(parameters, { items, continueOnFail });

isolateNetwork();

describe('Playbook and Sequence → Get Many', () => {
	it('returns every playbook as one item', async () => {
		nock(HOST).get('/api/v2/playbooks/list/').reply(200, { data: playbooks });
		const { outputOf } = await run({ resource: 'playbook', operation: 'getAll', returnAll: true });
		expect(outputOf('Node').map((item) => item.json)).toEqual(playbooks);
	});

	it('filters sequences by profile and applies the limit', async () => {
		const scope = nock(HOST)
			.get('/api/v2/sequences/list/')
			.query({ profile_id: '7' })
			.reply(200, { data: sequences });
		const { outputOf } = await run({
			resource: 'sequence',
			operation: 'getAll',
			returnAll: false,
			limit: 2,
			filters: { profileId: 7 },
		});
		expect(scope.isDone()).toBe(true);
		expect(outputOf('Node').map((item) => item.json.id)).toEqual([11, 12]);
	});

	it('runs once per input item, each paired with its item', async () => {
		nock(HOST).get('/api/v2/playbooks/list/').times(2).reply(200, { data: playbooks });
		const { outputOf } = await run({ resource: 'playbook', operation: 'getAll', returnAll: true }, [
			{},
			{},
		]);
		expect(outputOf('Node').map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 1 },
			{ item: 1 },
		]);
	});

	it('an answer without the data list is a readable error', async () => {
		nock(HOST).get('/api/v2/sequences/list/').reply(200, { sequences: [] });
		const { errorOf } = await run({ resource: 'sequence', operation: 'getAll', returnAll: true });
		expect(errorOf('Node')?.message).toBe(
			'The service gave an unexpected answer to GET /sequences/list/ [item 0]',
		);
	});
});

describe('Profile → Get', () => {
	it('sends the id as profile_id and unwraps the data envelope', async () => {
		nock(HOST)
			.get('/api/v2/profiles/get/')
			.query({ profile_id: '7' })
			.reply(200, { data: profile });
		const { outputOf } = await run({ resource: 'profile', operation: 'get', profileId: '7' });
		expect(outputOf('Node')[0].json).toEqual(profile);
	});

	it('accepts a bare profile object', async () => {
		nock(HOST).get('/api/v2/profiles/get/').query({ profile_id: '7' }).reply(200, profile);
		const { outputOf } = await run({
			resource: 'profile',
			operation: 'get',
			profileId: '={{ 7 }}',
		});
		expect(outputOf('Node')[0].json).toEqual(profile);
	});

	it('with Continue On Fail, a missing profile becomes an error item', async () => {
		nock(HOST)
			.get('/api/v2/profiles/get/')
			.query({ profile_id: '7' })
			.reply(200, { data: profile })
			.get('/api/v2/profiles/get/')
			.query({ profile_id: '8' })
			.reply(404, { detail: 'Not found.' });
		const { outputOf } = await run(
			{ resource: 'profile', operation: 'get', profileId: '={{ $json.id }}' },
			[{ id: 8 }, { id: 7 }],
			true,
		);
		const out = outputOf('Node');
		expect(out[0].json.error).toBe('Profile 8 was not found (404) [item 0]');
		expect(out[1].json).toEqual(profile);
	});
});
