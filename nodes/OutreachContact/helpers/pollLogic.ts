/**
 * What the "New Contact" trigger emits, and the state it keeps. Pure: no requests, no clock,
 * no n8n. The node fetches every page of the window this plans, feeds the contacts to a
 * collector, and stores the state `finishPoll` returns only when every request succeeded.
 *
 * How a poll works
 * 1. `planPoll(state, now, settings)` gives the floor (contacts created earlier are never
 *    emitted) and the search window W (`created_timestamp` `Less than` W, see `windowDays`).
 * 2. The node walks every page of that search. `PollCollector.add` keeps the candidates:
 *    contacts created at or after the floor that are not in `seen`, each once (by id).
 * 3. `finishPoll` sorts the candidates by (creation time, id), emits the oldest `maxPerPoll`,
 *    records them in `seen`, moves the watermark and the floor, and prunes `seen`.
 *
 * Why nothing is missed or repeated
 * - Every contact created at or after the floor is inside the window (`windowDays`), and every
 *   page of the window is read, so each poll sees every visible candidate.
 * - A candidate is emitted only if its id is not in `seen`. An emitted contact stays in `seen`
 *   until it is older than the floor, and from then on the floor excludes it.
 * - Candidates that do not fit in `maxPerPoll` are all newer than (or as new as, with a larger
 *   id) the last one emitted, so they stay at or after the floor and come in the next polls,
 *   oldest first. Nothing is stored for them: the next poll finds them again.
 * - The floor trails the watermark by `OVERLAP_MS`: a contact that becomes visible in the
 *   search a little after newer ones were emitted (the service's indexing or queueing delay,
 *   clock differences) is still emitted, once, as long as it was created less than the
 *   overlap before the newest emitted contact. A contact that shows up later than that is
 *   not emitted; this is the one assumption about the service.
 *
 * The bound on the state
 * `seen` only holds contacts created in [floor, watermark], and floor >= watermark - OVERLAP_MS.
 * So its size is at most the number of contacts (matching the filters) created within one
 * overlap (1 hour) before the newest emitted contact: it depends on the rate of new contacts,
 * never on the size of the account. The rest of the state is three numbers.
 *
 * Order
 * Each poll emits oldest first, and a later poll only emits contacts at least as new as the
 * last one emitted, with two exceptions that are still emitted exactly once: a contact that
 * becomes visible late (above), and, when the service lists results in neither newest- nor
 * oldest-first order, a contact created while a poll was paging, which can land on a page
 * already read and so come one poll after a newer one.
 *
 * Times are read from the service's `created_date` (see `parseCreatedTime`); the floor and the
 * watermark are on the service's timestamps, so a constant offset in how the service writes
 * them (for example local time without a zone) shifts everything alike and loses nothing, as
 * long as it stays within the window's spare day (about 23 hours, see `windowDays`).
 */

import type { Contact, SearchCondition } from '../types';
import type { PollState } from './pollState';
import { STATE_VERSION } from './pollState';
import { DAY_MS, HOUR_MS, parseCreatedTime, windowDays } from './pollTime';

/** How far the floor trails the watermark (see the notes above). */
export const OVERLAP_MS = HOUR_MS;

/**
 * At the first activation (without "Emit Contacts From the Last N Days on Activation"), the
 * contacts created within this period are recorded as already present, so that none of them is
 * emitted later even if n8n's clock and the service's timestamps disagree by hours.
 */
export const FIRST_RUN_LOOKBACK_MS = DAY_MS;

/**
 * A contact dated more than this after n8n's clock is left for later: it is neither emitted
 * nor recorded until n8n's clock is within this distance of its time. Without this, one
 * contact with a wrong date far in the future would move the floor past every real contact.
 */
export const FUTURE_TOLERANCE_MS = DAY_MS;

/**
 * The window is computed for this long after the poll starts: the service's "today" may move
 * on while the pages are read (a walk takes seconds to minutes), and the window must still
 * reach the floor then.
 */
export const WALK_ALLOWANCE_MS = HOUR_MS;

export const DEFAULT_MAX_PER_POLL = 100;

export const DEFAULT_INITIAL_DAYS = 0;

export interface PollSettings {
	/** At most this many contacts per poll; the rest come in the next polls, oldest first. */
	maxPerPoll: number;
	/** At the first activation, emit the contacts of the last N days (0: emit nothing). */
	initialDays: number;
}

