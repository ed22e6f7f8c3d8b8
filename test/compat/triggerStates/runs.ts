/**
 * The runs that produce the saved states (produce.ts) and that the test goes on from
 * (../triggerStates.test.ts), one entry each: the account's zone and how it writes created_date,
 * the contacts, the polls of the old version, and what arrives and is polled after the update.
 * The run named '' is the two-hour run in UTC of scenario.ts; the others are issue 46's: dates
 * without a zone east and west of UTC, an import dated 20 hours ahead (the runaway floor), and
 * four hours of polls every 5 minutes across an update (the case the issue was found with).
 */
import type { NewContact } from '../../../harness/simulatedService/contacts';
import { isoUtc, localWithoutZone } from '../../../harness/simulatedService/formats';
import type { TriggerEvent } from '../../../harness/simulatedService/triggerSimulation';
import { seededRandom } from '../../../harness/testClock';
import { size } from '../../support/size';
import {
	ACTIVATION,
	arrivals,
	laterContacts,
	LAST_SAVED_POLL,
	MAX_PER_POLL,
	POLL_EVERY,
	SAVED_POLLS,
	savedRunContacts,
	type SavedOrder,
	withEnrichment,
} from './scenario';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A version that produces a run: its events; `after`, a version that polled before it (an update). */
export interface RunVersion {
	version: string;
	commit: string;
	events: TriggerEvent[];
	after?: { version: string; commit: string; polls: number };
}

export interface SavedRun {
	/** The file name's last part ('' for the run in UTC of scenario.ts). */
	name: string;
	/** The zone the service counts its days in, and whether created_date is its local time without a zone. */
	timeZone: string;
	zoneless: boolean;
	orders: SavedOrder[];
	versions: RunVersion[];
	activation: number;
	/** The old version's polls: every `pollEvery` from the activation, `polls` of them after it. */
	pollEvery: number;
	polls: number;
	maxPerPoll: number;
	contacts(): NewContact[];
	/** After the update (the last saved poll): what arrives, for how long, and the polls. */
	later(lastPoll: number, lastId: number): NewContact[];
	pollsFor: number;
	/** Contacts created from this on are owed (when the old version did not emit them). */
	owedFrom(saved: { activationAt: string; lastPollAt: string }): number;
}

const V010 = { version: '0.1.0', commit: '1d1e75f' };
const V020 = { version: '0.2.0', commit: '46e0b39' };
const V100 = { version: '1.0.0', commit: '570f513' };
const BOTH: TriggerEvent[] = ['newContact', 'contactEnriched'];

const fromActivation = (saved: { activationAt: string }) => Date.parse(saved.activationAt);

/** The run of scenario.ts (UTC, dates with Z), or the same contacts in another zone without one. */
function twoHourRun(name: string, timeZone: string, zoneless: boolean): SavedRun {
	return {
		name,
		timeZone,
		zoneless,
		orders: ['newest', 'unordered'],
		versions: [
			{ ...V010, events: ['newContact'] },
			{ ...V020, events: BOTH },
			{ ...V100, events: BOTH },
			// The state of main before issue 33, kept in the run it was saved with.
			...(name === '' ? [{ version: 'd940cb5', commit: 'd940cb5', events: BOTH }] : []),
		],
		activation: ACTIVATION,
		pollEvery: POLL_EVERY,
		polls: SAVED_POLLS,
		maxPerPoll: MAX_PER_POLL,
		contacts: savedRunContacts,
		later: (lastPoll, lastId) => laterContacts(lastPoll, lastPoll + HOUR, lastId),
		pollsFor: size(120, 240) * MINUTE,
		owedFrom: fromActivation,
	};
}

/**
 * The run of scenario.ts plus `count` contacts imported 70 minutes before the last poll, dated
 * `aheadHours` ahead: 0.2.0 moved its floor that far ahead of n8n's clock, less the overlap. `after`: 1.0.0 polled
 * on from 0.2.0's state for 40 minutes before the update (it keeps the floor). Every contact
 * created after the update (the first poll of the new code, which n8n runs when it starts again)
 * is owed; those 0.2.0 skipped below its floor before it are lost to it (on a service whose
 * dates run ahead they would be ones it emitted: nothing in the state tells the two apart).
 */
