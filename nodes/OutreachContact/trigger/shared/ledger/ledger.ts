import type { ReadPage } from '../../../paging/pageReader';
import type { Contact } from '../../../types';
import {
	collectorFor,
	cutoffIn,
	type Candidate,
	type CollectReport,
	type PollRules,
} from './candidates';
import { DAY_MS, HOUR_MS } from '../serviceTime';
import { MAX_LOGGED, MAX_STATE_BYTES, type EventState, utf8Bytes } from './shapes';
import { storedBytes } from './stored';
import type { Placed } from './priorFloor';

/**
 * The ledger: the one writer of each event's state (docs/trigger.md, "The ledger"). The readers
 * (the ordered read, the rolling check, the walk, the activation's sample) only read: they hand
 * over the pages they read and what they learned of the service (positions, order), and the
 * ledger decides what is emitted and what is stored. Its invariants, checked by the property
 * test (test/property):
 *
 * 1. The floor never passes n8n's clock less the overlap (New Contact's stored floor ahead of the
 *    clock moves back; n8n's clock stepping back by less than the overlap leaves it at most that
 *    far past; the bound of invariant 4 may take it past the dates of the ids it drops, dated
 *    ahead without a zone east of UTC, and the eligible events keep it there: invariant 2),
 *    nor a contact known to wait: while contacts wait (Max Contacts per Poll, pages not read yet)
 *    the handled point is where the read got to, and never past the last emitted. With dates
 *    without a zone west of UTC, nor the service's present less the overlap (zoneLag.ts).
 *    Reading by the order, nor where the rolling check's last complete round began (the
 *    service's present then), less the overlap: a contact searchable late (within the overlap)
 *    is checked for before the floor passes it. With N days in an order, while contacts of the
 *    activation's sample wait (`sampleWaiting`) and at the poll that finds the order broken, it
 *    stays at the polls where `seen` holds fewer than SAMPLE_HOLD_IDS ids (witnesses.ts,
 *    sampleHoldsFloor).
 * 2. A contact is emitted at most once: its id stays in `seen` until the floor passes its
 *    creation time, and from then on the floor keeps it out.
 * 3. A contact is emitted only as its event allows: created at or after the floor, after the
 *    activation's cutoff (or within Emit Contacts From the Last N Days), and wanted by the event.
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
	/** The floor retention moved to after a walk that outlasted its window (eligible.ts). */
	givenUp?: number;
	/** The stored floor that was ahead of n8n's clock and moved back. */
	rewound?: number;
	/** A prior floor placed by this poll (priorFloor.ts). */
	placed?: Placed;
	/** New contacts wait beyond the pages read (a catch-up). */
	pagesWaiting?: boolean;
	inconsistent?: string;
}

/**
 * The floor after a poll: it trails the handled point by the overlap, never past `present` (n8n's
 * clock, or behind it: zoneLag.ts) less it, nor past `checkedFrom` less it (ordered reads: where the rolling check's last complete
 * round began, on the service's dates whatever its zone, so that a contact searchable late is met
 * by the check before the floor passes it).
 */
export function nextFloor(
	floor: number,
	handledTo: number | null,
	present: number,
	checkedFrom = Infinity,
): number {
	if (handledTo === null) return floor;
	return Math.max(floor, Math.min(handledTo, present, checkedFrom) - OVERLAP_MS);
}

/**
 * `seen` with the chosen ids, then the bound: the oldest ids go until the state fits (with space
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
 * Enriched's and Snippets Ready's first walk records what its cutoff keeps out (eligible.ts): no cutoff here.
 */
export function collect(state: EventState, pages: ReadPage[], rules: PollRules, emit = true) {
	const cutoff = 'handledTo' in state ? cutoffIn(state) : null;
	const collector = collectorFor(state, rules, emit, cutoff);
	for (const page of pages) collector.add(page.contacts);
	return collector.choose();
}
