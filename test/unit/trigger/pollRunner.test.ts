/** The poll runner: what it stores, what it logs (each contact once), what it keeps in memory. */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { eventOf } from '../../../nodes/OutreachContact/trigger/events';
import {
	NEW_CONTACT_KEY as STATE_KEY,
	MAX_STATE_BYTES,
} from '../../../nodes/OutreachContact/trigger/shared/ledger/shapes';
import { runEventPoll } from '../../../nodes/OutreachContact/trigger/pollRunner';
import { DAY_MS, MINUTE_MS } from '../../../nodes/OutreachContact/trigger/shared/serviceTime';
import {
	contactAt,
	FakeSearch,
	idsOf as ids,
	testNode,
	useTestClockPerTest,
} from '../../support/poll';

jest.mock('../../../nodes/OutreachContact/transport/api', () => ({ searchContacts: jest.fn() }));

const T0 = Date.UTC(2026, 2, 10, 9, 0, 0);
const newContact = eventOf('newContact');

const testClock = useTestClockPerTest(T0);

/** n8n's poll context: the node's static data, the credential, a logger that records. */
function context(staticData: IDataObject = {}) {
	const logged: Array<[string, string]> = [];
	const log = (level: string) => (message: string) => logged.push([level, message]);
	const ctx = {
		getNode: () => testNode,
		getWorkflowStaticData: () => staticData,
		getCredentials: async () => ({ baseUrl: 'https://api.example.test/api/v2', apiKey: 'k' }),
		getPollBudgetMs: () => 5 * MINUTE_MS,
		logger: { warn: log('warn'), info: log('info'), debug: log('debug'), error: log('error') },
	} as unknown as IPollFunctions;
	return { ctx, staticData, logged, warnings: () => logged.filter(([l]) => l === 'warn') };
}

/** An account of 12 contacts, newest first, 10 a page. */
function account() {
	const search = new FakeSearch('newest', 10);
	search.contacts = Array.from({ length: 12 }, (_, i) =>
		contactAt(i + 1, T0 - (12 - i) * MINUTE_MS),
	);
	return search.install();
}

async function pollAt(ctx: IPollFunctions, at: number, trigger = 'wf:node') {
	testClock().setTime(at);
	return await runEventPoll(ctx, newContact, trigger, undefined, {});
}

