import type { ReadPage } from '../../../paging/pageReader';
import type { Contact } from '../../../types';
import { collectorFor, type Candidate, type CollectReport, type PollRules } from './candidates';
import { cutoffOf, DAY_MS, HOUR_MS, type Order, type TimeOf } from '../serviceTime';
import {
	MAX_LOGGED,
	MAX_STATE_BYTES,
	STATE_VERSION,
	type EventState,
	type NewContactBase,
	type NewContactState,
	type Walk,
	utf8Bytes,
} from './shapes';
import { storedBytes } from './stored';
import { sampleCutoff } from '../activationSample';

/**
 * The ledger: the one writer of each event's state (docs/trigger.md, "The ledger"). The readers
 * (the ordered read, the rolling check, the walk, the activation's sample) only read: they hand
 * over the pages they read and what they learned of the service (positions, order), and the
 * ledger decides what is emitted and what is stored. Its invariants, checked by the property
 * test (test/property):
 *
 * 1. The floor never passes n8n's clock less the overlap (a stored floor ahead of the clock moves
 *    back; n8n's clock stepping back by less than the overlap leaves it at most that far past),
 *    nor a contact known to wait: while contacts wait (Max Contacts per Poll, pages not read yet)
 *    the handled point is where the read got to.
 * 2. A contact is emitted at most once: its id stays in `seen` until the floor passes its
 *    creation time, and from then on the floor keeps it out.
 * 3. A contact is emitted only as its event allows: created at or after the floor, after the
 *    activation's cutoff.
 * 4. The state stays within MAX_STATE_BYTES: the oldest ids go first, the floor rises past them,
 *    and the log names the date given up to.
 */

/** How far the floor trails the handled point: a contact visible late still comes once. */
export const OVERLAP_MS = HOUR_MS;

/** A first activation on an account with no contact yet: this past period counts as new. */
export const FIRST_RUN_LOOKBACK_MS = DAY_MS;

/** Room kept for the ids logged after a poll: MAX_LOGGED of about 80 characters, 3 bytes each. */
const LOGGED_ROOM = MAX_LOGGED * 80 * 3;

/** What one poll decided: what to emit, the state to store, what to log. */
export interface Settled<S> extends CollectReport {
	emit: Contact[];
	state: S;
	/** The newest creation time of an id given up to the bound. */
	cut?: number;
	/** The stored floor that was ahead of n8n's clock and moved back. */
	rewound?: number;
	/** New contacts wait beyond the pages read (a catch-up). */
	pagesWaiting?: boolean;
	inconsistent?: string;
}

/** The floor after a poll: it trails the handled point by the overlap, never past n8n's clock less it. */
export function nextFloor(floor: number, handledTo: number | null, now: number): number {
	if (handledTo === null) return floor;
	return Math.max(floor, Math.min(handledTo, now) - OVERLAP_MS);
}

/**
 * A stored state as a poll starts from it. A floor ahead of n8n's clock (a state of 0.2.0 may
 * hold one hours ahead) moves back to the clock less the overlap: that may emit again contacts of
 * the last hour emitted and forgotten below the old floor, at most an hour's repeats instead of
 * skipping every contact until the clock gets there. A floor within the overlap of the clock stays:
 * only n8n's clock stepping back puts it there, and the contacts below it were handled.
 */
export function opened<S extends EventState>(
	state: S,
	now: number,
): { state: S; rewound?: number } {
	if (state.floor <= now) return { state };
	return { state: { ...state, floor: now - OVERLAP_MS }, rewound: state.floor };
}

/**
 * `seen` with the chosen ids, then the bound: the oldest ids go until the state fits (with room
 * for the logged ids), and the floor rises past the newest dropped, then past every id below it.
 */
export function remember<S extends EventState>(
	state: S,
	chosen: Candidate[],
): { state: S; cut?: number } {
	const seen = { ...state.seen };
	for (const c of chosen) seen[c.key] = c.created;
	let size = storedBytes({ ...state, seen });
	let cut: number | undefined;
	if (size > MAX_STATE_BYTES - LOGGED_ROOM) {
		for (const [id, created] of Object.entries(seen).sort((a, b) => a[1] - b[1])) {
			if (size <= MAX_STATE_BYTES - LOGGED_ROOM) break;
			size -= utf8Bytes(JSON.stringify(id)) + String(created).length + 2;
			delete seen[id];
			cut = created;
		}
	}
	const floor = cut === undefined ? state.floor : Math.max(state.floor, cut + 1);
	for (const [id, created] of Object.entries(seen)) if (created < floor) delete seen[id];
	return { state: { ...state, seen, floor }, cut };
}

/** The ids and creation times of candidates, as `seen` holds them. */
export function keys(chosen: Candidate[]): Record<string, number> {
	return Object.fromEntries(chosen.map((c) => [c.key, c.created]));
}

/** Ids to log once: the state keeps the last MAX_LOGGED; `fresh` are those to log now. */
export function logOnce<S extends EventState>(
	state: S,
	ids: string[],
): { state: S; fresh: string[] } {
	const known = new Set(state.logged);
	const fresh = [...new Set(ids)].filter((id) => !known.has(id));
	return { state: { ...state, logged: [...state.logged, ...fresh].slice(-MAX_LOGGED) }, fresh };
}