function runawayRun(count: number, chained: boolean, aheadHours = 20): SavedRun {
	const importAt = LAST_SAVED_POLL - 70 * MINUTE;
	const name = `runaway${count}${aheadHours === 20 ? '' : `-${aheadHours}h`}`;
	return {
		...twoHourRun(name, 'UTC', false),
		versions: chained
			? [{ ...V100, events: ['newContact'], after: { ...V020, polls: SAVED_POLLS } }]
			: [{ ...V020, events: ['newContact'] }],
		orders: ['newest', 'unordered'],
		polls: chained ? SAVED_POLLS + 4 : SAVED_POLLS,
		contacts: () => {
			const ahead = Array.from({ length: count }, (_, i) => ({
				at: importAt + i * SECOND,
				createdMs: importAt + aheadHours * HOUR + i * SECOND,
			}));
			const base = savedRunContacts();
			const lastId = Math.max(...base.map((c) => c.id!));
			return [...base, ...ahead.map((c, i) => ({ ...c, id: lastId + 1 + i }))];
		},
		// The update is the first poll of the new code (n8n runs it when it starts again).
		owedFrom: (saved) => Date.parse(saved.lastPollAt) + POLL_EVERY,
	};
}

/** 0 to 6 contacts in each 5 minutes of [from, to), spread at random. */
function fewAtATime(random: () => number, from: number, to: number): number[] {
	const times: number[] = [];
	for (let at = from; at < to; at += 5 * MINUTE) {
		const n = Math.floor(random() * 7);
		for (let i = 0; i < n; i++) times.push(at + Math.floor(random() * 5 * MINUTE));
	}
	return times;
}

/**
 * Issue 46's case: 0.2.0 polls New Contact every 5 minutes for 4 hours, 0 to 6 contacts
 * arriving between two polls (a day of them before the activation), on a service that writes
 * created_date without a zone in `timeZone`'s local time and counts its days there; then the
 * package is updated and the new code polls on for 4 hours, contacts arriving as before.
 */
function updateRun(name: string, timeZone: string): SavedRun {
	const activation = ACTIVATION;
	const polls = 48;
	const lastPoll = activation + polls * 5 * MINUTE;
	return {
		name,
		timeZone,
		zoneless: true,
		orders: ['newest', 'oldest', 'unordered'],
		versions: [{ ...V020, events: ['newContact'] }],
		activation,
		pollEvery: 5 * MINUTE,
		polls,
		maxPerPoll: 100,
		contacts: () => {
			const random = seededRandom(46);
			const before = arrivals(random, activation - DAY, activation, 800);
			const during = fewAtATime(random, activation + 1, lastPoll);
			return withEnrichment(random, [...before, ...during], 1);
		},
		later: (from, lastId) =>
			withEnrichment(
				seededRandom(47),
				fewAtATime(seededRandom(48), from + 1, from + 4 * HOUR),
				lastId + 1,
			),
		pollsFor: 4 * HOUR,
		owedFrom: fromActivation,
	};
}

export const SAVED_RUNS: SavedRun[] = [
	twoHourRun('', 'UTC', false),
	twoHourRun('tokyo', 'Asia/Tokyo', true),
	twoHourRun('losAngeles', 'America/Los_Angeles', true),
	...[1, 2, 3, 4, 5].map((count) => runawayRun(count, false)),
	runawayRun(3, true),
	// 6 hours ahead: within the 14 hours a zone may be ahead, so the reads place the prior floor.
	runawayRun(3, false, 6),
	updateRun('update-plus2', 'Africa/Johannesburg'),
	updateRun('update-plus530', 'Asia/Kolkata'),
	updateRun('update-plus9', 'Asia/Tokyo'),
];

export function runNamed(name: string | undefined): SavedRun {
	const run = SAVED_RUNS.find((r) => r.name === (name ?? ''));
	if (!run) throw new Error(`no saved run named '${name}'`);
	return run;
}

/** How the run's service writes created_date. */
export function createdDateOf(run: SavedRun): (ms: number) => string {
	return run.zoneless ? localWithoutZone(run.timeZone) : isoUtc;
}
