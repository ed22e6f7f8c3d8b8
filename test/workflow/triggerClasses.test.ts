/**
 * The six classes of issue 33 (point 4), each a short schedule that loses, repeats or
 * over-spends on the trigger of d940cb5, simulated like the edge tests (triggerEdges.test.ts):
 * each poll through n8n-core's real PollContext with its poll budget, on the virtual clock,
 * against the simulated service (harness/simulatedService: a localhost server answering each
 * search in 250 ms of virtual time, page cap 100 unless said). The trigger is driven only
 * through what n8n gives it: the node's parameters, the credential and the workflow's static
 * data (states written here are written as n8n stores them, under the node's key).
 *
 *   (a) on an account of 200 new contacts a day, three contacts of an import dated 6 hours
 *       ahead, then 35 minutes later an import of 1,000 contacts, Max Contacts per Poll 100,
 *       polls 10 minutes apart, newest first, oldest first and in no order: every contact of
 *       the import comes once (and the control: without the three dated ahead, all come);
 *   (b) results newest first by insertion (the service lists by the time a contact appeared,
 *       while created_date disagrees), page cap 50: 8 contacts arrive, then an import of 53
 *       contacts dated two days back is inserted after them: the 8 come;
 *   (c) Contact Enriched, results oldest first: 300 contacts created and enriched in the day
 *       before the first activation are never emitted; the 60 created and enriched after it
 *       come once;
 *   (d) Requests per Minute 40 (the trigger's share: 10 a minute): after a pause of a day at
 *       10,000 contacts a day, polls that read their whole share while the service answers
 *       503 to about 40% of requests: the requests the service receives, retries included,
 *       in any sliding 60 s are at most 10, and no poll throws;
 *   (e) a state of version 1 (0.2.0) and of version 2 (1.0.0) whose floor is 19 hours ahead of
 *       n8n's clock (what 0.2.0 wrote after an import dated 20 hours ahead): the contacts
 *       created in the next 19 hours all come once, and the floor stored by the first poll is
 *       at most n8n's clock less the overlap (an hour);
 *   (f) a state whose version is newer than the one the code writes (learned from a state the
 *       code itself stores), for New Contact and Contact Enriched, with "Emit Contacts From
 *       the Last N Days on Activation" 1: the poll fails with an error naming both versions
 *       and what to do (update the package, or how to start again from now), emits
 *       nothing and leaves the stored state as it was.
 *
 * Each assertion is keyed by what the user loses when it fails (the ids missing or repeated,
 * the busiest minute, the error text); a case runs in a few seconds.
 */
import { busiestMinute } from '../../harness/pacingWindow';
import { steadyArrivals } from '../../harness/simulatedService/arrivals';
import type { NewContact, Row } from '../../harness/simulatedService/contacts';
import type { Fault, ServiceOrder } from '../../harness/simulatedService/service';
import {
	simulatedAccount,
	STATE_KEYS,
	TriggerSimulation,
	type TriggerEvent,
	type TriggerSimulationOptions,
} from '../../harness/simulatedService/triggerSimulation';
import { seededRandom } from '../../harness/testClock';
import type { IDataObject } from 'n8n-workflow';
import type { Order } from '../../sandbox/search';
import { size } from '../support/size';
import { capturePollLog } from '../support/pollLog';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const START = Date.UTC(2026, 5, 10, 9, 0, 0);
/** The node's name in the workflow (triggerSimulation.ts): its static data is under node:<name>. */
const NODE_KEY = 'node:Outreach Contact Trigger';

interface Account {
	order: ServiceOrder;
	cap?: number;
	event?: TriggerEvent;
	options?: IDataObject;
	credentials?: TriggerSimulationOptions['credentials'];
	start?: number;
}

/** An account on the simulated service and a trigger polling it; `close` in a finally. */
async function account(a: Account) {
	const start = a.start ?? START;
	const { clock, service, close } = await simulatedAccount(start, {
		order: a.order,
		maxPageSize: a.cap ?? 100,
		latencyMs: 250,
	});
	const sim = new TriggerSimulation({
		service,
		clock,
		event: a.event,
		options: a.options ?? {},
		credentials: a.credentials,
	});
	return { clock, service, sim, close };
}

/** Polls at each of `times` that is not already past (a poll may outlast the gap). */
async function pollEach(sim: TriggerSimulation, times: number[], fault?: Fault): Promise<void> {
	for (const t of times) await sim.pollAt(Math.max(t, sim.polls.at(-1)?.end ?? 0), fault);
}

const every = (step: number, from: number, to: number) =>
	Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

