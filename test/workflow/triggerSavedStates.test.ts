/**
 * Classes (e) and (f) of issue 33 (point 4): a saved state meets another version of the package,
 * each through n8n-core's PollContext like the other classes (triggerClasses.test.ts), the state
 * written into the workflow's static data as n8n stores it, under the node's key.
 *
 *   (e) a state of version 1 (0.2.0) and of version 2 (1.0.0) whose floor is 19 hours ahead of
 *       n8n's clock (what 0.2.0 wrote after an import dated 20 hours ahead): the contacts
 *       created in the next 19 hours (3 in npm test: none of them came on d940cb5) all come
 *       once, and the floor stored by the first poll is
 *       at most n8n's clock less the overlap (an hour);
 *   (f) a state whose version is newer than the one the code writes (learned from a state the
 *       code itself stores), for New Contact and Contact Enriched, with "Emit Contacts From
 *       the Last N Days on Activation" 1: the poll fails with an error naming both versions
 *       and what to do (update the package, or how to start again from now), emits
 *       nothing and leaves the stored state as it was.
 */
import type { IDataObject } from 'n8n-workflow';

import { steadyArrivals } from '../../harness/simulatedService/arrivals';
import { TRIGGER_EVENTS } from '../../nodes/OutreachContact/trigger/events';
import { seededRandom } from '../../harness/testClock';
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
	storedState,
	storeState,
	thrown,
} from '../support/triggerAccount';

/** How long after the update (e) adds contacts and checks that they come: 19 hours in test:long. */
const AFTER_UPDATE = size(3, 19) * HOUR;

describe('saved states of another version (issue 33, classes e and f) through n8n-core, on the virtual clock', () => {
	jest.setTimeout(120_000);
	// Polls log what they skip or give up: kept out of the test output.
	quietPollLog();

	// Version 2 (1.0.0's) in npm test; both in test:long.
	it.each(size([2], [1, 2]))(
		'(e) a version %d state whose floor is 19 hours ahead of n8n (0.2.0 after an import dated 20 hours ahead): the contacts of the next hours all come once',
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
					steadyArrivals(START + 5 * SECOND, START + AFTER_UPDATE, 750, random),
				);
				await sim.pollAt(START);
				const firstFloor = storedState(sim)?.floor;
				await pollEach(sim, every(10 * MINUTE, START + 10 * MINUTE, START + AFTER_UPDATE + HOUR));
				expect(next.length).toBeGreaterThan(size(50, 500));
				expectEachOnce('every contact created in the hours after the update comes once', sim, next);
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

	it.each(TRIGGER_EVENTS.map((e) => e.value))(
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
