/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not shipped: it reads and writes the saved states with fs from __dirname */
/**
 * The saved trigger states of test/compat/triggerStates/: what each file holds, the fixed run
 * that produced it (produce.ts, run against an older version's built trigger), and how the
 * test (../triggerStates.test.ts) goes on from it. README.md in this folder says how to
 * reproduce the files.
 *
 * The run: an account with three days of contacts (150 a day) is activated on a Monday at
 * 09:00 UTC and polled every 10 minutes for two hours (Max Contacts per Poll 25) while contacts
 * keep arriving (360 a day) and an import of 60 lands at 10:45, so that the last polls leave
 * some contacts waiting. About 60% of the contacts are enriched 2 to 30 minutes after their
 * creation (a contact created before the activation whose enrichment would come after it is
 * never enriched, so that which contacts Contact Enriched owes is plain).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IDataObject } from 'n8n-workflow';

import type { NewContact } from '../../../harness/simulatedService/contacts';
import type { TriggerEvent } from '../../../harness/simulatedService/triggerSimulation';
import { seededRandom } from '../../../harness/testClock';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The first activation of every saved run: Monday 2026-11-23 09:00 UTC. */
export const ACTIVATION = Date.UTC(2026, 10, 23, 9, 0, 0);

/** Polls after the activation, 10 minutes apart: the last is at 11:00. */
export const POLL_EVERY = 10 * MINUTE;
export const SAVED_POLLS = 12;
export const LAST_SAVED_POLL = ACTIVATION + SAVED_POLLS * POLL_EVERY;

/** The node's name and parameters in every saved run (and in the test that goes on). */
export const NODE_NAME = 'Outreach Contact Trigger';
export const MAX_PER_POLL = 25;

export type SavedOrder = 'newest' | 'oldest' | 'unordered';

/** The versions whose states are saved, each with the commit its trigger was built from. */
export const SAVED_VERSIONS = [
	{ version: '0.1.0', commit: '1d1e75f', events: ['newContact'] as TriggerEvent[] },
	{
		version: '0.2.0',
		commit: '46e0b39',
		events: ['newContact', 'contactEnriched'] as TriggerEvent[],
	},
	{
		version: '1.0.0',
		commit: '570f513',
		events: ['newContact', 'contactEnriched'] as TriggerEvent[],
	},
	{
		version: 'd940cb5',
		commit: 'd940cb5',
		events: ['newContact', 'contactEnriched'] as TriggerEvent[],
	},
] as const;

export const SAVED_ORDERS: SavedOrder[] = ['newest', 'unordered'];

/** A contact of the saved run, as the service held it (times in ISO 8601, UTC). */
export interface SavedContact {
	id: number;
	createdAt: string;
	/** When its enrichment is written (it may be after the last saved poll); null: never. */
	enrichedAt: string | null;
}

export interface SavedPoll {
	at: string;
	requests: number;
	emitted: number;
	error?: string;
}

/** One file of test/compat/triggerStates/. */
export interface SavedTriggerState {
	/** The package version (or the commit, for an unreleased one) whose trigger wrote the state. */
	version: string;
	commit: string;
	event: TriggerEvent;
	order: SavedOrder;
	/** The run (runs.ts) that produced it: '' for the two-hour run in UTC above. */
	run?: string;
	/** The versions that polled, in turn, when more than one did (an update during the run). */
	chain?: string[];
	/** When and how the file was produced. */
	producedOn: string;
	producedBy: string;
	nodeName: string;
	parameters: IDataObject;
	activationAt: string;
	lastPollAt: string;
	/**
	 * The workflow's static data as n8n last wrote it to the database after a poll that changed
	 * it (JSON of the object the poll changed; n8n's `__dataChanged` flag is not enumerable, so
	 * not in it): the state is under `node:<node name>`.
	 */
	staticData: IDataObject;
	/** Every contact that existed at the last poll (its enrichment may come later). */
	contacts: SavedContact[];
	/** The ids the old trigger emitted, in the order it emitted them. */
	emitted: number[];
	polls: SavedPoll[];
}

/** The parameters of the trigger node in a saved run. */
export function savedParameters(event: TriggerEvent): IDataObject {
	return {
		event,
		filters: {},
		simplify: true,
		options: { maxPerPoll: MAX_PER_POLL },
	};
}

/**
 * Contacts arriving in [from, to) at `perDay` a day, spread at random, plus `extra`; each
 * enriched 2 to 30 minutes after its creation with a chance of 60%.
 */
export function arrivals(random: () => number, from: number, to: number, perDay: number): number[] {
	const count = Math.round(((to - from) / DAY) * perDay);
	return Array.from({ length: count }, () => from + Math.floor(random() * (to - from)));
}

export function withEnrichment(
	random: () => number,
	times: number[],
	firstId: number,
): NewContact[] {
	return times
		.sort((a, b) => a - b)
		.map((at, i) => {
			const enriched = random() < 0.6;
			const delay = 2 * MINUTE + Math.floor(random() * 28 * MINUTE);
			return { at, id: firstId + i, enrichAt: enriched ? at + delay : undefined };
		});
}

/** The contacts of the saved run (ids in order of creation), fixed by seed 33. */
export function savedRunContacts(): NewContact[] {
	const random = seededRandom(33);
	const before = arrivals(random, ACTIVATION - 3 * DAY, ACTIVATION, 150);
	const during = arrivals(random, ACTIVATION + 1, LAST_SAVED_POLL, 360);
	const importAt = ACTIVATION + 105 * MINUTE;
	const imported = Array.from({ length: 60 }, (_, i) => importAt + i * 500);
	const contacts = withEnrichment(random, [...before, ...during, ...imported], 1);
	return contacts.map((contact) =>
		contact.at <= ACTIVATION && (contact.enrichAt ?? 0) >= ACTIVATION
			? { at: contact.at, id: contact.id }
			: contact,
	);
}

/** Contacts arriving after the saved run, for the code that goes on: ids after `lastId`. */
export function laterContacts(from: number, to: number, lastId: number): NewContact[] {
	const random = seededRandom(34);
	return withEnrichment(random, arrivals(random, from + 1, to, 360), lastId + 1);
}

export function toSaved(contact: NewContact): SavedContact {
	return {
		id: contact.id!,
		createdAt: new Date(contact.createdMs ?? contact.at).toISOString(),
		enrichedAt: contact.enrichAt === undefined ? null : new Date(contact.enrichAt).toISOString(),
	};
}

export function fromSaved(contact: SavedContact): NewContact {
	const at = Date.parse(contact.createdAt);
	return {
		at,
		id: contact.id,
		enrichAt: contact.enrichedAt === null ? undefined : Date.parse(contact.enrichedAt),
	};
}

export const STATES_DIR = __dirname;

export function stateFileName(
	version: string,
	event: TriggerEvent,
	order: SavedOrder,
	run = '',
): string {
	return `${version}-${event}-${order}${run === '' ? '' : `-${run}`}.json`;
}

/** Every saved state in this folder. */
export function savedStates(): SavedTriggerState[] {
	return readdirSync(STATES_DIR)
		.filter((name) => name.endsWith('.json'))
		.sort()
		.map((name) => JSON.parse(readFileSync(join(STATES_DIR, name), 'utf8')) as SavedTriggerState);
}
