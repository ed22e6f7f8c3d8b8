import type { ReadPage } from '../../paging/pageReader';
import type { Contact } from '../../types';
import {
	CandidateCollector,
	idKey,
	reportKey,
	type Candidate,
	type CollectReport,
} from './candidates';
import { cutoffOf, DAY_MS, HOUR_MS, parseCreatedTime, windowDays, type Order } from './serviceTime';
import {
	MAX_LOGGED,
	MAX_STATE_BYTES,
	STATE_VERSION,
	type EnrichedBase,
	type EnrichedState,
	type EventState,
	type NewContactBase,
	type NewContactState,
	type Walk,
	stateBytes,
	toStored,
	utf8Bytes,
} from './storedState';

/**
 * The ledger: the one writer of each event's state (docs/trigger.md, "The ledger"). The readers
 * (the ordered read, the rolling check, the walk, the activation's sample) only read: they hand
 * over the pages they read and what they learned of the service (positions, order), and the
 * ledger decides what is emitted and what is stored. Its invariants, checked by the property
 * test (test/property):
 *
 * 1. The floor never passes n8n's clock less the overlap (a stored floor ahead of it moves back),
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

/** Contact Enriched: contacts created longer than this before a complete walk are never emitted. */
export const RETENTION_MS = 30 * DAY_MS;

/** Contact Enriched: the most ids kept after a complete walk; beyond it the floor rises. */
export const MAX_SEEN = 20_000;

/** What one poll decided: what to emit, the state to store, what to log. */
export interface Settled<S> extends CollectReport {
	emit: Contact[];
	state: S;
	/** The newest creation time of an id given up to the bound. */
	cut?: number;
	/** The stored floor that was ahead of n8n's clock less the overlap and moved back. */
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
 * A stored state as a poll starts from it: its floor at most n8n's clock less the overlap (a
 * state of 0.2.0 may hold one hours ahead). Moving it back may emit again contacts of the last
 * hour that were emitted and forgotten below the old floor: at most an hour's repeats instead of
 * skipping every contact until the clock gets there.
 */
export function opened<S extends EventState>(
	state: S,
	now: number,
): { state: S; rewound?: number } {
	const floor = Math.min(state.floor, now - OVERLAP_MS);
	return floor < state.floor ? { state: { ...state, floor }, rewound: state.floor } : { state };
}

/**
 * `seen` with the chosen ids, then the bound: the oldest ids go until the state fits (with room
 * for the logged ids), and the floor rises past the newest dropped, then past every id below it.
 */
function remember<S extends EventState>(state: S, chosen: Candidate[]): { state: S; cut?: number } {
	const seen = { ...state.seen };
	for (const c of chosen) seen[c.key] = c.created;
	let size = stateBytes(toStored({ ...state, seen }));
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

/** Ids to log once: the state keeps the last MAX_LOGGED; `fresh` are those to log now. */
export function logOnce<S extends EventState>(
	state: S,
	ids: string[],
): { state: S; fresh: string[] } {
	const known = new Set(state.logged);
	const fresh = [...new Set(ids)].filter((id) => !known.has(id));
	return { state: { ...state, logged: [...state.logged, ...fresh].slice(-MAX_LOGGED) }, fresh };
}

/** The candidates of pages under a state's rules; `emit` false records them instead. */
function collect(
	state: EventState,
	pages: ReadPage[],
	now: number,
	maxPerPoll: number,
	emit = true,
) {
	const cutoff = 'handledTo' in state ? state.cutoff : null;
	const collector = new CandidateCollector({
		now,
		emit,
		maxPerPoll,
		floor: state.floor,
		cutoff,
		seen: state.seen,
	});
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
	count?: number;
	pageSize?: number;
	now: number;
	horizon: number;
	/** "Emit Contacts From the Last N Days": N days back, and the walk the sample starts. */
	initialFloor?: number;
	walk?: Walk & { previous: number | null };
}): { state: NewContactState; unreadable: string[] } {
	const { now, initialFloor } = sample;
	const contacts = sample.pages.flatMap((p) => p.contacts);
	const unreadable: string[] = [];
	const times: number[] = [];
	for (const c of contacts) {
		const t = parseCreatedTime(c?.created_date);
		if (t === undefined || idKey(c?.id) === undefined) unreadable.push(reportKey(c));
		else if (t <= sample.horizon) times.push(t);
	}
	const cutoff = initialFloor === undefined ? cutoffOf(times) : null;
	// Contacts read above the cutoff (two dated hours ahead, say) were there too: recorded.
	const seen: Record<string, number> = {};
	for (const c of cutoff === null ? [] : contacts) {
		const t = parseCreatedTime(c?.created_date);
		const key = idKey(c?.id);
		if (t !== undefined && key !== undefined && t > cutoff!) seen[key] = t;
	}
	const handledTo = cutoff === null ? null : Math.min(cutoff, now);
	const base: NewContactBase = {
		version: STATE_VERSION,
		baseline: now,
		floor:
			cutoff !== null
				? nextFloor(-Infinity, handledTo, now)
				: (initialFloor ?? now - FIRST_RUN_LOOKBACK_MS),
		cutoff,
		handledTo,
		seen,
		logged: [],
		...(sample.pageSize === undefined ? {} : { pageSize: sample.pageSize }),
	};
	const state: NewContactState = sample.order
		? {
				...base,
				mode: 'ordered',
				order: sample.order,
				checkedTo: 0,
				...(sample.count === undefined ? {} : { count: sample.count }),
			}
		: { ...base, mode: 'walking', walk: sample.walk ?? null };
	return { state, unreadable };
}

