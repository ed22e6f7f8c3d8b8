import type { IDataObject } from 'n8n-workflow';
import nock from 'nock';

import {
	chain,
	itemsNode,
	manualTriggerNode,
	outreachNode,
	runWorkflow,
} from '../../harness/n8nHarness';
import { contact, credentials, HOST, KEY_UNDER_TEST } from '../support/fixtures';
import { isolateNetwork } from '../support/nodeRun';
import { TestClock } from '../../harness/testClock';

/** Contact → Add with Look Up Contact (on by default): `id` and `duplicate` from batched searches. */

const addNode = (options: IDataObject = {}, settings: IDataObject = {}) => ({
	...outreachNode('Add', {
		resource: 'contact',
		operation: 'add',
		email: '={{ $json.email }}',
		sequenceId: { __rl: true, mode: 'id', value: '={{ $json.sequence }}' },
		playbookId: { __rl: true, mode: 'id', value: '21' },
		options,
	}),
	...settings,
});

const workflow = (items: IDataObject[], node = addNode()) => ({
	nodes: [manualTriggerNode(), itemsNode('Items', items), node],
	connections: chain('Manual', 'Items', 'Add'),
});

type Body = {
	conditions: Array<{ property: string; condition: string; value: unknown }>;
	page: number;
};

/** Records every search body and answers from `answer(body)` (the contacts found). */
function searches(answer: (body: Body, n: number) => IDataObject[]) {
	const bodies: Body[] = [];
	nock(HOST)
		.post('/api/v2/contact/search/')
		.times(50)
		.reply(200, (_uri, raw) => {
			const body = raw as Body;
			bodies.push(body);
			const contacts = answer(body, bodies.length);
			return {
				contacts,
				pagination: { total_contacts: contacts.length, page: 1, total_pages: 1, page_size: 1000 },
			};
		});
	return bodies;
}

const emailsOf = (body: Body) =>
	body.conditions.filter((c) => c.property === 'email').map((c) => c.value);
const sequenceOf = (body: Body) =>
	body.conditions.find((c) => c.property === 'sequence__id')?.value;

let restoreClock: () => void;
let clock: TestClock;

isolateNetwork();

beforeEach(() => {
	// A clock that jumps over each wait, so that the look-up's retries take no real time.
	clock = new TestClock({
		start: Date.UTC(2026, 10, 23, 9, 0, 0),
		sleep: 'jump',
		random: () => 0.5,
	});
	restoreClock = clock.install();
});
afterEach(() => restoreClock());