/** "none", or how many ids and the first of them. */
function listed(ids: number[]): string {
	if (ids.length === 0) return 'none';
	const first = ids.slice(0, 12).join(', ');
	return `${ids.length}: ${first}${ids.length > 12 ? ', ...' : ''}`;
}

/**
 * Every one of `rows` was emitted, and nothing was emitted twice; the failure names what the
 * user loses (`what`) with the ids missing and repeated.
 */
function expectEachOnce(what: string, sim: TriggerSimulation, rows: Row[]): void {
	const missing = rows.filter((row) => !sim.emittedAt.has(row.id)).map((row) => row.id);
	expect({ [what]: { missing: listed(missing), repeated: listed(sim.repeated) } }).toEqual({
		[what]: { missing: 'none', repeated: 'none' },
	});
}

/** The polls that threw, as "poll n: message". */
const thrown = (sim: TriggerSimulation) =>
	sim.polls.filter((p) => p.error !== undefined).map((p) => `poll ${p.number}: ${p.error}`);

/** The event's state as stored in the static data. */
function storedState(sim: TriggerSimulation): Record<string, unknown> | undefined {
	const nodeData = sim.staticData[NODE_KEY] as IDataObject | undefined;
	return nodeData?.[STATE_KEYS[sim.event]] as Record<string, unknown> | undefined;
}

/** A state written into the static data as n8n stores it (JSON, under the node's key). */
function storeState(sim: TriggerSimulation, state: Record<string, unknown>): void {
	sim.staticData = JSON.parse(
		JSON.stringify({ [NODE_KEY]: { [STATE_KEYS[sim.event]]: state } }),
	) as IDataObject;
}

const ORDERS: Order[] = ['newest', 'oldest', 'unordered'];