/** Settings from the node's `options` collection, with defaults for missing or invalid values. */
export function pollSettings(options: { maxPerPoll?: unknown; initialDays?: unknown }): PollSettings {
	const max = Number(options.maxPerPoll);
	const days = Number(options.initialDays);
	return {
		maxPerPoll: Number.isFinite(max) && max >= 1 ? Math.floor(max) : DEFAULT_MAX_PER_POLL,
		initialDays: Number.isFinite(days) && days > 0 ? days : DEFAULT_INITIAL_DAYS,
	};
}

export interface PollPlan {
	/** n8n's clock when the poll started (epoch ms). */
	now: number;
	firstRun: boolean;
	/**
	 * false only at a first activation without initial days: the candidates are recorded as
	 * already present instead of being emitted.
	 */
	emit: boolean;
	floor: number;
	/** The `created_timestamp` `Less than` value of the search. */
	windowDays: number;
	maxPerPoll: number;
	previous?: PollState;
}

export function planPoll(previous: PollState | undefined, now: number, settings: PollSettings): PollPlan {
	if (previous) {
		return {
			now,
			firstRun: false,
			emit: true,
			floor: previous.floor,
			windowDays: windowDays(now + WALK_ALLOWANCE_MS, previous.floor),
			maxPerPoll: settings.maxPerPoll,
			previous,
		};
	}
	const initialMs = settings.initialDays * DAY_MS;
	const floor = now - (initialMs > 0 ? initialMs : FIRST_RUN_LOOKBACK_MS);
	return {
		now,
		firstRun: true,
		emit: initialMs > 0,
		floor,
		windowDays: windowDays(now + WALK_ALLOWANCE_MS, floor),
		maxPerPoll: settings.maxPerPoll,
	};
}

/** The search conditions of a window: created fewer than `days` days ago, optionally in one sequence. */
export function searchConditions(days: number, sequenceId?: number): SearchCondition[] {
	const conditions: SearchCondition[] = [
		{ property: 'created_timestamp', condition: 'Less than', value: days },
	];
	if (sequenceId !== undefined) {
		conditions.push({ property: 'sequence__id', condition: 'Is', value: sequenceId });
	}
	return conditions;
}

interface Candidate {
	key: string;
	id: unknown;
	created: number;
	/** Kept only when the candidate may be emitted (not when it is only recorded). */
	contact?: Contact;
}

/** Orders by creation time, then by id (numerically when both are numbers). */
function compareCandidates(a: { created: number; id: unknown }, b: { created: number; id: unknown }): number {
	if (a.created !== b.created) return a.created - b.created;
	if (typeof a.id === 'number' && typeof b.id === 'number') return a.id - b.id;
	const x = String(a.id);
	const y = String(b.id);
	return x < y ? -1 : x > y ? 1 : 0;
}

function idKey(id: unknown): string | undefined {
	if (typeof id === 'number' && Number.isFinite(id)) return String(id);
	if (typeof id === 'string' && id.trim() !== '') return id.trim();
	return undefined;
}

/**
 * Collects the candidates of one poll from the pages of the search, in any order and with
 * duplicates. In emit mode it keeps the contacts of the oldest `maxPerPoll` candidates only
 * (memory stays O(maxPerPoll) whatever the window holds); the result is the same as keeping all.
 * When only recording (first activation), it keeps ids and times, not the contacts.
 */
export class PollCollector {
	private readonly candidates = new Map<string, Candidate>();

	/** Every distinct candidate id, kept or not (for the backlog count). */
	private readonly candidateKeys = new Set<string>();

	/** Ids (or positions) of contacts without a readable id or creation time. */
	readonly unreadable = new Set<string>();

	/** Ids of contacts dated more than FUTURE_TOLERANCE_MS after n8n's clock. */
	readonly deferred = new Set<string>();

	/** Contacts received, duplicates included. */
	received = 0;

	private readonly seen: Record<string, number>;

	constructor(private readonly plan: PollPlan) {
		this.seen = plan.previous?.seen ?? {};
	}

	add(contacts: Contact[]): void {
		for (const contact of contacts) {
			this.received++;
			const key = idKey(contact?.id);
			const created = parseCreatedTime(contact?.created_date);
			if (key === undefined || created === undefined) {
				this.unreadable.add(key ?? `(no id, created_date ${JSON.stringify(contact?.created_date)})`);
				continue;
			}
			if (created > this.plan.now + FUTURE_TOLERANCE_MS) {
				this.deferred.add(key);
				continue;
			}
			if (created < this.plan.floor || Object.prototype.hasOwnProperty.call(this.seen, key)) continue;
			this.candidateKeys.add(key);
			if (!this.candidates.has(key)) {
				this.candidates.set(key, { key, id: contact.id, created, contact: this.plan.emit ? contact : undefined });
			}
		}
		if (this.plan.emit && this.candidates.size > 2 * this.plan.maxPerPoll + 100) this.trim();
	}

