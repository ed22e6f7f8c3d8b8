/**
 * Classes (a) to (d) of issue 33 (point 4): each a short schedule that loses, repeats or
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
 *       in any sliding 60 s are at most 10, and no poll throws.
 *
 * Classes (e) and (f), a saved state meeting another version of the package, are in
 * triggerSavedStates.test.ts.
 *
 * Each assertion is keyed by what the user loses when it fails (the ids missing or repeated,
 * the busiest minute, the error text); a case runs in a few seconds.
 */
import { busiestMinute } from '../../harness/pacingWindow';
import { steadyArrivals } from '../../harness/simulatedService/arrivals';
import type { NewContact } from '../../harness/simulatedService/contacts';
import { seededRandom } from '../../harness/testClock';
import type { Order } from '../../sandbox/search';
import { size } from '../support/size';
import { quietPollLog } from '../support/pollLog';
import {
	account,
	DAY,
	every,
	expectEachOnce,
	HOUR,
	listed,
	MINUTE,
	pollEach,
	SECOND,
	START,
	thrown,
} from '../support/triggerAccount';

const ORDERS: Order[] = ['newest', 'oldest', 'unordered'];

describe('trigger classes of issue 33 through n8n-core, on the virtual clock', () => {
	jest.setTimeout(120_000);
	// Polls log what they skip or give up: kept out of the test output.
	quietPollLog();

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
			// The activation, then a poll every minute for two hours (to 30 minutes in npm test: the 8
			// come at the first poll after the import; on d940cb5 they never came).
			const until = START + size(30, 130) * MINUTE;
			await pollEach(sim, [START, ...every(MINUTE, START + 10 * MINUTE, until)]);
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
});
