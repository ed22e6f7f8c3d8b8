/**
 * Issue 46, a stored floor ahead of n8n's clock (shared/ledger/priorFloor.ts), in the cases two
 * reviewers of the change built against its first designs: a service whose dates run 9 hours
 * ahead, with more contacts in the older version's last hour than a page holds (those it emitted
 * and dropped came again); and an import dated 3 to 5 hours ahead whose contacts below the floor
 * left `seen` (the contacts created after the update were lost, or came 4 hours late).
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { eventOf } from '../../../nodes/OutreachContact/trigger/events';
import { NEW_CONTACT_KEY as STATE_KEY } from '../../../nodes/OutreachContact/trigger/shared/ledger/shapes';
import { runEventPoll } from '../../../nodes/OutreachContact/trigger/pollRunner';
import { MINUTE_MS } from '../../../nodes/OutreachContact/trigger/shared/serviceTime';
import { openedNewContact } from '../../../nodes/OutreachContact/trigger/shared/ledger/priorFloor';
import {
	STATE_VERSION,
	type NewContactState,
} from '../../../nodes/OutreachContact/trigger/shared/ledger/shapes';
import {
	contactAt,
	FakeSearch,
	idsOf as ids,
	testNode,
	useTestClockPerTest,
} from '../../support/poll';

jest.mock('../../../nodes/OutreachContact/transport/api', () => ({ searchContacts: jest.fn() }));
const T0 = Date.UTC(2026, 2, 10, 9, 0, 0);
const H = 60 * MINUTE_MS;
const newContact = eventOf('newContact');
const testClock = useTestClockPerTest(T0);
function context(staticData: IDataObject = {}, requestsPerMinute?: number) {
	const logged: Array<[string, string]> = [];
	const log = (level: string) => (message: string) => logged.push([level, message]);
	const ctx = {
		getNode: () => testNode,
		getWorkflowStaticData: () => staticData,
		getCredentials: async () => ({
			baseUrl: 'https://api.example.test/api/v2',
			apiKey: 'k',
			...(requestsPerMinute ? { requestsPerMinute } : {}),
		}),
		getPollBudgetMs: () => 5 * MINUTE_MS,
		logger: { warn: log('warn'), info: log('info'), debug: log('debug'), error: log('error') },
	} as unknown as IPollFunctions;
	return { ctx, staticData, logged };
}
async function pollAt(ctx: IPollFunctions, at: number, options: IDataObject = {}) {
	testClock().setTime(at);
	return await runEventPoll(ctx, newContact, 'wf:node', undefined, options);
}
const sorted = (a: unknown[]) => [...a].sort((x, y) => (x as number) - (y as number));
function dupes(a: unknown[]) {
	return a.filter((x, i) => a.indexOf(x) !== i);
}

describe('a floor the older version stored ahead of the clock: a service whose dates run ahead', () => {
	// Service 9h ahead (Tokyo, no zone). Old v2 state: floor = W - 1h, seen = ids in [floor, W].
	// Dropped: 12 contacts dated in [now-1h, floor). Newest-first, page size 3.
	function tokyo(order: 'newest' | 'asListed', cap: number, nKept = 5) {
		const lead = 9 * H;
		const W = T0 + lead - 5 * MINUTE_MS;
		const floor = W - H;
		const search = new FakeSearch(order, cap).install();
		const dropped = Array.from({ length: 12 }, (_, i) =>
			contactAt(100 + i, floor - (i + 1) * 10 * MINUTE_MS),
		);
		const kept = Array.from({ length: nKept }, (_, i) =>
			contactAt(200 + i, floor + (i + 1) * (55 / nKept) * MINUTE_MS),
		);
		search.contacts = [...dropped, ...kept];
		if (order === 'asListed')
			search.contacts = search.contacts.map((c, i, a) => a[(i * 7) % a.length]);
		const seen = Object.fromEntries(
			kept.map((c) => [String(c.id), Date.parse(String(c.created_date))]),
		);
		const state = {
			version: 2,
			baseline: T0 - 10 * 24 * H,
			floor,
			cutoff: null,
			through: W,
			seen,
			reported: [],
			...(order === 'newest' ? { order: 'newest', total: 12 + nKept } : { walk: null }),
			pageSize: cap,
		};
		return { search, lead, W, floor, state };
	}
	for (const [order, cap, nKept] of [
		['newest', 3, 5],
		['newest', 10, 5],
		['asListed', 3, 5],
		['newest', 3, 8],
		['newest', 3, 11],
		['asListed', 3, 11],
		['newest', 10, 25],
	] as const)
		it(`service ahead, ${order} page ${cap} kept ${nKept}: only new arrivals come, once`, async () => {
			const { search, lead, state } = tokyo(order, cap, nKept);
			const { ctx, staticData, logged } = context({ [STATE_KEY]: state });
			const emitted: unknown[] = [];
			let n = 300;
			for (let at = T0; at <= T0 + 6 * H; at += 5 * MINUTE_MS) {
				if ((at - T0) % (30 * MINUTE_MS) === 0 && at > T0 + 20 * MINUTE_MS) {
					const c = contactAt(n++, at + lead);
					if (order === 'asListed') search.contacts.splice(n % search.contacts.length, 0, c);
					else search.contacts.push(c);
				}
				emitted.push(...ids(await pollAt(ctx, at)));
			}
			const log = logged.filter(([l]) => l !== 'debug').map(([l, m]) => l + ': ' + m.slice(0, 160));
			expect({
				emitted: sorted(emitted),
				log,
				prior: (staticData[STATE_KEY] as IDataObject).priorFloor,
			}).toEqual({
				emitted: Array.from({ length: n - 300 }, (_, i) => 300 + i),
				log: expect.anything(),
				prior: undefined,
			});
		});
});

describe('a floor the older version stored ahead of the clock: an import dated ahead lifted it', () => {
	// 0.2.0 met an import dated 3h..5h ahead (21 contacts, one every 6 min); its floor followed
	// the newest less the overlap (T0+4h); those of the import below it left `seen`.
	for (const [order, cap, max] of [
		['newest', 10, 100],
		['newest', 100, 100],
		['asListed', 5, 100],
		['newest', 10, 2],
	] as const)
		it(`import spread ahead, ${order} page ${cap} max ${max}: every real contact after the update comes once`, async () => {
			const search = new FakeSearch(order, cap).install();
			const old = Array.from({ length: 10 }, (_, i) =>
				contactAt(1 + i, T0 - 3 * H + i * 10 * MINUTE_MS),
			);
			const imported = Array.from({ length: 21 }, (_, i) =>
				contactAt(100 + i, T0 + 3 * H + i * 6 * MINUTE_MS),
			);
			search.contacts = [...old, ...imported];
			const floor = T0 + 4 * H;
			const seen = Object.fromEntries(
				imported
					.filter((c) => Date.parse(String(c.created_date)) >= floor)
					.map((c) => [String(c.id), Date.parse(String(c.created_date))]),
			);
			const { ctx, logged } = context({
				[STATE_KEY]: {
					version: 2,
					baseline: T0 - 10 * 24 * H,
					floor,
					cutoff: null,
					through: T0 + 5 * H,
					seen,
					reported: [],
					...(order === 'newest' ? { order: 'newest', total: 31 } : { walk: null }),
					pageSize: cap,
				},
			});
			const emitted: unknown[] = [];
			let n = 300;
			for (let at = T0 + 5 * MINUTE_MS; at <= T0 + 8 * H; at += 5 * MINUTE_MS) {
				if ((at - T0) % (20 * MINUTE_MS) === 0) {
					const c = contactAt(n++, at - MINUTE_MS);
					if (order === 'asListed') search.contacts.splice((n * 7) % search.contacts.length, 0, c);
					else search.contacts.push(c);
				}
				emitted.push(...ids(await pollAt(ctx, at, { maxPerPoll: max })));
			}
			const real = Array.from({ length: n - 300 }, (_, i) => 300 + i);
			const log = logged.filter(([l]) => l !== 'debug').map(([l, m]) => l + ': ' + m.slice(0, 200));
			expect({
				missing: real.filter((x) => !emitted.includes(x)),
				dupes: dupes(emitted),
				log,
			}).toEqual({ missing: [], dupes: [], log: expect.anything() });
		});
});

/**
 * Found by a third reviewer: on a small budget the first walk spreads over polls, and a walk that
 * ends early (its page limit, a list that shrank) proves nothing; the next walk records too.
 */
