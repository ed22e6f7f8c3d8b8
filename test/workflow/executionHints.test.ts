/**
 * Execution hints: what n8n shows once above a node's output in the editor, for what a user
 * would otherwise find only by reading every item. Run on n8n-core; the service is nock.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import {
	chain,
	itemsNode,
	manualTriggerNode,
	outreachNode,
	pollOnce,
	runWorkflow,
	triggerNode,
} from '../../harness/n8nHarness';
import { testHooks } from '../../nodes/OutreachContact/testHooks';
import { contact, credentials, HOST } from '../support/fixtures';
import { isolateNetwork } from '../support/nodeRun';
import { capturePollLog } from '../support/pollLog';
import { TestClock } from '../../harness/testClock';

isolateNetwork();

let clock: TestClock;
let restoreClock: () => void;
beforeEach(() => {
	clock = new TestClock({
		start: Date.UTC(2026, 10, 24, 9, 0, 0),
		sleep: 'jump',
		random: () => 0.5,
	});
	restoreClock = clock.install();
	testHooks.forgetTriggerStates();
});
afterEach(() => restoreClock());

async function run(parameters: IDataObject, items: IDataObject[] = [{}]) {
	const result = await runWorkflow(
		{
			nodes: [manualTriggerNode(), itemsNode('Items', items), outreachNode('Node', parameters)],
			connections: chain('Manual', 'Items', 'Node'),
		},
		{ credentials },
	);
	const hints = result.run.data.resultData.runData.Node?.[0]?.hints ?? [];
	return { items: result.outputOf('Node').map((i) => i.json), hints };
}

/** A search endpoint holding `contacts`, answering pages of at most `size`. */
function serveSearch(contacts: IDataObject[], size = 100) {
	nock(HOST)
		.post('/api/v2/contact/search/')
		.times(20)
		.reply(200, (_uri, body) => {
			const { page } = body as { page: number };
			return {
				contacts: contacts.slice((page - 1) * size, page * size),
				pagination: {
					total_contacts: contacts.length,
					page,
					total_pages: Math.ceil(contacts.length / size),
					page_size: size,
				},
			};
		});
}

const sequenceIs = (operator: string, sequenceId: number) => ({
	property: 'sequence__id',
	operator,
	sequenceId,
});

describe('Contact → Search', () => {
	it('conditions that can match no contact: one warning for all items, naming the conflict', async () => {
		serveSearch([]);
		const conditions = { condition: [sequenceIs('Is', 3), sequenceIs('Is not', 3)] };
		const { hints } = await run(
			{ resource: 'contact', operation: 'search', returnAll: true, conditions },
			[{}, {}, {}],
		);
		expect(hints).toEqual([
			{
				message:
					'The search conditions can match no contact [item 0]: Sequence is 3 and is not 3. Conditions with the same property and operator match any of their values; all others must all match. Check the conditions.',
				type: 'warning',
				location: 'outputPane',
			},
		]);
	});

	it('a Limit that leaves matching contacts out: says how many matched', async () => {
		serveSearch([1, 2, 3, 4, 5].map((id) => contact(id)));
		const { items, hints } = await run({
			resource: 'contact',
			operation: 'search',
			returnAll: false,
			limit: 2,
		});
		expect(items).toHaveLength(2);
		expect(hints.map((h) => [h.type, h.message])).toEqual([
			[
				'info',
				'Returned the first 2 of 5 matching contacts (Limit) [item 0]. Turn on Return All, or raise Limit, to get them all.',
			],
		]);
	});

	it('a plain search: no hint', async () => {
		serveSearch([1, 2].map((id) => contact(id)));
		const { hints } = await run({
			resource: 'contact',
			operation: 'search',
			returnAll: true,
			conditions: { condition: [sequenceIs('Is', 11)] },
		});
		expect(hints).toEqual([]);
	});
});

describe('Contact → Add', () => {
	const add = {
		resource: 'contact',
		operation: 'add',
		email: '={{ $json.email }}',
		sequenceId: { __rl: true, mode: 'id', value: '11' },
		playbookId: { __rl: true, mode: 'id', value: '21' },
	};

	it('contacts whose ID the look-up did not find, and duplicates: one hint each', async () => {
		// old@ is in the sequence already; new@ never becomes searchable.
		nock(HOST)
			.post('/api/v2/contact/search/')
			.times(10)
			.reply(200, () => ({
				contacts: [contact(9, { email: 'old@x.io' })],
				pagination: { total_contacts: 1, page: 1, total_pages: 1, page_size: 1000 },
			}));
		nock(HOST)
			.post('/api/v2/contact/')
			.times(2)
			.reply(200, { data: { status: 'Contact queued' } });
		const { items, hints } = await run(add, [{ email: 'old@x.io' }, { email: 'new@x.io' }]);
		expect(items.map((i) => [i.id, i.duplicate])).toEqual([
			[9, true],
			[null, false],
		]);
		expect(hints.map((h) => [h.type, h.message])).toEqual([
			[
				'warning',
				"1 of 2 contacts were added, but their ID is not known yet (id is null; each item's lookUpNote says why). They are queued: search them by email later, or turn on Wait for Processing.",
			],
			[
				'info',
				'1 of 2 contacts were already in their sequence (duplicate is true): the service kept them as they were and added nothing.',
			],
		]);
	});
});

describe('Trigger', () => {
	it('a poll that hit Max Contacts per Poll says so in the log (polls have no execution hints)', async () => {
		const log = capturePollLog();
		try {
			const fresh = (id: number) =>
				contact(id, { created_date: new Date(clock.now() - id * 60_000).toISOString() });
			serveSearch([1, 2, 3].map(fresh));
			await pollOnce(triggerNode('Trigger', { options: { initialDays: 1, maxPerPoll: 2 } }), {
				credentials,
			});
			expect(log.info).toEqual([
				'Outreach Contact Trigger: Max Contacts per Poll reached; 1 more new contact will be emitted by the next polls, oldest first',
			]);
		} finally {
			log.restore();
		}
	});
});
