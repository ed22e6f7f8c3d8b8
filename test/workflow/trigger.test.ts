/**
 * The Outreach Contact Trigger's New Contact event in trigger mode through n8n-core's real
 * PollContext (via the harness's pollOnce), with the service answered by nock: the first poll,
 * later polls, paging, Max Contacts per Poll, failures and durable poll cursors. Fetch Test Event
 * is triggerTestEvent.test.ts; what polls read, triggerCheapPolls.test.ts.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { simplifyContact } from '../../nodes/OutreachContact/helpers/simplify';
import type { Contact } from '../../nodes/OutreachContact/types';
import { HOST, credentials } from '../support/fixtures';
import { pollOnce } from '../../harness/n8nHarness';
import {
	createdAt,
	newContactState,
	newContactTrigger,
	minutesAgo,
	TRIGGER_NOW as NOW,
	useTriggerClock,
} from '../support/triggerWorkflow';
import { searchService as service, SEARCH_PATH } from '../support/searchService';

useTriggerClock(NOW);

describe('Outreach Contact Trigger in trigger mode', () => {
	it('first poll emits nothing and sets the baseline; later polls emit each new contact once, oldest first', async () => {
		let contacts = [createdAt(1, minutesAgo(600)), createdAt(2, minutesAgo(30))];
		const { bodies } = service(() => contacts);
		const node = newContactTrigger();

		const first = await pollOnce(node, { credentials });
		expect(first.output).toBeNull();
		expect(first.staticDataChanged).toBe(true);
		expect(bodies).toEqual([
			{
				conditions: [{ property: 'created_timestamp', condition: 'Less than', value: 4 }],
				page: 1,
				page_size: 1000,
			},
		]);
		// The cutoff is the third newest creation time read (here the older of two): what is created
		// up to it was there; contact 2, read above it, is recorded. One page: no order to learn,
		// so the next poll walks the window (a walking state keeps no count of results).
		expect(newContactState(first.staticData)).toEqual({
			version: 2,
			baseline: NOW,
			cutoff: NOW - 600 * 60_000,
			through: NOW - 600 * 60_000,
			floor: NOW - 660 * 60_000,
			seen: { '2': NOW - 30 * 60_000 },
			pageSize: 100,
			reported: [],
		});

		// Three contacts arrive; the service lists them newest first.
		contacts = [
			...contacts,
			createdAt(5, '2026-01-10 12:00:00'),
			createdAt(3, '2026-01-10T11:59:00Z'),
			createdAt(4, '2026-01-10T12:59:00+01:00'),
		];
		const second = await pollOnce(node, { credentials, staticData: first.staticData });
		expect(second.items.map((i) => i.json.id)).toEqual([3, 4, 5]);
		expect(second.items[0].json).toEqual(simplifyContact(contacts[3]));
		expect(Object.keys(newContactState(second.staticData).seen as IDataObject).sort()).toEqual([
			'2',
			'3',
			'4',
			'5',
		]);

		const third = await pollOnce(node, { credentials, staticData: second.staticData });
		expect(third.output).toBeNull();

		// A restart: the static data comes back from the database as JSON.
		contacts = [...contacts, createdAt(6, minutesAgo(-1))];
		const restored = JSON.parse(JSON.stringify(third.staticData)) as IDataObject;
		const fourth = await pollOnce(node, { credentials, staticData: restored });
		expect(fourth.items.map((i) => i.json.id)).toEqual([6]);
	});

	it('filters by sequence, returns the raw contact without Simplify, and reads every page', async () => {
		let contacts: Contact[] = [];
		const { bodies } = service(() => contacts, 2);
		const node = newContactTrigger({
			filters: {
				sequenceId: { __rl: true, mode: 'list', value: '12', cachedResultName: 'CTO outreach' },
			},
			simplify: false,
		});
		const first = await pollOnce(node, { credentials });
		expect(first.output).toBeNull();
		expect(bodies[0].conditions).toEqual([
			{ property: 'created_timestamp', condition: 'Less than', value: 4 },
			{ property: 'sequence__id', condition: 'Is', value: 12 },
		]);

		contacts = [1, 2, 3, 4, 5].map((id) => createdAt(id, minutesAgo(10 - id)));
		bodies.length = 0;
		const second = await pollOnce(node, { credentials, staticData: first.staticData });
		expect(second.items.map((i) => i.json)).toEqual(contacts);
		// Every page in the size the service reported at the activation.
		expect(bodies.map((b) => [b.page, b.page_size])).toEqual([
			[1, 2],
			[2, 2],
			[3, 2],
		]);
	});

	it('spreads a burst over polls with Max Contacts per Poll', async () => {
		let contacts: Contact[] = [];
		service(() => contacts);
		const node = newContactTrigger({ options: { maxPerPoll: 2 } });
		let staticData = (await pollOnce(node, { credentials })).staticData;
		contacts = [1, 2, 3, 4, 5].map((id) => createdAt(id, minutesAgo(10 - id)));
		const emitted: unknown[] = [];
		for (let poll = 0; poll < 4; poll++) {
			const result = await pollOnce(node, { credentials, staticData });
			emitted.push(result.items.map((i) => i.json.id));
			staticData = result.staticData;
		}
		expect(emitted).toEqual([[1, 2], [3, 4], [5], []]);
	});

	it('with "Emit Contacts From the Last N Days on Activation", emits those once at the first poll', async () => {
		const contacts = [
			createdAt(1, minutesAgo(3 * 24 * 60)),
			createdAt(2, minutesAgo(24 * 60)),
			createdAt(3, minutesAgo(5)),
		];
		const { bodies } = service(() => contacts);
		const node = newContactTrigger({ options: { initialDays: 2 } });
		const first = await pollOnce(node, { credentials });
		expect(first.items.map((i) => i.json.id)).toEqual([2, 3]);
		expect(bodies[0].conditions[0]).toEqual({
			property: 'created_timestamp',
			condition: 'Less than',
			value: 5,
		});
		const second = await pollOnce(node, { credentials, staticData: first.staticData });
		expect(second.output).toBeNull();
	});

	it('a failed request fails the poll and leaves the state as it was', async () => {
		const contacts = [createdAt(1, minutesAgo(30))];
		service(() => contacts, 1);
		const node = newContactTrigger();
		const first = await pollOnce(node, { credentials });
		const before = JSON.stringify(first.staticData);
		nock.cleanAll();

		const later = [
			createdAt(1, minutesAgo(30)),
			createdAt(2, minutesAgo(2)),
			createdAt(3, minutesAgo(1)),
		];
		nock(HOST)
			.post(SEARCH_PATH)
			.reply(200, {
				contacts: [later[2]],
				pagination: { total_contacts: 3, page: 1, total_pages: 3, page_size: 1 },
			})
			.post(SEARCH_PATH)
			.reply(500, { detail: 'Internal server error' });
		await expect(pollOnce(node, { credentials, staticData: first.staticData })).rejects.toThrow(
			'The service failed (500)',
		);
		expect(JSON.stringify(first.staticData)).toBe(before);

		// The next poll picks everything up.
		service(() => later, 1);
		const retry = await pollOnce(node, { credentials, staticData: first.staticData });
		expect(retry.items.map((i) => i.json.id)).toEqual([2, 3]);
	});
});

describe('Outreach Contact Trigger with durable poll cursors', () => {
	it('when the activation poll was not saved, the next poll goes on from it instead of starting again', async () => {
		let contacts = [createdAt(1, minutesAgo(600))];
		service(() => contacts);
		const node = newContactTrigger();
		const activation = await pollOnce(node, { credentials });
		expect(activation.output).toBeNull();

		// n8n does not commit the static data of an activation poll that emitted nothing: the first
		// scheduled poll gets none. The contact created in between is still new.
		contacts = [...contacts, createdAt(2, minutesAgo(1))];
		const scheduled = await pollOnce(node, { credentials, staticData: {} });
		expect(scheduled.items.map((i) => i.json.id)).toEqual([2]);
		expect(newContactState(scheduled.staticData).baseline).toBe(NOW);

		// Saved state always wins over the process's memory.
		const again = await pollOnce(node, { credentials, staticData: scheduled.staticData });
		expect(again.output).toBeNull();
	});
});
