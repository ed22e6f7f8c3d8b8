/**
 * The Outreach Contact Trigger through n8n-core's real PollContext (via the harness's
 * pollOnce), with the service answered by nock: trigger mode (first poll, later polls,
 * paging, failures) and manual mode ("Fetch Test Event").
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { NEW_CONTACT_KEY as STATE_KEY } from '../../nodes/OutreachContact/trigger/shared/ledger/shapes';
import { simplifyContact } from '../../nodes/OutreachContact/helpers/simplify';
import { testHooks } from '../../nodes/OutreachContact/testHooks';
import type { Contact } from '../../nodes/OutreachContact/types';
import { HOST, contact, credentials } from '../support/fixtures';
import { pollOnce, triggerNode } from '../../harness/n8nHarness';
import { isolateNetwork } from '../support/nodeRun';
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

const PATH = '/api/v2/contact/search/';
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();
const at = (id: number, created: string): Contact =>
	contact(id, { created_date: created }) as Contact;

interface SearchBody {
	conditions: IDataObject[];
	page: number;
	page_size: number;
}

/** Answers searches from `list()` (newest first unless told) in pages of at most `cap`, recording the bodies. */
function service(
	list: () => Contact[],
	cap = 100,
	order: 'newest' | 'oldest' = 'newest',
	delayMs = 0,
) {
	const bodies: SearchBody[] = [];
	const scope = nock(HOST, { reqheaders: { authorization: credentials.apiKey } })
		.persist()
		.post(PATH)
		.delay(delayMs)
		.reply(200, (_uri, body) => {
			const request = body as SearchBody;
			bodies.push(request);
			const sign = order === 'newest' ? 1 : -1;
			const all = [...list()].sort(
				(a, b) => sign * (Date.parse(b.created_date) - Date.parse(a.created_date)),
			);
			const size = Math.min(request.page_size, cap);
			return {
				contacts: all.slice((request.page - 1) * size, request.page * size),
				pagination: {
					total_contacts: all.length,
					page: request.page,
					total_pages: Math.ceil(all.length / size),
					page_size: size,
				},
			};
		});
	return { bodies, scope };
}

const trigger = (parameters: IDataObject = {}) =>
	triggerNode('New Contact', { event: 'newContact', ...parameters });
const stateOf = (staticData: IDataObject) =>
	(staticData['node:New Contact'] as IDataObject)?.[STATE_KEY] as IDataObject;