	/**
	 * Drops all but the oldest `maxPerPoll`. A dropped contact met again on a later page is
	 * added and dropped again: the oldest `maxPerPoll` of a set only get older as it grows.
	 */
	private trim(): void {
		const keep = [...this.candidates.values()].sort(compareCandidates).slice(0, this.plan.maxPerPoll);
		this.candidates.clear();
		for (const c of keep) this.candidates.set(c.key, c);
	}

	/** The kept candidates, oldest first. */
	sorted(): Candidate[] {
		return [...this.candidates.values()].sort(compareCandidates);
	}

	get candidateCount(): number {
		return this.candidateKeys.size;
	}
}

export interface PollOutcome {
	/** The contacts to emit, oldest first. */
	emit: Contact[];
	/** The state to store. */
	state: PollState;
	/** Contacts recorded as already present (first activation), not emitted. */
	recorded: number;
	/** Candidates left for the next polls because of `maxPerPoll`. */
	backlog: number;
	unreadable: string[];
	deferred: string[];
}

export function finishPoll(plan: PollPlan, collector: PollCollector): PollOutcome {
	const sorted = collector.sorted();
	const chosen = plan.emit ? sorted.slice(0, plan.maxPerPoll) : sorted;

	const seen: Record<string, number> = { ...(plan.previous?.seen ?? {}) };
	let watermark = plan.previous?.watermark ?? null;
	for (const c of chosen) {
		seen[c.key] = c.created;
		if (watermark === null || c.created > watermark) watermark = c.created;
	}
	const floor = watermark === null ? plan.floor : Math.max(plan.floor, watermark - OVERLAP_MS);
	for (const [key, created] of Object.entries(seen)) {
		if (created < floor) delete seen[key];
	}

	return {
		emit: plan.emit ? chosen.map((c) => c.contact as Contact) : [],
		state: {
			version: STATE_VERSION,
			baseline: plan.previous?.baseline ?? plan.now,
			floor,
			watermark,
			seen,
		},
		recorded: plan.emit ? 0 : chosen.length,
		backlog: plan.emit ? collector.candidateCount - chosen.length : 0,
		unreadable: [...collector.unreadable],
		deferred: [...collector.deferred],
	};
}

/** One whole poll over contacts already fetched: plan, collect, finish. */
export function runPoll(
	previous: PollState | undefined,
	now: number,
	settings: PollSettings,
	pages: Contact[][],
): PollOutcome & { plan: PollPlan } {
	const plan = planPoll(previous, now, settings);
	const collector = new PollCollector(plan);
	for (const page of pages) collector.add(page);
	return { ...finishPoll(plan, collector), plan };
}

/**
 * The newest contact (by creation time, then id) for "Fetch Test Event". Contacts dated more
 * than FUTURE_TOLERANCE_MS ahead are passed over like in polls; when no contact has a readable
 * time, the first one returned is taken, so that the test event still shows the shape.
 */
export function newestContact(contacts: Contact[], now: number): Contact | undefined {
	let best: { created: number; id: unknown; contact: Contact } | undefined;
	for (const contact of contacts) {
		const created = parseCreatedTime(contact?.created_date);
		if (created === undefined || created > now + FUTURE_TOLERANCE_MS) continue;
		const entry = { created, id: contact.id, contact };
		if (!best || compareCandidates(entry, best) > 0) best = entry;
	}
	return best?.contact ?? contacts[0];
}

/** Windows tried in turn by "Fetch Test Event" until one holds a contact (`Less than` values). */
export const TEST_EVENT_WINDOWS = [2, 8, 31, 366];

/** A sequence id from the filter: a positive whole number, or undefined when none is set. */
export function parseSequenceId(raw: unknown): { id?: number; error?: string } {
	let value = raw;
	if (value && typeof value === 'object' && 'value' in (value as Record<string, unknown>)) {
		value = (value as Record<string, unknown>).value; // resource locator
	}
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return {};
	const n = typeof value === 'string' ? Number(value.trim()) : value;
	if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) {
		return { error: `The sequence filter must be the ID of a sequence (a positive whole number), got "${String(value)}"` };
	}
	return { id: n };
}
