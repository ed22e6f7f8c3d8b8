/**
 * The Outreach Contact Trigger in manual mode ("Fetch Test Event") through n8n-core's real
 * PollContext, with the service answered by nock: the newest matching contact, ever wider
 * windows, what it says when there is none, and the state it leaves alone.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { simplifyContact } from '../../nodes/OutreachContact/helpers/simplify';
import { testHooks } from '../../nodes/OutreachContact/testHooks';
import type { Contact } from '../../nodes/OutreachContact/types';
import { HOST, contact, credentials } from '../support/fixtures';
import { pollOnce, triggerNode } from '../../harness/n8nHarness';
import { isolateNetwork } from '../support/nodeRun';
import { searchService as service, SEARCH_PATH, type SearchBody } from '../support/searchService';
import { TestClock } from '../../harness/testClock';

isolateNetwork();

const NOW = Date.UTC(2026, 0, 10, 12, 0, 0);
let clock: TestClock;
let restoreClock: () => void;
beforeEach(() => {
	// n8n's clock for the trigger and the transport: set by the test, and waits take no time.
	clock = new TestClock({ start: NOW, sleep: 'still', random: () => 0.5 });
	restoreClock = clock.install();
	testHooks.forgetTriggerStates(); // every test is a new n8n process
});
afterEach(() => restoreClock());

const PATH = SEARCH_PATH;
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();
const at = (id: number, created: string): Contact =>
	contact(id, { created_date: created }) as Contact;

const trigger = (parameters: IDataObject = {}) =>
	triggerNode('New Contact', { event: 'newContact', ...parameters });
describe('Outreach Contact Trigger in manual mode (Fetch Test Event)', () => {
	it('returns the newest matching contact as one item and leaves the state alone', async () => {
		const contacts = [at(1, minutesAgo(90)), at(7, minutesAgo(3)), at(4, minutesAgo(40))];
		const { bodies } = service(() => contacts);
		const node = trigger();
		const active = await pollOnce(node, { credentials });
		const before = JSON.stringify(active.staticData);

		const manual = await pollOnce(node, {
			credentials,
			mode: 'manual',
			staticData: active.staticData,
		});
		expect(manual.items).toHaveLength(1);
		expect(manual.items[0].json).toEqual(simplifyContact(contacts[1]));
		expect(JSON.stringify(manual.staticData)).toBe(before);
		expect(manual.staticDataChanged).toBe(false);
		expect(bodies.at(-1)?.conditions).toEqual([
			{ property: 'created_timestamp', condition: 'Less than', value: 2 },
		]);

		// On a workflow that was never activated, no state is created either.
		const fresh = await pollOnce(node, { credentials, mode: 'manual' });
		expect(fresh.items[0].json.id).toBe(7);
		expect(fresh.staticData).toEqual({});
	});

	it('looks further back when the last days are empty', async () => {
		const old = at(9, minutesAgo(20 * 24 * 60));
		const scope = nock(HOST)
			.post(PATH, (b: SearchBody) => b.conditions[0].value === 2)
			.reply(200, {
				contacts: [],
				pagination: { total_contacts: 0, page: 1, total_pages: 0, page_size: 100 },
			})
			.post(PATH, (b: SearchBody) => b.conditions[0].value === 8)
			.reply(200, {
				contacts: [],
				pagination: { total_contacts: 0, page: 1, total_pages: 0, page_size: 100 },
			})
			.post(PATH, (b: SearchBody) => b.conditions[0].value === 31)
			.reply(200, {
				contacts: [old],
				pagination: { total_contacts: 1, page: 1, total_pages: 1, page_size: 100 },
			});
		const manual = await pollOnce(trigger({ simplify: false }), { credentials, mode: 'manual' });
		expect(manual.items.map((i) => i.json)).toEqual([old]);
		expect(scope.isDone()).toBe(true);
	});

	it('says clearly when there is no contact yet', async () => {
		const { bodies } = service(() => []);
		const node = trigger({ filters: { sequenceId: { __rl: true, mode: 'id', value: '12' } } });
		const error = (await pollOnce(node, { credentials, mode: 'manual' }).then(
			() => undefined,
			(e: unknown) => e,
		)) as Error & IDataObject;
		expect(error).toBeInstanceOf(Error);
		expect(error.message).toBe('No contact found in sequence 12 in the last 365 days');
		expect(error.description).toBe(
			'Add one in sequence 12, then fetch again. The trigger itself starts with contacts created after it is activated.',
		);
		expect(bodies.map((b) => b.conditions[0].value)).toEqual([2, 8, 31, 366]);
	});

	it('refuses a sequence filter that is not an id, before any request', async () => {
		const { bodies } = service(() => []);
		const node = trigger({ filters: { sequenceId: { __rl: true, mode: 'id', value: 'abc' } } });
		await expect(pollOnce(node, { credentials })).rejects.toThrow(
			'The sequence filter must be the ID of a sequence (a positive whole number), got "abc"',
		);
		expect(bodies).toEqual([]);
	});
});