/** Emits the oldest Max Contacts per Poll candidates, records them, moves the handled point and the floor. */
export function settleNewContact(
	state: NewContactState,
	read: NewContactReading,
	now: number,
	maxPerPoll: number,
): Settled<NewContactState> {
	const { chosen, emit, report } = collect(state, read.pages, now, maxPerPoll);
	let reach = read.reach;
	if (reach !== undefined && read.proved && report.backlog > 0 && chosen.length > 0)
		reach = Math.min(reach, chosen[chosen.length - 1].created);
	// While contacts wait, the handled point is where this read got to, even below where it was
	// (contacts dated ahead lifted it): the floor must not pass them.
	const waiting = read.proved && (report.backlog > 0 || read.pagesWaiting === true);
	let handledTo = state.handledTo;
	if (reach !== undefined)
		handledTo = handledTo === null || waiting ? reach : Math.max(handledTo, reach);
	const common = {
		version: state.version,
		baseline: state.baseline,
		floor: nextFloor(state.floor, handledTo, now),
		cutoff: state.cutoff,
		handledTo,
		seen: state.seen,
		logged: state.logged,
		...((read.pageSize ?? state.pageSize) ? { pageSize: read.pageSize ?? state.pageSize } : {}),
	};
	const next: NewContactState = { ...common, ...read.learned } as NewContactState;
	const kept = remember(next, chosen);
	return {
		...report,
		emit,
		state: kept.state,
		cut: kept.cut,
		pagesWaiting: read.pagesWaiting,
		inconsistent: read.inconsistent,
	};
}

// ---------------------------------------------------------------------------------------------
// Contact Enriched

/** A walk's window may take hours: it is made a day wider than since's. */
const ENRICHED_WALK_SPAN_MS = DAY_MS;

/** The walk that starts at `now`, for the enriched contacts updated since `since`. */
export function enrichedWalk(since: number, now: number): EnrichedState['walk'] {
	return {
		page: 1,
		days: windowDays(now + ENRICHED_WALK_SPAN_MS, since),
		startedAt: now,
		newest: null,
	};
}

/** What one Contact Enriched poll read, for the ledger. */
export interface EnrichedReading {
	pages: ReadPage[];
	/** Where the walk got to (its window and start stay). */
	walk: Partial<Walk>;
	/** The walk read its last page. */
	complete: boolean;
	/** The order the complete walk showed. */
	order?: Order | 'unordered';
	lastPage?: number;
	pageSize?: number;
	inconsistent?: string;
}

