/**
 * What the Outreach Contact Trigger's polls read, through n8n-core's real PollContext with the
 * service answered by nock: cheap polls by the service's order, the walk when the order breaks,
 * overlapping polls, and contacts that become searchable late.
 */
import nock from 'nock';
import { sleep } from 'n8n-workflow';

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

const time = useTriggerClock(NOW);

describe('Outreach Contact Trigger: cheap polls and overlapping polls', () => {
	const older = (n: number) =>
		Array.from({ length: n }, (_, i) => createdAt(1000 + i, minutesAgo(3000 + i)));

	it('newest first: the activation reads two pages of 3; a quiet poll reads two, a busy one stops at a page of known ones', async () => {
		let contacts = older(30); // 30 contacts of two days ago: 10 pages of 3
		const { bodies } = service(() => contacts, 3);
		const node = newContactTrigger();
		const first = await pollOnce(node, { credentials });
		// Page 1 holds the newest: where the account stands; page 2 with it holds the 6 contacts that
		// tell newest first (ORDER_EVIDENCE).
		expect(bodies.map((b) => b.page)).toEqual([1, 2]);
		expect(newContactState(first.staticData)).toMatchObject({
			order: 'newest',
			pageSize: 3,
			total: 30,
		});

		bodies.length = 0;
		const quiet = await pollOnce(node, { credentials, staticData: first.staticData });
		expect(quiet.output).toBeNull();
		// Page 1, then one page of the rolling check that the order holds.
		expect(bodies.map((b) => b.page)).toEqual([1, 2]);

		contacts = [...contacts, ...[1, 2, 3, 4].map((id) => createdAt(id, minutesAgo(10 - id)))];
		bodies.length = 0;
		const busy = await pollOnce(node, { credentials, staticData: quiet.staticData });
		expect(busy.items.map((i) => i.json.id)).toEqual([1, 2, 3, 4]);
		// Pages of 3: [4 3 2] [1 old old] [old old old]: page 3 holds the cutoff's contact (page 2
		// only the two recorded above it), so the read stops there; page 1 again (a range of pages
		// read at different moments, rangeAgain.ts); then two pages of the check (half the pages
		// read, rounded up).
		expect(bodies.map((b) => b.page)).toEqual([1, 2, 3, 1, 4, 5]);
	});

	it('oldest first: the activation reads page 1 and the last; a quiet poll the last page, a busy one the pages after it', async () => {
		let contacts = older(30);
		const { bodies } = service(() => contacts, 3, 'oldest');
		const node = newContactTrigger();
		const first = await pollOnce(node, { credentials });
		expect(bodies.map((b) => b.page)).toEqual([1, 10]);
		expect(newContactState(first.staticData)).toMatchObject({
			order: 'oldest',
			pageSize: 3,
			total: 30,
		});

		bodies.length = 0;
		const quiet = await pollOnce(node, { credentials, staticData: first.staticData });
		expect(quiet.output).toBeNull();
		expect(bodies.map((b) => [b.page, b.page_size])).toEqual([
			[10, 3],
			[9, 3], // the rolling check
		]);

		contacts = [...contacts, ...[1, 2, 3, 4].map((id) => createdAt(id, minutesAgo(10 - id)))];
		bodies.length = 0;
		const busy = await pollOnce(node, { credentials, staticData: quiet.staticData });
		expect(busy.items.map((i) => i.json.id)).toEqual([1, 2, 3, 4]);
		// Page 10 (where the end was) says there are 12 now: 11 and 12 hold the new ones, read
		// rising, so that contacts added meanwhile leave no gap between them.
		expect(bodies.map((b) => b.page).slice(0, 3)).toEqual([10, 11, 12]);
	});

	it('reads the whole window, over polls, when the order it trusted does not hold, and learns the new one', async () => {
		let contacts = older(30);
		let order: 'newest' | 'oldest' = 'newest';
		const { bodies } = service(
			() => contacts,
			3,
			() => order,
		);
		const node = newContactTrigger();
		const first = await pollOnce(node, { credentials });
		// The service turns to oldest first: the new contacts are on the last page now.
		order = 'oldest';
		contacts = [...contacts, createdAt(1, minutesAgo(5)), createdAt(2, minutesAgo(4))];
		const second = await pollOnce(node, { credentials, staticData: first.staticData });
		expect(second.output).toBeNull(); // page 1 broke the order: nothing is taken from it
		expect(newContactState(second.staticData).order).toBeUndefined();
		expect(newContactState(second.staticData).walk).toMatchObject({ page: 1 });
		bodies.length = 0;
		const third = await pollOnce(node, { credentials, staticData: second.staticData });
		expect(third.items.map((i) => i.json.id)).toEqual([1, 2]);
		expect(bodies.map((b) => b.page)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
		expect(newContactState(third.staticData).order).toBe('oldest'); // the whole walk showed it
	});

	it('a poll that starts while the previous one is still reading emits nothing and changes nothing', async () => {
		let contacts: Contact[] = [];
		const { bodies } = service(() => contacts, 100, 'newest', 300);
		const node = newContactTrigger();
		const staticData = (await pollOnce(node, { credentials })).staticData;
		contacts = [createdAt(1, minutesAgo(3)), createdAt(2, minutesAgo(2))];
		bodies.length = 0;

		const slow = pollOnce(node, { credentials, staticData });
		await sleep(100); // the first poll waits for its answer
		const before = JSON.stringify(newContactState(staticData));
		const sent = bodies.length; // the slow poll's request, its answer still pending
		const overlapping = await pollOnce(node, { credentials, staticData });
		expect(overlapping.output).toBeNull();
		expect(JSON.stringify(newContactState(staticData))).toBe(before);
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
		const node = newContactTrigger();
		nock(HOST).post(SEARCH_PATH).reply(500, { detail: 'boom' });
		await expect(pollOnce(node, { credentials })).rejects.toThrow('(500)');
		const { bodies } = service(() => []);
		const next = await pollOnce(node, { credentials });
		expect(next.output).toBeNull();
		expect(bodies).toHaveLength(1);
	});
});

describe('Outreach Contact Trigger: contacts that become searchable late', () => {
	it('come with the next poll, or with the rolling check of the order, once each', async () => {
		const ago = (m: number) => new Date(time.clock.now() - m * 60_000).toISOString();
		let contacts = Array.from({ length: 9 }, (_, i) => createdAt(100 + i, ago(3000 + i)));
		const { bodies } = service(() => contacts, 3);
		const node = newContactTrigger();
		let staticData = (await pollOnce(node, { credentials })).staticData;

		// Two new contacts, emitted; then one created before them becomes searchable.
		contacts = [...contacts, createdAt(10, ago(5)), createdAt(11, ago(4))];
		staticData = (await pollOnce(node, { credentials, staticData })).staticData;
		contacts = [...contacts, createdAt(9, ago(8))];
		const soon = await pollOnce(node, { credentials, staticData });
		expect(soon.items.map((i) => i.json.id)).toEqual([9]); // on page 1, behind two seen ones
		staticData = soon.staticData;

		// One more, behind a full page of seen ones: page 1 holds nothing new, so the read stops
		// there; the rolling check, a page a poll, reaches it while it is above the floor.
		contacts = [...contacts, createdAt(8, ago(9))];
		const emitted: unknown[] = [];
		bodies.length = 0;
		for (let poll = 0; poll < 4; poll++) {
			time.clock.advance(60_000);
			const result = await pollOnce(node, { credentials, staticData });
			emitted.push(...result.items.map((i) => i.json.id));
			staticData = result.staticData;
		}
		expect(emitted).toEqual([8]);
		expect(bodies.length).toBeLessThanOrEqual(8); // two requests a poll
	});
});