function tokyoAhead(order: 'newest' | 'oldest' | 'asListed', cap: number) {
	const lead = 9 * H;
	const W = T0 + lead - 5 * MINUTE_MS;
	const floor = W - H;
	const search = new FakeSearch(order, cap).install();
	const dropped = Array.from({ length: 12 }, (_, i) =>
		contactAt(100 + i, floor - (i + 1) * 10 * MINUTE_MS),
	);
	const kept = Array.from({ length: 5 }, (_, i) =>
		contactAt(200 + i, floor + (i + 1) * 11 * MINUTE_MS),
	);
	const older = Array.from({ length: 20 }, (_, i) => contactAt(1 + i, T0 - 20 * H + i * MINUTE_MS));
	search.contacts = [...older, ...dropped, ...kept];
	const seen = Object.fromEntries(
		kept.map((c) => [String(c.id), Date.parse(String(c.created_date))]),
	);
	const state = {
		version: 2,
		baseline: T0 - 10 * 24 * H,
		floor,
		cutoff: null,
		through: W,
		seen,
		reported: [],
		...(order === 'asListed' ? { walk: null } : { order, total: 37 }),
		pageSize: cap,
	};
	return { search, state, lead, dropped };
}

describe('a floor stored ahead of the clock: the walk that records below it must be whole', () => {
	it('a walk that ran past its page limit (arrivals while it reads) does not end the recording', async () => {
		const { search, state, lead } = tokyoAhead('newest', 2);
		search.contacts = search.contacts.filter((c) => (c.id as number) >= 100);
		const { ctx } = context({ [STATE_KEY]: state }, 8);
		const emitted: unknown[] = [];
		let n = 300;
		for (let p = 0; p < 40; p++) {
			const at = T0 + p * MINUTE_MS;
			if (p > 0)
				for (let k = 0; k < 3; k++)
					search.contacts.push(contactAt(n++, at + lead - (3 - k) * 1000));
			emitted.push(...ids(await pollAt(ctx, at, { maxPerPoll: 100 })));
		}
		expect(emitted.filter((x) => (x as number) >= 100 && (x as number) < 300)).toEqual([]);
	});

	it.each(['oldest', 'asListed'] as const)(
		'%s: contacts deleted while the walk reads (the list shrank) do not end the recording',
		async (order) => {
			const { search, state } = tokyoAhead(order, 2);
			const { ctx } = context({ [STATE_KEY]: state }, 8);
			const emitted: unknown[] = [];
			for (let p = 0; p < 60; p++) {
				if (p === 2) search.contacts = search.contacts.filter((c) => c.id !== 1 && c.id !== 2);
				emitted.push(...ids(await pollAt(ctx, T0 + p * MINUTE_MS)));
			}
			expect(emitted.filter((x) => (x as number) >= 100 && (x as number) < 300)).toEqual([]);
		},
	);

	it('a stored prior floor that cannot be read brings repeats, never a loss', async () => {
		const search = new FakeSearch('asListed', 2).install();
		search.contacts = Array.from({ length: 10 }, (_, i) =>
			contactAt(1 + i, T0 - 50 * MINUTE_MS + i * MINUTE_MS),
		);
		const floor = T0 + 4 * H;
		const { ctx, staticData } = context(
			{
				[STATE_KEY]: {
					version: 2,
					baseline: T0 - 10 * 24 * H,
					floor,
					cutoff: null,
					through: floor + H,
					seen: {},
					reported: [],
					walk: null,
					pageSize: 2,
				},
			},
			8,
		);
		await pollAt(ctx, T0 + 5 * MINUTE_MS);
		const stored = staticData[STATE_KEY] as IDataObject;
		(stored.priorFloor as IDataObject).at = String((stored.priorFloor as IDataObject).at);
		const emitted: unknown[] = [];
		const created: number[] = [];
		for (let p = 1; p < 300; p++) {
			const at = T0 + 5 * MINUTE_MS + p * MINUTE_MS;
			if (p < 60) {
				const c = contactAt(300 + p, at - 30 * 1000);
				created.push(c.id as number);
				// Listed in no order: the walks never learn one (a small budget reads slowly by one).
				search.contacts.splice((p * 7) % search.contacts.length, 0, c);
			}
			emitted.push(...ids(await pollAt(ctx, at)));
		}
		expect(created.filter((id) => !emitted.includes(id))).toEqual([]);
	});
});

