/**
 * The Outreach Contact Trigger in manual mode ("Fetch Test Event") through n8n-core's real
 * PollContext, with the service answered by nock: the newest matching contact, ever wider
 * windows, what it says when there is none, and the state it leaves alone.
 */
import nock from 'nock';

import { simplifyContact } from '../../nodes/OutreachContact/helpers/simplify';
import { HOST, credentials } from '../support/fixtures';
import { pollOnce, triggerNode } from '../../harness/n8nHarness';
import {
	createdAt,
	minutesAgo,
	newContactTrigger,
	TRIGGER_NOW as NOW,
	useTriggerClock,
	fetchTestEventError,
} from '../support/triggerWorkflow';
import { searchService as service, SEARCH_PATH, type SearchBody } from '../support/searchService';

useTriggerClock(NOW);

describe('Outreach Contact Trigger in manual mode (Fetch Test Event)', () => {
	it('returns the newest matching contact as one item and leaves the state alone', async () => {
		const contacts = [
			createdAt(1, minutesAgo(90)),
			createdAt(7, minutesAgo(3)),
			createdAt(4, minutesAgo(40)),
		];
		const { bodies } = service(() => contacts);
		const node = newContactTrigger();
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
		const old = createdAt(9, minutesAgo(20 * 24 * 60));
		const scope = nock(HOST)
			.post(SEARCH_PATH, (b: SearchBody) => b.conditions[0].value === 2)
			.reply(200, {
				contacts: [],
				pagination: { total_contacts: 0, page: 1, total_pages: 0, page_size: 100 },
			})
			.post(SEARCH_PATH, (b: SearchBody) => b.conditions[0].value === 8)
			.reply(200, {
				contacts: [],
				pagination: { total_contacts: 0, page: 1, total_pages: 0, page_size: 100 },
			})
			.post(SEARCH_PATH, (b: SearchBody) => b.conditions[0].value === 31)
			.reply(200, {
				contacts: [old],
				pagination: { total_contacts: 1, page: 1, total_pages: 1, page_size: 100 },
			});
		const manual = await pollOnce(newContactTrigger({ simplify: false }), {
			credentials,
			mode: 'manual',
		});
		expect(manual.items.map((i) => i.json)).toEqual([old]);
		expect(scope.isDone()).toBe(true);
	});

	it('says clearly when there is no contact yet', async () => {
		const { bodies } = service(() => []);
		const node = newContactTrigger({
			filters: { sequenceId: { __rl: true, mode: 'id', value: '12' } },
		});
		const error = await fetchTestEventError(node);
		expect(error).toBeInstanceOf(Error);
		expect(error?.message).toBe('No contact found in sequence 12 in the last 365 days');
		expect(error?.description).toBe(
			'Add one in sequence 12, then fetch again. The trigger itself starts with contacts created after it is activated.',
		);
		expect(bodies.map((b) => b.conditions[0].value)).toEqual([2, 8, 31, 366]);
	});

	it('refuses a sequence filter that is not an id, before any request', async () => {
		const { bodies } = service(() => []);
		const node = newContactTrigger({
			filters: { sequenceId: { __rl: true, mode: 'id', value: 'abc' } },
		});
		await expect(pollOnce(node, { credentials })).rejects.toThrow(
			'The sequence filter must be the ID of a sequence (a positive whole number), got "abc"',
		);
		expect(bodies).toEqual([]);
	});

	// Contact Snippets Ready: the newest contact that has snippets, passing over newer ones without
	// (Fetch Test Event applies the event's eligibility), in one search of updated contacts.
	it('shows the newest contact with snippets for Contact Snippets Ready, not a newer one without', async () => {
		// The fixture's contacts have snippets: the two newest here have none yet.
		const without = (id: number, minutes: number) => ({
			...createdAt(id, minutesAgo(minutes)),
			sentence_fields: {},
		});
		const contacts = [createdAt(4, minutesAgo(40)), without(7, 3), without(8, 1)];
		const { bodies } = service(() => contacts);
		const node = triggerNode('New Contact', { event: 'contactSnippetsReady' });
		const manual = await pollOnce(node, { credentials, mode: 'manual' });
		expect(manual.items.map((i) => i.json.id)).toEqual([4]);
		expect(bodies.map((b) => b.conditions)).toEqual([
			[{ property: 'updated_timestamp', condition: 'Less than', value: 2 }],
		]);
	});

	// The hint says what the trigger does: it starts with contacts given their snippets after the
	// activation (one created before it may come), not only with contacts created after it.
	it('says clearly when no contact has snippets for Contact Snippets Ready', async () => {
		const { bodies } = service(() => [{ ...createdAt(7, minutesAgo(3)), sentence_fields: {} }]);
		const node = triggerNode('New Contact', {
			event: 'contactSnippetsReady',
			filters: { sequenceId: { __rl: true, mode: 'id', value: '12' } },
		});
		const error = await fetchTestEventError(node);
		expect(error?.message).toBe(
			'No contact with snippets found in sequence 12 updated in the last 365 days',
		);
		expect(error?.description).toBe(
			'Add one in sequence 12, wait until the service has written its sentence snippets, then fetch again. The trigger itself starts with contacts given their snippets after it is activated.',
		);
		expect(bodies.map((b) => b.conditions[0].value)).toEqual([2, 8, 31, 366]);
	});
});