describe('trigger classes of issue 33 through n8n-core, on the virtual clock', () => {
	jest.setTimeout(120_000);
	// Polls log what they skip or give up: kept out of the test output.
	let log: ReturnType<typeof capturePollLog>;
	beforeAll(() => {
		log = capturePollLog();
	});
	afterAll(() => log.restore());

	/**
	 * (a): 200 contacts a day, from 3 days before the activation on; 10 minutes after it, three
	 * contacts dated 6 hours ahead (`ahead`); 35 minutes later (two walks later, without an order)
	 * an import of 1,000 within a minute. Polls every 10 minutes for 5 hours: at 100 a poll the
	 * import takes 100 minutes, and the floor (n8n's clock less an hour) passes it after 60.
	 */
	async function importAfterContactsAhead(order: Order, ahead: boolean) {
		const { service, sim, close } = await account({ order, options: { maxPerPoll: 100 } });
		try {
			const random = seededRandom(33);
			service.contacts.schedule(steadyArrivals(START - 3 * DAY, START + 5 * HOUR, 200, random));
			const aheadAt = START + 10 * MINUTE + 5 * SECOND;
			const importAt = START + 45 * MINUTE + 5 * SECOND;
			const dated: NewContact[] = [0, 1, 2].map((i) => ({
				at: aheadAt + i * SECOND,
				createdMs: aheadAt + 6 * HOUR + i * SECOND,
			}));
			const aheadRows = ahead ? service.contacts.schedule(dated) : [];
			const imported = service.contacts.schedule(
				steadyArrivals(importAt, importAt + MINUTE, 1000 * 1440, random),
			);
			expect(imported).toHaveLength(1000);
			await pollEach(sim, every(10 * MINUTE, START, START + 5 * HOUR));
			expectEachOnce('every contact of the import comes once', sim, imported);
			expectEachOnce('the three contacts dated ahead come once', sim, aheadRows);
			expect({ 'no poll throws': thrown(sim) }).toEqual({ 'no poll throws': [] });
		} finally {
			await close();
		}
	}

	// Newest first in npm test; each order in test:long.
	it.each(size(ORDERS.slice(0, 1), ORDERS))(
		'(a) three contacts dated 6 hours ahead, then an import of 1,000 (Max Contacts per Poll 100), %s first: all come once',
		async (order) => {
			await importAfterContactsAhead(order, true);
		},
	);

	// The control shows that the loss needs the contacts dated ahead.
	it.each(size(ORDERS.slice(0, 1), ORDERS))(
		'(a) control: an import of 1,000 (Max Contacts per Poll 100) without contacts dated ahead, %s first: all come once',
		async (order) => {
			await importAfterContactsAhead(order, false);
		},
	);

	it('(b) newest first by insertion: 8 contacts, then an import of 53 dated two days back inserted after them: the 8 come', async () => {
		const { service, sim, close } = await account({ order: 'newestInserted', cap: 50 });
		try {
			const random = seededRandom(34);
			// Before the activation the insertion order is the creation order: 200 contacts a day
			// (50 in npm test, test/support/size.ts; every poll without a new one reads them all).
			service.contacts.schedule(steadyArrivals(START - 3 * DAY, START, size(50, 200), random));
			const timely = service.contacts.schedule(
				Array.from({ length: 8 }, (_, i) => ({ at: START + (i + 1) * MINUTE })),
			);
			// The import appears at one moment, after the 8; within it the newest is listed first
			// (the higher id), so each page of it keeps the order newest first.
			const importAt = START + 9 * MINUTE + 30 * SECOND;
			service.contacts.schedule(
				Array.from({ length: 53 }, (_, i) => ({
					at: importAt,
					createdMs: importAt - 2 * DAY + i * MINUTE,
				})),
			);
			// The activation, then a poll every minute for two hours.
			await pollEach(sim, [START, ...every(MINUTE, START + 10 * MINUTE, START + 130 * MINUTE)]);
			expectEachOnce('the 8 contacts created after the activation come once', sim, timely);
			expect({ 'no poll throws': thrown(sim) }).toEqual({ 'no poll throws': [] });
		} finally {
			await close();
		}
	});

	it('(c) Contact Enriched, oldest first: 300 contacts enriched in the day before the activation never come; those enriched after it come once', async () => {
		const { service, sim, close } = await account({ order: 'oldest', event: 'contactEnriched' });
		try {
			const random = seededRandom(35);
			const enrichedSoon = (contact: NewContact): NewContact => ({
				...contact,
				enrichAt: contact.at + MINUTE + Math.floor(random() * 9 * MINUTE),
			});
			// Created and enriched in the day before the activation (the last one 10 minutes before).
			const before = service.contacts.schedule(
				Array.from({ length: 300 }, () =>
					enrichedSoon({ at: START - DAY + Math.floor(random() * (DAY - 20 * MINUTE)) }),
				),
			);
			// Created and enriched after it: 60 in the first hour.
			const after = service.contacts.schedule(
				Array.from({ length: 60 }, () =>
					enrichedSoon({ at: START + 5 * SECOND + Math.floor(random() * HOUR) }),
				),
			);
			await pollEach(sim, every(MINUTE, START, START + 3 * HOUR));
			const beforeIds = new Set(before.map((row) => row.id));
			const early = [...sim.emittedAt.keys()].filter((id) => beforeIds.has(id));
			expect({
				'no contact enriched before the activation is emitted': listed(early),
			}).toEqual({ 'no contact enriched before the activation is emitted': 'none' });
			expectEachOnce('every contact enriched after the activation comes once', sim, after);
			expect({ 'no poll throws': thrown(sim) }).toEqual({ 'no poll throws': [] });
		} finally {
			await close();
		}
	});

	it("(d) Requests per Minute 40, 503 to 40% of requests after a pause of a day: at most the trigger's 10 requests in any 60 s, retries included", async () => {
		const { service, sim, close } = await account({
			order: 'newest',
			credentials: { requestsPerMinute: 40 },
		});
		try {
			const random = seededRandom(36);
			const resume = START + 10 * MINUTE + DAY;
			service.contacts.schedule(steadyArrivals(START - DAY, resume + 30 * MINUTE, 10_000, random));
			await pollEach(sim, every(MINUTE, START, START + 10 * MINUTE));
			// After the pause each poll has a day to read: it reads its whole share, under 503s.
			await pollEach(sim, every(MINUTE, resume, resume + 10 * MINUTE), {
				kind: 'flaky',
				chance: 0.4,
				seed: 37,
			});
			const failed = service.log.filter((r) => r.status === 503).length;
			expect(failed).toBeGreaterThan(5);
			const most = busiestMinute(service.log.map((r) => r.at));
			expect({
				"the service receives at most the trigger's 10 requests in any 60 s (retries included)":
					most,
			}).toEqual({
				"the service receives at most the trigger's 10 requests in any 60 s (retries included)":
					Math.min(most, 10),
			});
			// A retry the share refuses ends the read: the poll emits what it proved and saves.
			expect({ 'no poll throws': thrown(sim) }).toEqual({ 'no poll throws': [] });
			expect(sim.emittedAt.size).toBeGreaterThan(0);
		} finally {
			await close();
		}
	});

	// Version 2 (1.0.0's) in npm test; both in test:long.
	it.each(size([2], [1, 2]))(
		'(e) a version %d state whose floor is 19 hours ahead of n8n (0.2.0 after an import dated 20 hours ahead): the next 19 hours all come once',
		async (version) => {
			const { service, sim, close } = await account({ order: 'newest' });
			try {
				const random = seededRandom(38);
				const before = service.contacts.schedule(
					steadyArrivals(START - 3 * DAY, START - 20 * MINUTE, 750, random),
				);
				// An import dated 20 hours ahead, just before the update: 0.2.0 stored the floor 19 hours
				// ahead of n8n's clock (the newest handled less the overlap).
				const importAt = START - 10 * MINUTE;
				const ahead = service.contacts.schedule([
					{ at: importAt, createdMs: START + 20 * HOUR - SECOND },
					{ at: importAt, createdMs: START + 20 * HOUR },
				]);
				const through = START + 20 * HOUR;
				const floor = through - HOUR;
				const seen = Object.fromEntries(ahead.map((row) => [String(row.id), row.createdMs]));
				const total = before.length + ahead.length;
				// As 0.2.0 (version 1) and 1.0.0 (version 2) store it.
				storeState(
					sim,
					version === 1
						? {
								version: 1,
								baseline: START - 2 * DAY,
								floor,
								watermark: through,
								seen,
								walk: {
									order: 'newest',
									verifiedAt: START - 2 * DAY,
									polledAt: START - MINUTE,
									pageSize: 100,
									total,
								},
							}
						: {
								version: 2,
								baseline: START - 2 * DAY,
								floor,
								cutoff: START - 2 * DAY,
								through,
								seen,
								reported: [],
								order: 'newest',
								pageSize: 100,
								total,
								verified: 200,
							},
				);
				const next = service.contacts.schedule(
					steadyArrivals(START + 5 * SECOND, START + 19 * HOUR, 750, random),
				);
				await sim.pollAt(START);
				const firstFloor = storedState(sim)?.floor;
				await pollEach(sim, every(10 * MINUTE, START + 10 * MINUTE, START + 20 * HOUR));
				expect(next.length).toBeGreaterThan(500);
				expectEachOnce(
					'every contact created in the 19 hours after the update comes once',
					sim,
					next,
				);
				expect({
					"the floor stored by the first poll is at most n8n's clock less the overlap": firstFloor,
				}).toEqual({
					"the floor stored by the first poll is at most n8n's clock less the overlap":
						typeof firstFloor === 'number' ? Math.min(firstFloor, START - HOUR) : 'a number',
				});
				expect({ 'no poll throws': thrown(sim) }).toEqual({ 'no poll throws': [] });
			} finally {
				await close();
			}
		},
	);

	it.each(['newContact', 'contactEnriched'] as TriggerEvent[])(
		'(f) %s: a state of a newer version fails the poll with an error naming both versions and what to do, and emits nothing',
		async (event) => {
			const { service, sim, clock, close } = await account({
				order: 'newest',
				event,
				options: { initialDays: 1 },
			});
			try {
				const random = seededRandom(39);
				service.contacts.schedule(
					steadyArrivals(START - 2 * DAY, START + DAY, 500, random, (contact) => ({
						...contact,
						enrichAt: contact.at + MINUTE,
					})),
				);
				// The version this code writes: from a state it stores itself, on the same account.
				await sim.pollAt(START - 10 * MINUTE);
				const own = storedState(sim);
				expect(typeof own?.version).toBe('number');
				const written = own?.version as number;
				const newer = written + 1;
				// A newer package's state (a user rolled back): its own fields, a higher version.
				const state = { ...own, version: newer, ledger: { mode: 'ordered', handledTo: START } };
				storeState(sim, state);
				const stored = JSON.parse(JSON.stringify(sim.staticData)) as IDataObject;
				clock.setTime(START);
				const poll = await sim.pollAt(START);
				const error = poll.error ?? 'no error: the poll went on';
				const names = (n: number) => new RegExp(`\\b${n}\\b`).test(error);
				const says = {
					'the stored version': names(newer),
					'the version the code reads': names(written),
					'to update the package': /update/i.test(error),
					'or how to start again from now': /start again from now/i.test(error),
				};
				expect({
					[`the poll fails with an error that names (${error})`]: says,
				}).toEqual({
					[`the poll fails with an error that names (${error})`]: {
						'the stored version': true,
						'the version the code reads': true,
						'to update the package': true,
						'or how to start again from now': true,
					},
				});
				expect({ 'the poll emits nothing': listed(poll.ids) }).toEqual({
					'the poll emits nothing': 'none',
				});
				expect({ 'the stored state is left as it was': sim.staticData }).toEqual({
					'the stored state is left as it was': stored,
				});
			} finally {
				await close();
			}
		},
	);
});