describe('a floor this version stored ahead of the clock', () => {
	// Survey 380000: dates without a zone 9 hours ahead, the state's byte bound gave up the oldest
	// ids and set the floor past the cut, 9 hours past n8n's clock. Taken for an older version's
	// floor, it went back and a contact dated at it came twice. A state with a zone lag (which no
	// older version stored) keeps its floor; one without goes back as before.
	const ahead: NewContactState = {
		version: STATE_VERSION,
		baseline: T0 - H,
		floor: T0 + 9 * H,
		cutoff: T0 - H,
		handledTo: T0 + 9 * H,
		seen: { '7': T0 + 9 * H + MINUTE_MS },
		logged: [],
		mode: 'walking',
		walk: null,
	};
	it('keeps it when the state holds a zone lag', () => {
		const mine = { ...ahead, zoneLag: { lowest: 0, since: T0 - H, before: 0 } };
		expect(openedNewContact(mine, T0)).toEqual({ state: mine });
	});
	it('moves it back to the clock less the overlap when it does not (an older version’s)', () => {
		const opened = openedNewContact(ahead, T0);
		expect(opened.rewound).toBe(T0 + 9 * H);
		expect(opened.state.floor).toBe(T0 - H);
		expect(opened.state.priorFloor).toEqual({ at: T0 + 9 * H, recorded: 0 });
	});
});
