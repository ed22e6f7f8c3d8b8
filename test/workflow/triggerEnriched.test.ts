/**
 * The Outreach Contact Trigger's Contact Enriched event through n8n-core's real PollContext
 * (via the harness's pollOnce), with the service answered by nock: the search it sends, the
 * activation baseline, each enriched contact once, failed polls, Max Contacts per Poll, durable
 * poll cursors, and manual mode ("Fetch Test Event").
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import {
	ENRICHED_KEY as ENRICHED_STATE_KEY,
	NEW_CONTACT_KEY as STATE_KEY,
} from '../../nodes/OutreachContact/trigger/shared/ledger/shapes';
import { simplifyContact } from '../../nodes/OutreachContact/helpers/simplify';
import type { Contact } from '../../nodes/OutreachContact/types';
import { HOST, credentials } from '../support/fixtures';
import { pollOnce, triggerNode } from '../../harness/n8nHarness';
import { searchService as service, SEARCH_PATH } from '../support/searchService';
import { createdAt, fetchTestEventError, useTriggerClock } from '../support/triggerWorkflow';
import { startSandbox } from '../../sandbox/server';

const START = Date.UTC(2026, 0, 10, 12, 0, 0);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const time = useTriggerClock(START);

const PATH = SEARCH_PATH;
const ago = (minutes: number) => new Date(time.clock.now() - minutes * MINUTE).toISOString();
const at = createdAt;

const trigger = (parameters: IDataObject = {}) =>
	triggerNode('Enriched', { event: 'contactEnriched', ...parameters });
const nodeData = (staticData: IDataObject) => staticData['node:Enriched'] as IDataObject;
const stateOf = (staticData: IDataObject) =>
	nodeData(staticData)?.[ENRICHED_STATE_KEY] as IDataObject;
const enrichedSearch = (days: number) => [
	{ property: 'is_enriched', condition: 'Is', value: true },
	{ property: 'updated_timestamp', condition: 'Less than', value: days },
];

describe('Contact Enriched in trigger mode', () => {
	it('sends is_enriched within an updated window; the first poll emits nothing, then each newly enriched contact once', async () => {
		let enriched = [at(1, ago(600)), at(2, ago(30))];
		const { bodies } = service(() => enriched);
		const node = trigger();

		const first = await pollOnce(node, { credentials });
		expect(first.output).toBeNull();
		expect(first.staticDataChanged).toBe(true);
		// The activation window covers the past day: ceil(25 h / 24 h) + 2.
		expect(bodies).toEqual([{ conditions: enrichedSearch(4), page: 1, page_size: 1000 }]);
		// One page tells where the enriched contacts stand: those created up to the third newest of
		// it (here the oldest of two) are recorded by the first walk; those read above it, now.
		expect(stateOf(first.staticData)).toMatchObject({
			version: 2,
			baseline: START,
			since: START - DAY,
			createdFloor: START - DAY,
			recordUntil: START - 600 * MINUTE,
			seen: { '1': START - 600 * MINUTE, '2': START - 30 * MINUTE },
			walk: { page: 1, startedAt: START },
		});
		expect(nodeData(first.staticData)[STATE_KEY]).toBeUndefined(); // New Contact's state is apart

		// Contact 3 (created before the activation) and 4 get enriched; 1 and 2 stay in the window.
		time.clock.advance(5 * MINUTE);
		enriched = [...enriched, at(3, ago(120)), at(4, ago(2))];
		bodies.length = 0;
		const second = await pollOnce(node, { credentials, staticData: first.staticData });
		expect(second.items.map((i) => i.json.id)).toEqual([3, 4]); // oldest created first
		expect(second.items[0].json).toEqual(simplifyContact(enriched[2]));
		// The first walk, a day wider than the window since the activation's day (it may take hours).
		expect(bodies.map((b) => b.conditions)).toEqual([enrichedSearch(4)]);
		// Complete: every contact enriched before it started (at the activation) has been read.
		expect(stateOf(second.staticData).since).toBe(START);

		time.clock.advance(MINUTE);
		const third = await pollOnce(node, { credentials, staticData: second.staticData });
		expect(third.output).toBeNull();

		// A restart: the static data comes back from the database as JSON; 2 is updated again.
		time.clock.advance(MINUTE);
		enriched = [...enriched, at(5, ago(1))];
		const restored = JSON.parse(JSON.stringify(third.staticData)) as IDataObject;
		const fourth = await pollOnce(node, { credentials, staticData: restored });
		expect(fourth.items.map((i) => i.json.id)).toEqual([5]);
	});

	it('filters by sequence and returns the raw contact without Simplify', async () => {
		let enriched: Contact[] = [];
		const { bodies } = service(() => enriched, 2);
		const node = trigger({
			filters: { sequenceId: { __rl: true, mode: 'id', value: '12' } },
			simplify: false,
		});
		const first = await pollOnce(node, { credentials });
		expect(bodies[0].conditions).toEqual([
			...enrichedSearch(4),
			{ property: 'sequence__id', condition: 'Is', value: 12 },
		]);

		time.clock.advance(MINUTE);
		enriched = [1, 2, 3].map((id) => at(id, ago(10 - id)));
		bodies.length = 0;
		const second = await pollOnce(node, { credentials, staticData: first.staticData });
		expect(second.items.map((i) => i.json)).toEqual(enriched);
		// The size the service served at the activation, for every page.
		expect(bodies.map((b) => [b.page, b.page_size])).toEqual([
			[1, 2],
			[2, 2],
		]);
	});

	it("does not emit a contact created before the activation's day, enriched long ago and updated again now", async () => {
		let enriched: Contact[] = [];
		service(() => enriched);
		const node = trigger();
		const first = await pollOnce(node, { credentials });
		time.clock.advance(MINUTE);
		enriched = [at(7, ago((3 * DAY) / MINUTE)), at(8, ago(3))];
		const second = await pollOnce(node, { credentials, staticData: first.staticData });
		expect(second.items.map((i) => i.json.id)).toEqual([8]);
	});

	it('with "Emit Contacts From the Last N Days on Activation", emits those once at the first poll', async () => {
		const enriched = [at(1, ago(3 * 24 * 60)), at(2, ago(24 * 60)), at(3, ago(5))];
		const { bodies } = service(() => enriched);
		const node = trigger({ options: { initialDays: 2 } });
		const first = await pollOnce(node, { credentials });
		expect(first.items.map((i) => i.json.id)).toEqual([2, 3]);
		expect(bodies[0].conditions).toEqual(enrichedSearch(5));
		time.clock.advance(MINUTE);
		const second = await pollOnce(node, { credentials, staticData: first.staticData });
		expect(second.output).toBeNull();
	});

	it('spreads a burst over polls with Max Contacts per Poll, the window staying where it was until none waits', async () => {
		let enriched: Contact[] = [];
		const { bodies } = service(() => enriched);
		const node = trigger({ options: { maxPerPoll: 2 } });
		let staticData = (await pollOnce(node, { credentials })).staticData;
		const activation = stateOf(staticData).since;
		enriched = [1, 2, 3, 4, 5].map((id) => at(id, ago(10 - id)));
		const emitted: unknown[] = [];
		for (let poll = 0; poll < 4; poll++) {
			time.clock.advance(10 * MINUTE);
			const result = await pollOnce(node, { credentials, staticData });
			emitted.push(result.items.map((i) => i.json.id));
			staticData = result.staticData;
			if (poll < 2) expect(stateOf(staticData).since).toBe(activation);
		}
		expect(emitted).toEqual([[1, 2], [3, 4], [5], []]);
		// The walk that emitted 5 (begun at the activation) left none waiting, and one poll later
		// the walk after it ended too: the next goes on from the start of the one before it.
		expect(stateOf(staticData).since).toBe(time.clock.now() - 40 * MINUTE);
		expect(bodies).toHaveLength(5);
	});

	it.each([403, 500])(
		'a poll that fails mid-walk (%s) emits nothing and leaves the state as it was',
		async (status) => {
			const enriched = [at(1, ago(30))];
			service(() => enriched, 1);
			const node = trigger();
			const first = await pollOnce(node, { credentials });
			const before = JSON.stringify(first.staticData);
			nock.cleanAll();

			time.clock.advance(MINUTE);
			const later = [at(1, ago(31)), at(2, ago(2)), at(3, ago(1))];
			nock(HOST)
				.post(PATH)
				.reply(200, {
					contacts: [later[2]],
					pagination: { total_contacts: 3, page: 1, total_pages: 3, page_size: 1 },
				})
				.post(PATH)
				.reply(status, {
					detail:
						status === 403
							? 'Authentication credentials were not provided.'
							: 'Internal server error',
				});
			await expect(pollOnce(node, { credentials, staticData: first.staticData })).rejects.toThrow();
			expect(JSON.stringify(first.staticData)).toBe(before);

			// The next poll reads the same window again and picks everything up.
			time.clock.advance(MINUTE);
			const { bodies } = service(() => later, 1);
			const retry = await pollOnce(node, { credentials, staticData: first.staticData });
			expect(retry.items.map((i) => i.json.id)).toEqual([2, 3]);
			expect(bodies[0].conditions).toEqual(enrichedSearch(4));
		},
	);

	it('with durable poll cursors, goes on from the activation poll n8n did not save', async () => {
		let enriched = [at(1, ago(600))];
		service(() => enriched);
		const node = trigger();
		const activation = await pollOnce(node, { credentials });
		expect(activation.output).toBeNull();

		time.clock.advance(MINUTE);
		enriched = [...enriched, at(2, ago(1))];
		const scheduled = await pollOnce(node, { credentials, staticData: {} });
		expect(scheduled.items.map((i) => i.json.id)).toEqual([2]);
		expect(stateOf(scheduled.staticData).baseline).toBe(START);

		// The New Contact event of the same node does not take the Contact Enriched state.
		const other = await pollOnce(triggerNode('Enriched', { event: 'newContact' }), {
			credentials,
			staticData: {},
		});
		expect(other.output).toBeNull();
		expect(Object.keys(nodeData(other.staticData))).toEqual([STATE_KEY]);
	});
});

describe('Contact Enriched against the sandbox (real HTTP, processing after 3 s)', () => {
	it('emits a contact once its processing wrote the enrichment, never one left unenriched, nor one updated again', async () => {
		nock.enableNetConnect('127.0.0.1');
		const sandbox = await startSandbox({ now: () => time.clock.now(), processingMs: 3000 });
		try {
			const sandboxCredentials = {
				baseUrl: sandbox.baseUrl,
				apiKey: sandbox.apiKey,
				requestsPerMinute: 60000,
			};
			const old = sandbox.store.addContact({
				email: 'old@example.com',
				sequence_id: 101,
				pronet_handle: 'old-one',
				do_enrichment: true,
				created_date: time.clock.now() - 3 * DAY,
			});
			const node = trigger();
			const first = await pollOnce(node, { credentials: sandboxCredentials });
			expect(first.output).toBeNull();

			const added = { sequence_id: 101, processed_at: time.clock.now() + 3000 };
			const enriched = sandbox.store.addContact({
				...added,
				email: 'new@example.com',
				pronet_handle: 'new-one',
				do_enrichment: true,
			});
			sandbox.store.addContact({ ...added, email: 'plain@example.com' });
			time.clock.advance(1000);
			const processing = await pollOnce(node, {
				credentials: sandboxCredentials,
				staticData: first.staticData,
			});
			expect(processing.output).toBeNull();

			time.clock.advance(5000);
			const processed = await pollOnce(node, {
				credentials: sandboxCredentials,
				staticData: processing.staticData,
			});
			expect(processed.items.map((i) => [i.json.id, i.json.is_enriched])).toEqual([
				[enriched.id, true],
			]);

			// Both updated again later: neither the new one nor the one enriched before the activation comes.
			time.clock.advance(2 * 60 * MINUTE);
			sandbox.store.touchContact(enriched.id, time.clock.now());
			sandbox.store.touchContact(old.id, time.clock.now());
			const touched = await pollOnce(node, {
				credentials: sandboxCredentials,
				staticData: processed.staticData,
			});
			expect(touched.output).toBeNull();
		} finally {
			await sandbox.close();
		}
	});
});

describe('Contact Enriched in manual mode (Fetch Test Event)', () => {
	it('returns the newest enriched contact of the last days and leaves the state alone', async () => {
		const enriched = [at(1, ago(90)), at(7, ago(3)), at(4, ago(40))];
		const { bodies } = service(() => enriched);
		const manual = await pollOnce(trigger(), { credentials, mode: 'manual' });
		expect(manual.items.map((i) => i.json)).toEqual([simplifyContact(enriched[1])]);
		expect(manual.staticData).toEqual({});
		expect(bodies.map((b) => b.conditions)).toEqual([enrichedSearch(2)]);
	});

	it('looks further back, then says clearly when no contact is enriched', async () => {
		const { bodies } = service(() => []);
		const node = trigger({ filters: { sequenceId: { __rl: true, mode: 'id', value: '12' } } });
		const error = await fetchTestEventError(node);
		expect(error?.message).toBe(
			'No enriched contact found in sequence 12 updated in the last 365 days',
		);
		expect(error?.description).toBe(
			'Add one in sequence 12 with a professional-network handle and enrichment, wait until the service has enriched it, then fetch again. The trigger itself starts with contacts enriched after it is activated.',
		);
		expect(bodies.map((b) => b.conditions[1].value)).toEqual([2, 8, 31, 366]);
	});
});