describe('Contact → Add → Look Up Contact', () => {
	it('searches each sequence once before and once after the adds; outputs each id and whether it was a duplicate', async () => {
		// In the service before the run: a@x.io in sequence 11. New ids: b 601, c 602.
		const stored = new Map<string, number>([['11|a@x.io', 500]]);
		const bodies = searches((body) =>
			emailsOf(body)
				.map((email) => ({
					email: String(email),
					id: stored.get(`${String(sequenceOf(body))}|${String(email).toLowerCase()}`),
				}))
				.filter((found) => found.id !== undefined)
				.map((found) => contact(found.id as number, { email: found.email })),
		);
		const added: string[] = [];
		nock(HOST)
			.post('/api/v2/contact/')
			.times(5)
			.reply(200, (_uri, raw) => {
				const { email, sequence_id } = raw as { email: string; sequence_id: number };
				const key = `${sequence_id}|${email.toLowerCase()}`;
				added.push(email);
				if (stored.has(key)) return { data: { status: 'Contact already exists in this sequence' } };
				stored.set(key, key.startsWith('11|') ? 601 : 602);
				return { data: { status: 'Contact queued' } };
			});

		const items = [
			{ email: 'a@x.io', sequence: 11 },
			{ email: 'b@x.io', sequence: 11 },
			{ email: 'a@x.io', sequence: 11 },
			{ email: 'B@x.io', sequence: 11 },
			{ email: 'c@x.io', sequence: 12 },
		];
		const { outputOf } = await runWorkflow(workflow(items), { credentials });

		// Before: one search per sequence with its distinct emails; after: only the emails not found before.
		expect(bodies.map((body) => [sequenceOf(body), emailsOf(body)])).toEqual([
			[11, ['a@x.io', 'b@x.io']],
			[12, ['c@x.io']],
			[11, ['b@x.io']],
			[12, ['c@x.io']],
		]);
		// Every item is sent (the service's status is in each); one email after the other per sequence.
		expect(added.filter((email) => /^b@/i.test(email))).toEqual(['b@x.io', 'B@x.io']);
		expect([...added].sort()).toEqual(['B@x.io', 'a@x.io', 'a@x.io', 'b@x.io', 'c@x.io']);
		const out = outputOf('Add').map((item) => item.json);
		expect(out.map(({ id, duplicate, email }) => ({ id, duplicate, email }))).toEqual([
			{ id: 500, duplicate: true, email: 'a@x.io' },
			{ id: 601, duplicate: false, email: 'b@x.io' },
			{ id: 500, duplicate: true, email: 'a@x.io' },
			{ id: 601, duplicate: true, email: 'B@x.io' },
			{ id: 602, duplicate: false, email: 'c@x.io' },
		]);
		expect(out[1]).toEqual({
			id: 601,
			status: 'Contact queued',
			duplicate: false,
			email: 'b@x.io',
			sequence_id: 11,
			playbook_id: 21,
		});
		expect(clock.sleeps).toEqual([]);
	});

	it('searches again for a new contact the service does not find at once; after about 15 s the item says so and does not fail', async () => {
		// late@ becomes searchable at the third search after the adds; never@ never does.
		const bodies = searches((body, n) =>
			emailsOf(body)
				.filter((email) => email === 'late@x.io' && n >= 4)
				.map((email) => contact(777, { email: String(email) })),
		);
		nock(HOST)
			.post('/api/v2/contact/')
			.times(2)
			.reply(200, { data: { status: 'Contact queued' } });

		const items = [
			{ email: 'late@x.io', sequence: 11 },
			{ email: 'never@x.io', sequence: 11 },
		];
		const { outputOf } = await runWorkflow(workflow(items), { credentials });

		expect(bodies.map(emailsOf)).toEqual([
			['late@x.io', 'never@x.io'],
			['late@x.io', 'never@x.io'],
			['late@x.io', 'never@x.io'],
			['late@x.io', 'never@x.io'],
			['never@x.io'],
			['never@x.io'],
		]);
		expect(clock.sleeps).toEqual([1000, 2000, 4000, 8000]);
		const [late, never] = outputOf('Add').map((item) => item.json);
		expect(late).toMatchObject({ id: 777, duplicate: false, status: 'Contact queued' });
		expect(late.lookUpNote).toBeUndefined();
		expect(never).toMatchObject({ id: null, duplicate: false, status: 'Contact queued' });
		expect(never.lookUpNote).toContain('did not find it within 15 s');
	});

	it('with the look-up off, sends no search: id is null and duplicate means a repeat within the execution', async () => {
		const adds = nock(HOST)
			.post('/api/v2/contact/')
			.times(2)
			.reply(200, { data: { status: 'Contact queued' } });
		const items = [
			{ email: 'a@x.io', sequence: 11 },
			{ email: 'A@x.io', sequence: 11 },
		];
		const { outputOf } = await runWorkflow(workflow(items, addNode({ lookUpContact: false })), {
			credentials,
		});

		expect(adds.isDone()).toBe(true);
		expect(outputOf('Add').map((item) => [item.json.id, item.json.duplicate])).toEqual([
			[null, false],
			[null, true],
		]);
	});

	it('a look-up refused before the adds fails its items with the reason and sends no add; Continue On Fail keeps them as error items', async () => {
		nock(HOST)
			.post('/api/v2/contact/search/')
			.reply(403, { detail: 'Authentication credentials were not provided.' });
		const adds = nock(HOST)
			.post('/api/v2/contact/')
			.reply(200, { data: { status: 'Contact queued' } });

		const items = [
			{ email: 'a@x.io', sequence: 11 },
			{ email: 'b@x.io', sequence: 11 },
		];
		const { outputOf } = await runWorkflow(workflow(items, addNode({}, { continueOnFail: true })), {
			credentials,
		});

		expect(adds.isDone()).toBe(false);
		const out = outputOf('Add');
		expect(out.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(out.map((item) => item.json.error)).toEqual([
			'The Outreach Contact API rejected the API key (403) [item 0]',
			'The Outreach Contact API rejected the API key (403) [item 0]',
		]);
		expect(JSON.stringify(out)).not.toContain(KEY_UNDER_TEST);
	});

	it('a look-up failing after the adds keeps the added items, with id null and the note', async () => {
		let n = 0;
		nock(HOST)
			.post('/api/v2/contact/search/')
			.times(2)
			.reply(() =>
				++n === 1
					? [
							200,
							{
								contacts: [],
								pagination: { total_contacts: 0, page: 1, total_pages: 0, page_size: 1000 },
							},
						]
					: [404, { detail: 'Not found.' }],
			);
		nock(HOST)
			.post('/api/v2/contact/')
			.reply(200, { data: { status: 'Contact queued' } });

		const { outputOf } = await runWorkflow(workflow([{ email: 'a@x.io', sequence: 11 }]), {
			credentials,
		});

		expect(outputOf('Add').map((item) => item.json)).toEqual([
			expect.objectContaining({
				id: null,
				duplicate: false,
				status: 'Contact queued',
				lookUpNote:
					'The contact was added, but the search for its ID failed: Page 1 of the search results was not found (404)',
			}),
		]);
	});

	it('Wait for Processing: a search refused while waiting fails the waiting items with the reason; Continue On Fail keeps them all', async () => {
		let n = 0;
		nock(HOST)
			.post('/api/v2/contact/search/')
			.times(2)
			.reply(() =>
				++n === 1
					? [
							200,
							{
								contacts: [],
								pagination: { total_contacts: 0, page: 1, total_pages: 0, page_size: 1000 },
							},
						]
					: [403, { detail: 'Authentication credentials were not provided.' }],
			);
		nock(HOST)
			.post('/api/v2/contact/')
			.times(2)
			.reply(200, { data: { status: 'Contact queued' } });

		const items = [
			{ email: 'a@x.io', sequence: 11 },
			{ email: 'b@x.io', sequence: 11 },
		];
		const node = addNode({ waitForProcessing: true }, { continueOnFail: true });
		const { outputOf } = await runWorkflow(workflow(items, node), { credentials });

		const out = outputOf('Add');
		expect(out.map((item) => [item.pairedItem, item.json.error])).toEqual([
			[{ item: 0 }, 'The Outreach Contact API rejected the API key (403) [item 0]'],
			[{ item: 1 }, 'The Outreach Contact API rejected the API key (403) [item 0]'],
		]);
	});
});

describe('Contact → Add → Look Up Contact, Unicode', () => {
	it('finds a contact stored as Café@Example.com in NFD when given café@example.com in NFC', async () => {
		const storedAs = 'Café@Example.com'.normalize('NFD');
		const given = 'café@example.com'.normalize('NFC');
		expect(storedAs).not.toBe(given.normalize('NFD')); // case differs too
		// The service compares case-insensitively, and Unicode as stored (as the sandbox does).
		const bodies = searches((body) =>
			emailsOf(body).some((email) => String(email).toLowerCase() === storedAs.toLowerCase())
				? [contact(700, { email: storedAs })]
				: [],
		);
		nock(HOST)
			.post('/api/v2/contact/')
			.reply(200, { data: { status: 'Contact already exists in this sequence' } });

		const { outputOf } = await runWorkflow(workflow([{ email: given, sequence: 11 }]), {
			credentials,
		});

		expect(emailsOf(bodies[0])).toEqual([given, given.normalize('NFD')]);
		const out = outputOf('Add').map((item) => item.json);
		expect(out.map(({ id, duplicate, email }) => ({ id, duplicate, email }))).toEqual([
			{ id: 700, duplicate: true, email: given },
		]);
	});
});