/**
 * The candidates of pages under a state's rules; `emit` false records them instead. Contact
 * Enriched's first walk records what its cutoff keeps out (enriched.ts): no cutoff here.
 */
export function collect(state: EventState, pages: ReadPage[], rules: PollRules, emit = true) {
	const cutoff = 'handledTo' in state ? state.cutoff : null;
	const collector = collectorFor(state, rules, emit, cutoff);
	for (const page of pages) collector.add(page.contacts);
	return collector.choose();
}

// ---------------------------------------------------------------------------------------------
// New Contact

/** What a New Contact read learned of the service: its mode's positions, to store as they are. */
export type NewContactLearned =
	| Pick<
			Extract<NewContactState, { mode: 'ordered' }>,
			'mode' | 'order' | 'count' | 'checkedTo' | 'boundary'
	  >
	| Pick<Extract<NewContactState, { mode: 'walking' }>, 'mode' | 'walk'>;

/** What one New Contact poll read, for the ledger. */
export interface NewContactReading {
	pages: ReadPage[];
	/** How far the pages reach without a gap (their third newest), when they prove it. */
	reach?: number;
	/** True when the pages join the handled contacts: what they leave waiting is newer. */
	proved: boolean;
	/** New contacts wait on pages this poll did not read. */
	pagesWaiting?: boolean;
	learned: NewContactLearned;
	pageSize?: number;
	inconsistent?: string;
}

/** The state after a first activation's sample (docs/trigger.md, "First activation"). */
export function activatedNewContact(sample: {
	pages: ReadPage[];
	order?: Order;
	/** Whether, without an order, the sample left pages of the window unread. */
	partial?: boolean;
	count?: number;
	pageSize?: number;
	now: number;
	time: TimeOf;
	/** "Emit Contacts From the Last N Days": N days back, and the walk that emits them after the sample's third newest. */
	initialFloor?: number;
	walk?: (previous: number | null) => Walk & { previous: number | null };
}): { state: NewContactState; unreadable: string[] } {
	const { now, initialFloor, pageSize, count, time } = sample;
	const blank: NewContactBase = {
		version: STATE_VERSION,
		baseline: now,
		floor: -Infinity,
		cutoff: null,
		handledTo: null,
		seen: {},
		logged: [],
	};
	const rules = { now, maxPerPoll: 1, time };
	const read = collect({ ...blank, mode: 'walking', walk: null }, sample.pages, rules, false);
	const times = read.chosen.map((c) => c.created);
	const top = cutoffOf(times);
	const cutoff =
		initialFloor === undefined ? sampleCutoff(times, sample, time, now - OVERLAP_MS) : null;
	const handledTo = cutoff === null ? null : Math.min(cutoff, now);
	const base: NewContactBase = {
		...blank,
		floor:
			cutoff !== null
				? nextFloor(-Infinity, handledTo, now)
				: (initialFloor ?? now - FIRST_RUN_LOOKBACK_MS),
		cutoff,
		handledTo,
		// Contacts read above the cutoff (two dated hours ahead, say) were there too: recorded.
		seen: cutoff === null ? {} : keys(read.chosen.filter((c) => c.created > cutoff)),
		...(pageSize === undefined ? {} : { pageSize }),
	};
	const state: NewContactState = sample.order
		? {
				...base,
				mode: 'ordered',
				order: sample.order,
				checkedTo: 0,
				...(count === undefined ? {} : { count }),
			}
		: { ...base, mode: 'walking', walk: sample.walk?.(top) ?? null };
	return { state, unreadable: read.report.unreadable };
}

/** Emits the oldest Max Contacts per Poll candidates, records them, moves the handled point and the floor. */
export function settleNewContact(
	state: NewContactState,
	read: NewContactReading,
	rules: PollRules,
): Settled<NewContactState> {
	const { now } = rules;
	const { chosen, emit, report } = collect(state, read.pages, rules);
	let reach = read.reach;
	if (reach !== undefined && read.proved && report.backlog > 0 && chosen.length > 0)
		reach = Math.min(reach, chosen[chosen.length - 1].created);
	// While contacts wait, the handled point is where this read got to, even below where it was
	// (contacts dated ahead lifted it): the floor must not pass them.
	const waiting = read.proved && (report.backlog > 0 || read.pagesWaiting === true);
	let handledTo = state.handledTo;
	if (reach !== undefined)
		handledTo = handledTo === null || waiting ? reach : Math.max(handledTo, reach);
	const { version, baseline, cutoff, seen, logged } = state;
	const pageSize = read.pageSize ?? state.pageSize;
	const floor = nextFloor(state.floor, handledTo, now);
	const next = { version, baseline, floor, cutoff, handledTo, seen, logged, ...read.learned };
	const kept = remember({ ...next, ...(pageSize ? { pageSize } : {}) } as NewContactState, chosen);
	return {
		...report,
		emit,
		...kept,
		pagesWaiting: read.pagesWaiting,
		inconsistent: read.inconsistent,
	};
}