/** A first activation: N days back to emit, or the sample's cutoff before which all is recorded. */
export function activatedEnriched(
	now: number,
	since: number,
	sample?: { pages: ReadPage[]; horizon: number; pageSize?: number },
): EnrichedState {
	const base: EnrichedBase = {
		version: STATE_VERSION,
		baseline: now,
		since,
		floor: since,
		seen: {},
		logged: [],
		walk: enrichedWalk(since, now),
	};
	if (!sample) return { ...base, mode: 'walking' };
	const contacts = sample.pages.flatMap((p) => p.contacts);
	const times = contacts
		.map((c) => parseCreatedTime(c?.created_date))
		.filter((t): t is number => t !== undefined && t <= sample.horizon);
	const cutoff = cutoffOf(times);
	const pageSize = sample.pageSize === undefined ? {} : { pageSize: sample.pageSize };
	if (cutoff === null) return { ...base, ...pageSize, mode: 'walking' };
	// Contacts of the sample above the cutoff (dated ahead, say) were there too: recorded.
	const { chosen } = collect(
		{ ...base, floor: cutoff, mode: 'walking' },
		sample.pages,
		now,
		1,
		false,
	);
	return remember<EnrichedState>({ ...base, ...pageSize, mode: 'first', cutoff }, chosen).state;
}

/** The floor that leaves at most `max` ids: one past the (max + 1)-th newest. */
function capFloor(seen: Record<string, number>, max: number): number {
	const times = Object.values(seen);
	if (times.length <= max) return -Infinity;
	times.sort((a, b) => b - a);
	return times[max] + 1;
}

/**
 * Emits what the walk and the new end found, records what the first walk finds created at or
 * before the cutoff, and after a complete walk that leaves nothing waiting starts the next from
 * this one's start (docs/trigger.md, "Contact Enriched").
 */
export function settleEnriched(
	state: EnrichedState,
	read: EnrichedReading,
	now: number,
	maxPerPoll: number,
): Settled<EnrichedState> {
	const cutoff = state.mode === 'first' ? state.cutoff : undefined;
	const recorded = (c: Contact) => {
		const t = parseCreatedTime(c?.created_date);
		return cutoff !== undefined && t !== undefined && t <= cutoff;
	};
	const part = (keep: (c: Contact) => boolean) =>
		read.pages.map((p) => ({ ...p, contacts: p.contacts.filter(keep) }));
	const { chosen, emit, report } = collect(
		state,
		part((c) => !recorded(c)),
		now,
		maxPerPoll,
	);
	const records = collect(state, part(recorded), now, maxPerPoll, false).chosen;
	let next: EnrichedState = { ...state, walk: { ...state.walk, ...read.walk } };
	if (read.pageSize !== undefined) next.pageSize = read.pageSize;
	if (next.mode === 'newEnd' && read.lastPage !== undefined) next.lastPage = read.lastPage;
	if (read.complete && report.backlog === 0 && !read.inconsistent) {
		// Every contact enriched before this walk started has been read: the next starts there.
		const since = state.walk.startedAt;
		const floor = Math.max(
			state.floor,
			now - RETENTION_MS,
			capFloor({ ...state.seen, ...keys([...chosen, ...records]) }, MAX_SEEN),
		);
		const common = { ...next, since, floor, walk: enrichedWalk(since, now) };
		const order = read.order === 'newest' || read.order === 'oldest' ? read.order : undefined;
		const { cutoff: _, ...rest } = common as EnrichedState & { cutoff?: number };
		next = order
			? { ...rest, mode: 'newEnd', order, ...(read.lastPage ? { lastPage: read.lastPage } : {}) }
			: { ...rest, mode: 'walking' };
	} else if (read.inconsistent) {
		next = { ...next, walk: enrichedWalk(next.since, now) };
	}
	const kept = remember(next, [...chosen, ...records]);
	return { ...report, emit, state: kept.state, cut: kept.cut, inconsistent: read.inconsistent };
}

function keys(chosen: Candidate[]): Record<string, number> {
	return Object.fromEntries(chosen.map((c) => [c.key, c.created]));
}