describe('runEventPoll', () => {
	it('stores the state in the static data and goes on from it', async () => {
		const search = account();
		const { ctx, staticData } = context();
		expect(await pollAt(ctx, T0)).toEqual([]);
		expect(staticData[STATE_KEY]).toMatchObject({ version: 2, order: 'newest' });
		search.contacts.push(contactAt(50, T0 + MINUTE_MS));
		expect(ids(await pollAt(ctx, T0 + 2 * MINUTE_MS))).toEqual([50]);
	});

	it('logs a contact it cannot place once, not at every poll', async () => {
		const search = account();
		const { ctx, warnings } = context();
		await pollAt(ctx, T0);
		search.contacts.push(contactAt(40, 'not a date'), contactAt(41, T0 + 3 * DAY_MS));
		for (let i = 1; i <= 4; i++) await pollAt(ctx, T0 + i * MINUTE_MS);
		const lines = warnings().map(([, m]) => m);
		expect(lines.filter((m) => m.includes('without a readable id or created_date'))).toEqual([
			expect.stringContaining(': 40'),
		]);
		expect(lines.filter((m) => m.includes('more than a day ahead'))).toEqual([
			expect.stringContaining(': 41'),
		]);
	});

	it('starts afresh, with a warning, from a stored state it cannot use', async () => {
		account();
		const { ctx, staticData, warnings } = context({ [STATE_KEY]: { version: 'x' } });
		expect(await pollAt(ctx, T0)).toEqual([]);
		expect(warnings()[0][1]).toMatch(/version x, expected 1 or 2; starting again from now/);
		expect(staticData[STATE_KEY]).toMatchObject({ version: 2, baseline: T0 });
	});

	// Issue 33 (f): 0.2.0 met a state of a newer version, warned in the server log only and
	// started again, emitting the last N days a second time.
	it('stops with an error naming both versions at a state of a newer version, and keeps it', async () => {
		const search = account();
		const newer = { version: 3, floor: T0, seen: { 7: T0 } };
		const { ctx, staticData } = context({ [STATE_KEY]: newer });
		await expect(pollAt(ctx, T0)).rejects.toThrow(
			"The trigger's saved state is from a newer version of n8n-nodes-outreach-contact (state version 3; this version reads up to 2)",
		);
		expect(staticData[STATE_KEY]).toEqual(newer);
		expect(search.requests).toHaveLength(0);
	});

	// Issue 33 (e): 0.2.0 could leave its floor 19 hours ahead (it followed an import dated 20
	// hours ahead); 1.0.0 kept that floor and skipped every contact of the next 19 hours, silently.
	// Issue 46: what is there at the update (the first poll) was emitted or skipped for good.
	it('moves a stored floor ahead of the clock back to an hour before now, and says so', async () => {
		const search = account();
		const ahead = T0 + 19 * 60 * MINUTE_MS;
		const { ctx, staticData, warnings } = context({
			[STATE_KEY]: {
				version: 2,
				baseline: T0 - DAY_MS,
				floor: ahead,
				cutoff: null,
				through: ahead,
				seen: {},
				order: 'newest',
				pageSize: 10,
			},
		});
		search.contacts = [contactAt(60, T0 - 30 * MINUTE_MS)];
		expect(ids(await pollAt(ctx, T0 + 5 * MINUTE_MS))).toEqual([]);
		expect((staticData[STATE_KEY] as { floor: number }).floor).toBeLessThanOrEqual(
			T0 + 5 * MINUTE_MS - 60 * MINUTE_MS,
		);
		search.contacts.push(contactAt(61, T0 + 6 * MINUTE_MS), contactAt(62, T0 + 7 * MINUTE_MS));
		expect(ids(await pollAt(ctx, T0 + 10 * MINUTE_MS))).toEqual([61, 62]);
		expect(warnings().map(([, m]) => m)).toEqual([
			expect.stringContaining(
				"the saved state's floor (2026-03-11T04:00:00.000Z) is ahead of n8n's clock",
			),
		]);
	});

	// Issue 46: a version 1 state (0.2.0) of a service writing dates 9 hours ahead (no zone) holds
	// its floor 8 hours ahead; the ids below it were dropped. They were handled: none comes again.
	it('keeps a stored floor ahead of the clock as the mark of what was handled when the service dates run ahead', async () => {
		const search = account();
		const lead = 9 * 60 * MINUTE_MS;
		// What the service lists: contacts 0.2.0 emitted and dropped below its floor, and one after.
		search.contacts = [
			...Array.from({ length: 8 }, (_, i) =>
				contactAt(i + 1, T0 + lead - (160 - 10 * i) * MINUTE_MS),
			),
			contactAt(20, T0 + lead - 5 * MINUTE_MS),
		];
		const floor = T0 + lead - 60 * MINUTE_MS;
		const { ctx, warnings, logged } = context({
			[STATE_KEY]: {
				version: 1,
				baseline: T0 - DAY_MS,
				floor,
				watermark: T0 + lead - 5 * MINUTE_MS,
				seen: { '20': T0 + lead - 5 * MINUTE_MS },
				walk: { order: 'newest', pageSize: 10, total: 9 },
			},
		});
		expect(ids(await pollAt(ctx, T0 + 5 * MINUTE_MS))).toEqual([]);
		search.contacts.push(contactAt(21, T0 + lead + 6 * MINUTE_MS));
		expect(ids(await pollAt(ctx, T0 + 10 * MINUTE_MS))).toEqual([21]);
		expect(warnings().map(([, m]) => m)).toEqual([
			expect.stringContaining(
				"the saved state's floor (2026-03-10T17:00:00.000Z) is ahead of n8n's clock",
			),
		]);
		expect(logged.filter(([l]) => l === 'info').map(([, m]) => m)).toContainEqual(
			expect.stringContaining('the walk after the update is complete: it recorded 8 contact(s)'),
		);
	});

	// Found by a reviewer of issue 46's change: a quiet account whose dates run 5 hours ahead;
	// the contacts the older version emitted and dropped are all the reads meet. None comes again.
	it('emits nothing the older version handled when no contact arrives after the update', async () => {
		const search = account();
		const hour = 60 * MINUTE_MS;
		search.contacts = [
			contactAt(1, T0 + hour),
			contactAt(2, T0 + 1.5 * hour),
			contactAt(3, T0 + 2 * hour),
			contactAt(9, T0 + 4.5 * hour),
		];
		const { ctx } = context({
			[STATE_KEY]: {
				version: 2,
				baseline: T0 - DAY_MS,
				floor: T0 + 4 * hour,
				cutoff: null,
				through: T0 + 5 * hour,
				seen: { '9': T0 + 4.5 * hour },
				reported: [],
				order: 'newest',
				pageSize: 10,
			},
		});
		const emitted: unknown[] = [];
		for (let at = T0 + 5 * MINUTE_MS; at <= T0 + 6 * hour; at += 5 * MINUTE_MS)
			emitted.push(...ids(await pollAt(ctx, at)));
		expect(emitted).toEqual([]);
	});

	// Issue 46: the same kind of floor, lifted by contacts dated 6 hours ahead instead: the
	// contacts created after the update are below it and come, once, oldest first.
	it('emits the contacts created after the update below a floor that contacts dated ahead lifted', async () => {
		const search = account();
		const floor = T0 + 5 * 60 * MINUTE_MS;
		const { ctx } = context({
			[STATE_KEY]: {
				version: 1,
				baseline: T0 - DAY_MS,
				floor,
				watermark: floor + 60 * MINUTE_MS,
				seen: { '30': floor + 60 * MINUTE_MS },
				walk: { order: 'newest', pageSize: 10, total: 13 },
			},
		});
		// 31 was skipped before the update: lost to the older version, and not taken for a new one.
		search.contacts.push(contactAt(30, floor + 60 * MINUTE_MS), contactAt(31, T0 + MINUTE_MS));
		expect(ids(await pollAt(ctx, T0 + 5 * MINUTE_MS))).toEqual([]);
		search.contacts.push(contactAt(32, T0 + 7 * MINUTE_MS), contactAt(33, T0 + 8 * MINUTE_MS));
		expect(ids(await pollAt(ctx, T0 + 10 * MINUTE_MS))).toEqual([32, 33]);
		expect(ids(await pollAt(ctx, T0 + 15 * MINUTE_MS))).toEqual([]);
	});

	it('goes on from its activation when n8n did not keep the static data of that poll', async () => {
		const search = account();
		await pollAt(context().ctx, T0); // n8n discards the static data of a poll that emits nothing
		search.contacts.push(contactAt(50, T0 + MINUTE_MS));
		expect(ids(await pollAt(context().ctx, T0 + 2 * MINUTE_MS))).toEqual([50]);
	});

	it('keeps at most 100 activations in memory, the oldest going first', async () => {
		const search = account();
		await pollAt(context().ctx, T0, 'first');
		for (let i = 0; i < 100; i++) await pollAt(context().ctx, T0, `other ${i}`);
		search.contacts.push(contactAt(50, T0 + MINUTE_MS));
		// Forgotten: a first activation again, which emits nothing.
		expect(await pollAt(context().ctx, T0 + 2 * MINUTE_MS, 'first')).toEqual([]);
	});

	it('says when a poll stopped at its share of the account; the next polls go on', async () => {
		const search = account();
		search.order = 'asListed'; // no order: the walk of the window is spread over polls
		const mixed = [5, 1, 9, 3, 12, 7, 2, 10, 4, 8, 6, 11];
		search.contacts = mixed.map((i) => search.contacts[i - 1]);
		const { ctx, logged } = context();
		(ctx as unknown as { getCredentials: unknown }).getCredentials = async () => ({
			baseUrl: 'https://api.example.test/api/v2',
			apiKey: 'k',
			requestsPerMinute: 20, // 5 requests a minute for the trigger
		});
		await pollAt(ctx, T0);
		const created = Array.from({ length: 300 }, (_, i) => contactAt(100 + i, T0 + i * 1000));
		for (const c of created) search.contacts.splice((c.id * 7) % search.contacts.length, 0, c);
		const emitted: unknown[] = [];
		for (let i = 1; i <= 30; i++) emitted.push(...ids(await pollAt(ctx, T0 + i * MINUTE_MS)));
		const info = logged.filter(([l]) => l === 'info').map(([, m]) => m);
		expect(info.some((m) => /reached its share of the account \(5 requests a minute/.test(m))).toBe(
			true,
		);
		expect(info.some((m) => /the next poll goes on from where this one stopped/.test(m))).toBe(
			true,
		);
		expect([...emitted].sort((a, b) => (a as number) - (b as number))).toEqual(ids(created));
	});

	it('after a pause, says that more contacts wait than the ones it read', async () => {
		const search = account();
		const { ctx, logged } = context();
		await pollAt(ctx, T0);
		// 500 new, newest first: the poll bisects and reads the pages nearest the boundary only.
		for (let i = 0; i < 500; i++) search.contacts.push(contactAt(100 + i, T0 + i * 1000));
		const emitted = await pollAt(ctx, T0 + 10 * MINUTE_MS);
		expect(ids(emitted)).toEqual(Array.from({ length: 100 }, (_, i) => 100 + i));
		const info = logged.filter(([l]) => l === 'info').map(([, m]) => m);
		expect(info).toEqual([
			expect.stringMatching(
				/^Outreach Contact Trigger: Max Contacts per Poll reached; more new contacts than the \d+ read will be emitted by the next polls, oldest first$/,
			),
		]);
	});

	it('stores a state within MAX_STATE_BYTES, the reported ids included', async () => {
		const search = account();
		search.cap = 200; // one page: every contact is read
		const { ctx, staticData } = context();
		await pollAt(ctx, T0);
		const state = staticData[STATE_KEY] as { seen: Record<string, number> };
		// Up to 30 characters below the bound: one entry is 40 + 13 + 4 characters.
		const room = MAX_STATE_BYTES - 30 - JSON.stringify(state).length;
		for (let i = 0; i < Math.floor(room / 57); i++)
			state.seen[`${i}`.padStart(40, 's')] = T0 - 30 * MINUTE_MS;
		for (let i = 0; i < 50; i++)
			search.contacts.push(contactAt(1000 + i, 'not a date'), {
				...contactAt(0, T0),
				id: `${i}`.padStart(64, 'u') as never,
				created_date: 'bad',
			});
		await pollAt(ctx, T0 + MINUTE_MS);
		expect(JSON.stringify(staticData[STATE_KEY]).length).toBeLessThanOrEqual(MAX_STATE_BYTES);
	});
});