describe('Outreach Contact Trigger in trigger mode', () => {
	it('first poll emits nothing and sets the baseline; later polls emit each new contact once, oldest first', async () => {
		let contacts = [at(1, minutesAgo(600)), at(2, minutesAgo(30))];
		const { bodies } = service(() => contacts);
		const node = trigger();

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
		expect(stateOf(first.staticData)).toEqual({
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
			at(5, '2026-01-10 12:00:00'),
			at(3, '2026-01-10T11:59:00Z'),
			at(4, '2026-01-10T12:59:00+01:00'),
		];
		const second = await pollOnce(node, { credentials, staticData: first.staticData });
		expect(second.items.map((i) => i.json.id)).toEqual([3, 4, 5]);
		expect(second.items[0].json).toEqual(simplifyContact(contacts[3]));
		expect(Object.keys(stateOf(second.staticData).seen as IDataObject).sort()).toEqual([
			'2',
			'3',
			'4',
			'5',
		]);

		const third = await pollOnce(node, { credentials, staticData: second.staticData });
		expect(third.output).toBeNull();

		// A restart: the static data comes back from the database as JSON.
		contacts = [...contacts, at(6, minutesAgo(-1))];
		const restored = JSON.parse(JSON.stringify(third.staticData)) as IDataObject;
		const fourth = await pollOnce(node, { credentials, staticData: restored });
		expect(fourth.items.map((i) => i.json.id)).toEqual([6]);
	});

	it('filters by sequence, returns the raw contact without Simplify, and reads every page', async () => {
		let contacts: Contact[] = [];
		const { bodies } = service(() => contacts, 2);
		const node = trigger({
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

		contacts = [1, 2, 3, 4, 5].map((id) => at(id, minutesAgo(10 - id)));
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
		const node = trigger({ options: { maxPerPoll: 2 } });
		let staticData = (await pollOnce(node, { credentials })).staticData;
		contacts = [1, 2, 3, 4, 5].map((id) => at(id, minutesAgo(10 - id)));
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
			at(1, minutesAgo(3 * 24 * 60)),
			at(2, minutesAgo(24 * 60)),
			at(3, minutesAgo(5)),
		];
		const { bodies } = service(() => contacts);
		const node = trigger({ options: { initialDays: 2 } });
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
		const contacts = [at(1, minutesAgo(30))];
		service(() => contacts, 1);
		const node = trigger();
		const first = await pollOnce(node, { credentials });
		const before = JSON.stringify(first.staticData);
		nock.cleanAll();

		const later = [at(1, minutesAgo(30)), at(2, minutesAgo(2)), at(3, minutesAgo(1))];
		nock(HOST)
			.post(PATH)
			.reply(200, {
				contacts: [later[2]],
				pagination: { total_contacts: 3, page: 1, total_pages: 3, page_size: 1 },
			})
			.post(PATH)
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

describe('Outreach Contact Trigger: cheap polls and overlapping polls', () => {
	const older = (n: number) =>
		Array.from({ length: n }, (_, i) => at(1000 + i, minutesAgo(3000 + i)));

	it('newest first: the activation reads one page; a quiet poll reads two, a busy one stops at a page of known ones', async () => {
		let contacts = older(30); // 30 contacts of two days ago: 10 pages of 3
		const { bodies } = service(() => contacts, 3);
		const node = trigger();
		const first = await pollOnce(node, { credentials });
		expect(bodies.map((b) => b.page)).toEqual([1]); // page 1 holds the newest: where the account stands
		expect(stateOf(first.staticData)).toMatchObject({ order: 'newest', pageSize: 3, total: 30 });

		bodies.length = 0;
		const quiet = await pollOnce(node, { credentials, staticData: first.staticData });
		expect(quiet.output).toBeNull();
		// Page 1, then one page of the rolling check that the order holds.
		expect(bodies.map((b) => b.page)).toEqual([1, 2]);

		contacts = [...contacts, ...[1, 2, 3, 4].map((id) => at(id, minutesAgo(10 - id)))];
		bodies.length = 0;
		const busy = await pollOnce(node, { credentials, staticData: quiet.staticData });
		expect(busy.items.map((i) => i.json.id)).toEqual([1, 2, 3, 4]);
		// Pages of 3: [4 3 2] [1 old old] [old old old]: page 3 holds the cutoff's contact (page 2
		// only the two recorded above it), so the read stops there; then two pages of the check
		// (half the pages read, rounded up).
		expect(bodies.map((b) => b.page)).toEqual([1, 2, 3, 4, 5]);
	});

	it('oldest first: the activation reads page 1 and the last; a quiet poll the last page, a busy one the pages after it', async () => {
		let contacts = older(30);
		const { bodies } = service(() => contacts, 3, 'oldest');
		const node = trigger();
		const first = await pollOnce(node, { credentials });
		expect(bodies.map((b) => b.page)).toEqual([1, 10]);
		expect(stateOf(first.staticData)).toMatchObject({ order: 'oldest', pageSize: 3, total: 30 });

		bodies.length = 0;
		const quiet = await pollOnce(node, { credentials, staticData: first.staticData });
		expect(quiet.output).toBeNull();
		expect(bodies.map((b) => [b.page, b.page_size])).toEqual([
			[10, 3],
			[9, 3], // the rolling check
		]);

		contacts = [...contacts, ...[1, 2, 3, 4].map((id) => at(id, minutesAgo(10 - id)))];
		bodies.length = 0;
		const busy = await pollOnce(node, { credentials, staticData: quiet.staticData });
		expect(busy.items.map((i) => i.json.id)).toEqual([1, 2, 3, 4]);
		// Page 10 (where the end was) says there are 12 now: 12 and 11 hold the new ones.
		expect(bodies.map((b) => b.page).slice(0, 3)).toEqual([10, 12, 11]);
	});

	it('reads the whole window, over polls, when the order it trusted does not hold, and learns the new one', async () => {
		let contacts = older(30);
		let order: 'newest' | 'oldest' = 'newest';
		const bodies: SearchBody[] = [];
		nock(HOST)
			.persist()
			.post(PATH)
			.reply(200, (_uri, body) => {
				const request = body as SearchBody;
				bodies.push(request);
				const sign = order === 'newest' ? 1 : -1;
				const all = [...contacts].sort(
					(a, b) => sign * (Date.parse(b.created_date) - Date.parse(a.created_date)),
				);
				const size = Math.min(request.page_size, 3);
				return {
					contacts: all.slice((request.page - 1) * size, request.page * size),
					pagination: {
						total_contacts: all.length,
						page: request.page,
						total_pages: Math.ceil(all.length / size),
						page_size: size,
					},
				};
			});
		const node = trigger();
		const first = await pollOnce(node, { credentials });
		// The service turns to oldest first: the new contacts are on the last page now.
		order = 'oldest';
		contacts = [...contacts, at(1, minutesAgo(5)), at(2, minutesAgo(4))];
		const second = await pollOnce(node, { credentials, staticData: first.staticData });
		expect(second.output).toBeNull(); // page 1 broke the order: nothing is taken from it
		expect(stateOf(second.staticData).order).toBeUndefined();
		expect(stateOf(second.staticData).walk).toMatchObject({ page: 1 });
		bodies.length = 0;
		const third = await pollOnce(node, { credentials, staticData: second.staticData });
		expect(third.items.map((i) => i.json.id)).toEqual([1, 2]);
		expect(bodies.map((b) => b.page)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
		expect(stateOf(third.staticData).order).toBe('oldest'); // the whole walk showed it
	});

	it('a poll that starts while the previous one is still reading emits nothing and changes nothing', async () => {
		let contacts: Contact[] = [];
		const { bodies } = service(() => contacts, 100, 'newest', 300);
		const node = trigger();
		const staticData = (await pollOnce(node, { credentials })).staticData;
		contacts = [at(1, minutesAgo(3)), at(2, minutesAgo(2))];
		bodies.length = 0;

		const slow = pollOnce(node, { credentials, staticData });
		await sleep(100); // the first poll waits for its answer
		const before = JSON.stringify(stateOf(staticData));
		const sent = bodies.length; // the slow poll's request, its answer still pending
		const overlapping = await pollOnce(node, { credentials, staticData });
		expect(overlapping.output).toBeNull();
		expect(JSON.stringify(stateOf(staticData))).toBe(before);
		expect(bodies).toHaveLength(sent);

		const done = await slow;
		expect(done.items.map((i) => i.json.id)).toEqual([1, 2]);
		expect(bodies).toHaveLength(1);

		// The guard is released: the next poll runs (and finds nothing new).
		const next = await pollOnce(node, { credentials, staticData });
		expect(next.output).toBeNull();
		expect(bodies).toHaveLength(2);
	});

	it('releases the guard when a poll fails', async () => {
		nock.cleanAll();
		const node = trigger();
		nock(HOST).post(PATH).reply(500, { detail: 'boom' });
		await expect(pollOnce(node, { credentials })).rejects.toThrow('(500)');
		const { bodies } = service(() => []);
		const next = await pollOnce(node, { credentials });
		expect(next.output).toBeNull();
		expect(bodies).toHaveLength(1);
	});
});

describe('Outreach Contact Trigger: contacts that become searchable late', () => {
	it('come with the next poll, or with the rolling check of the order, once each', async () => {
		const ago = (m: number) => new Date(clock.now() - m * 60_000).toISOString();
		let contacts = Array.from({ length: 9 }, (_, i) => at(100 + i, ago(3000 + i)));
		const { bodies } = service(() => contacts, 3);
		const node = trigger();
		let staticData = (await pollOnce(node, { credentials })).staticData;

		// Two new contacts, emitted; then one created before them becomes searchable.
		contacts = [...contacts, at(10, ago(5)), at(11, ago(4))];
		staticData = (await pollOnce(node, { credentials, staticData })).staticData;
		contacts = [...contacts, at(9, ago(8))];
		const soon = await pollOnce(node, { credentials, staticData });
		expect(soon.items.map((i) => i.json.id)).toEqual([9]); // on page 1, behind two seen ones
		staticData = soon.staticData;

		// One more, behind a full page of seen ones: page 1 holds nothing new, so the read stops
		// there; the rolling check, a page a poll, reaches it while it is above the floor.
		contacts = [...contacts, at(8, ago(9))];
		const emitted: unknown[] = [];
		bodies.length = 0;
		for (let poll = 0; poll < 4; poll++) {
			clock.advance(60_000);
			const result = await pollOnce(node, { credentials, staticData });
			emitted.push(...result.items.map((i) => i.json.id));
			staticData = result.staticData;
		}
		expect(emitted).toEqual([8]);
		expect(bodies.length).toBeLessThanOrEqual(8); // two requests a poll
	});
});

describe('Outreach Contact Trigger with durable poll cursors', () => {
	it('when the activation poll was not saved, the next poll goes on from it instead of starting again', async () => {
		let contacts = [at(1, minutesAgo(600))];
		service(() => contacts);
		const node = trigger();
		const activation = await pollOnce(node, { credentials });
		expect(activation.output).toBeNull();

		// n8n does not commit the static data of an activation poll that emitted nothing: the first
		// scheduled poll gets none. The contact created in between is still new.
		contacts = [...contacts, at(2, minutesAgo(1))];
		const scheduled = await pollOnce(node, { credentials, staticData: {} });
		expect(scheduled.items.map((i) => i.json.id)).toEqual([2]);
		expect(stateOf(scheduled.staticData).baseline).toBe(NOW);

		// Saved state always wins over the process's memory.
		const again = await pollOnce(node, { credentials, staticData: scheduled.staticData });
		expect(again.output).toBeNull();
	});
});
