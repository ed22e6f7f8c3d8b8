import type { Order } from './serviceTime';

/**
 * The shapes of each event's state (docs/trigger.md, "The ledger"), one per mode, and how they
 * are stored in the node's static data. The stored JSON keeps the field names of version 2, which
 * saved workflows hold and 1.0.0 reads: a user who goes back to 1.0.0 keeps the state.
 */

/** The most bytes one event's state takes in the static data, as JSON in UTF-8. */
export const MAX_STATE_BYTES = 512 * 1024;

/** The longest contact id the trigger keeps; a longer one is logged once and not emitted. */
export const MAX_ID_LENGTH = 64;

/** The most ids kept as logged once (the oldest go first). */
export const MAX_LOGGED = 50;

export const NEW_CONTACT_KEY = 'outreachContactPoll';
export const ENRICHED_KEY = 'outreachContactEnrichedPoll';

/** The bytes of a text in UTF-8 (how n8n stores the static data), counted without a Buffer. */
export function utf8Bytes(text: string): number {
	let bytes = 0;
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		if (code < 0x80) bytes += 1;
		else if (code < 0x800) bytes += 2;
		else if (code >= 0xd800 && code <= 0xdbff) {
			bytes += 4; // a surrogate pair: one character of four bytes
			i++;
		} else bytes += 3;
	}
	return bytes;
}

export const stateBytes = (state: unknown) => utf8Bytes(JSON.stringify(state));

/** The version this code writes and the versions it reads, for both events. */
export const STATE_VERSION = 2;

/** Where a walk of the whole window stands (shared/walk.ts). */
export interface Walk {
	/** The next page to read. */
	page: number;
	/** The window (`Less than` days) of the whole walk. */
	days: number;
	/** The newest creation time this walk read, dates far ahead left out. */
	newest: number | null;
	/** What the walk saw of the order so far: times rose, fell; the last one read. */
	rises?: boolean;
	falls?: boolean;
	last?: number;
	/** The last page it may read: pageAllowance() of what its first page announced. */
	limit?: number;
	/** Contacts created after this wait for a later walk (the walk's ceiling). */
	ceiling?: number;
}

/** A bisection for the boundary that ran out of budget, in pages from the new end. */
export interface Boundary {
	lo: number;
	hi: number;
	/** The count of results it was made at. */
	count: number;
}

/** What every event's state holds. */
interface LedgerState {
	version: typeof STATE_VERSION;
	/** When the trigger first polled for this event (n8n's clock). Informational. */
	baseline: number;
	/** Contacts created before it are never emitted (service timestamps). */
	floor: number;
	/** Ids emitted or recorded and created at or after the floor: id -> creation time. */
	seen: Record<string, number>;
	/** Ids logged as contacts the trigger cannot place, so that each is logged once. */
	logged: string[];
	/** The page size the service served. */
	pageSize?: number;
}

export interface NewContactBase extends LedgerState {
	/** Contacts created at or before it were there at the first activation. */
	cutoff: number | null;
	/** Every contact from the floor up to it was emitted or recorded without a gap. */
	handledTo: number | null;
}

/** New Contact reading by the service's order, or walking the whole window. */
export type NewContactState =
	| (NewContactBase & {
			mode: 'ordered';
			order: Order;
			/** The count of results at the last poll. */
			count?: number;
			/** Positions from the new end the rolling check has covered in this round. */
			checkedTo: number;
			boundary?: Boundary;
	  })
	| (NewContactBase & {
			mode: 'walking';
			/** Null: a walk starts at the next poll. */
			walk: (Walk & { previous: number | null; widened?: number }) | null;
	  });

export interface EnrichedBase extends LedgerState {
	/** The start of the last complete walk that left nothing waiting (n8n's clock). */
	since: number;
	walk: Walk & { startedAt: number };
}

/**
 * Contact Enriched: the first walk after the activation records what was there (created at or
 * before `cutoff`); then walks alone (no order), or walks and reads the new end (an order).
 */
export type EnrichedState =
	| (EnrichedBase & { mode: 'first'; cutoff: number })
	| (EnrichedBase & { mode: 'walking' })
	| (EnrichedBase & { mode: 'newEnd'; order: Order; lastPage?: number });

export type EventState = NewContactState | EnrichedState;

/** A stored state as read: the state, a problem that makes it unusable, or a newer version's. */
export interface StoredState<S> {
	state?: S;
	problem?: string;
	newer?: { stored: number; known: number };
}

type Json = Record<string, unknown>;

/**
 * The names version 2 stores fields under where the code's words differ (docs/trigger.md,
 * glossary): saved workflows hold them and 1.0.0 reads them, so they stay.
 */
const STORED = {
	handledTo: 'through',
	watermark: 'watermark',
	checkedTo: 'verified',
	count: 'total',
	boundary: 'bisect',
	widened: 'span',
	logged: 'reported',
	enrichedFloor: 'createdFloor',
	enrichedCutoff: 'recordUntil',
} as const;

const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const count = (v: unknown, min = 0) => (isTime(v) && v >= min ? Math.floor(v) : undefined);
const order = (v: unknown) => (v === 'newest' || v === 'oldest' ? v : undefined);

/** The common part of a stored state, or the problem with it. */
function readBase(
	raw: unknown,
	floorKey: string,
): { json?: Json; base?: LedgerState; problem?: string; newer?: StoredState<never>['newer'] } {
	if (raw === undefined || raw === null) return {};
	if (typeof raw !== 'object' || Array.isArray(raw))
		return { problem: 'the stored state is not an object' };
	const json = raw as Json;
	if (typeof json.version === 'number' && json.version > STATE_VERSION) {
		// A newer package wrote it (the user went back a version): the poll stops (pollRunner.ts).
		return { newer: { stored: json.version, known: STATE_VERSION } };
	}
	if (json.version !== 1 && json.version !== STATE_VERSION)
		return { problem: `the stored state has version ${String(json.version)}, expected 1 or 2` };
	if (!isTime(json.baseline) || !isTime(json[floorKey]))
		return { problem: 'the stored state has invalid times' };
	const seen = json.seen;
	if (!seen || typeof seen !== 'object' || Array.isArray(seen))
		return { problem: 'the stored state has no list of seen contacts' };
	const ids: Record<string, number> = {};
	for (const [id, created] of Object.entries(seen as Json)) {
		if (!isTime(created))
			return { problem: `the stored state has an invalid time for contact ${id}` };
		ids[id] = created;
	}
	const stored = json[STORED.logged];
	const logged = Array.isArray(stored)
		? stored
				.filter((id): id is string => typeof id === 'string' && id.length <= MAX_ID_LENGTH + 80)
				.slice(-MAX_LOGGED)
		: [];
	const base: LedgerState = {
		version: STATE_VERSION,
		baseline: json.baseline,
		floor: json[floorKey] as number,
		seen: ids,
		logged,
	};
	const pageSize = count(json.pageSize, 1);
	if (pageSize !== undefined) base.pageSize = pageSize;
	return { json, base };
}

/** A stored walk, or undefined when its page or window is not as written. */
function readWalk(raw: unknown): (Walk & { extra: Json }) | undefined {
	if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
	const w = raw as Json;
	if (!isTime(w.page) || w.page < 1 || !isTime(w.days)) return undefined;
	const walk: Walk & { extra: Json } = {
		page: Math.floor(w.page),
		days: w.days,
		newest: isTime(w.newest) ? w.newest : null,
		extra: w,
	};
	if (w.rises === true) walk.rises = true;
	if (w.falls === true) walk.falls = true;
	if (isTime(w.last)) walk.last = w.last;
	if (count(w.limit, 1) !== undefined) walk.limit = w.limit as number;
	if (isTime(w.ceiling)) walk.ceiling = w.ceiling;
	return walk;
}

const without = <T extends { extra: Json }>({ extra: _, ...rest }: T) => rest;

/** Reads a stored New Contact state; version 1 goes on with its watermark as the handled point. */
export function readNewContactState(raw: unknown): StoredState<NewContactState> {
	const { json, base, problem, newer } = readBase(raw, 'floor');
	if (!json || !base) return { problem, newer };
	const handledTo = json[json.version === 1 ? STORED.watermark : STORED.handledTo];
	const cutoff = json.version === 1 ? null : json.cutoff;
	if (!(handledTo === null || isTime(handledTo)) || !(cutoff === null || isTime(cutoff)))
		return { problem: 'the stored state has invalid times' };
	const common = { ...base, cutoff, handledTo };
	// Version 1 kept what it learned of the service in its walk.
	const learned = (json.version === 1 ? json.walk : json) as Json | undefined;
	const stored = json.version === 1 ? undefined : readWalk(json.walk);
	const byOrder = order(learned?.order);
	common.pageSize ??= count(learned?.pageSize, 1);
	if (byOrder && !stored) {
		const state: NewContactState = {
			...common,
			mode: 'ordered',
			order: byOrder,
			checkedTo: count(json[STORED.checkedTo]) ?? 0,
		};
		const total = count(learned?.[STORED.count]);
		if (total !== undefined) state.count = total;
		const b = json[STORED.boundary] as Json | undefined;
		const at = b?.[STORED.count];
		if (b && isTime(b.lo) && isTime(b.hi) && isTime(at) && b.lo >= 1 && b.hi >= b.lo)
			state.boundary = { lo: b.lo, hi: b.hi, count: at };
		return { state };
	}
	const widened = stored?.extra[STORED.widened];
	const walk = stored && {
		...without(stored),
		previous: isTime(stored.extra.previous) ? stored.extra.previous : null,
		...(isTime(widened) && widened > 1 ? { widened } : {}),
	};
	return { state: { ...common, mode: 'walking', walk: walk ?? null } };
}

/** Reads a stored Contact Enriched state; version 1 goes on with a new walk from its `since`. */
export function readEnrichedState(raw: unknown): StoredState<EnrichedState> {
	const { json, base, problem, newer } = readBase(raw, STORED.enrichedFloor);
	if (!json || !base) return { problem, newer };
	if (!isTime(json.since)) return { problem: 'the stored state has invalid times' };
	const stored = readWalk(json.walk);
	const walk =
		stored && isTime(stored.extra.startedAt)
			? { ...without(stored), startedAt: stored.extra.startedAt }
			: { page: 1, days: 0, newest: null, startedAt: json.since };
	const common = { ...base, since: json.since, walk };
	if (isTime(json.recordUntil))
		return { state: { ...common, mode: 'first', cutoff: json.recordUntil } };
	const byOrder = order(json.order);
	if (!byOrder) return { state: { ...common, mode: 'walking' } };
	const lastPage = count(json.lastPage, 1);
	return {
		state: { ...common, mode: 'newEnd', order: byOrder, ...(lastPage ? { lastPage } : {}) },
	};
}

/** A state as it is stored: the field names of version 2. */
export function toStored(state: EventState): Json {
	const { version, baseline, seen, pageSize } = state;
	const out: Json = { version, baseline };
	if ('handledTo' in state) {
		Object.assign(out, {
			floor: state.floor,
			cutoff: state.cutoff,
			[STORED.handledTo]: state.handledTo,
		});
		Object.assign(out, { seen, [STORED.logged]: state.logged });
		if (pageSize !== undefined) out.pageSize = pageSize;
		if (state.mode === 'ordered') {
			const { order, count, checkedTo, boundary } = state;
			Object.assign(out, { order, [STORED.checkedTo]: checkedTo });
			if (count !== undefined) out[STORED.count] = count;
			if (boundary)
				out[STORED.boundary] = { lo: boundary.lo, hi: boundary.hi, [STORED.count]: boundary.count };
		} else if (state.walk) {
			const { widened, ...walk } = state.walk;
			out.walk = widened === undefined ? walk : { ...walk, [STORED.widened]: widened };
		}
		return out;
	}
	Object.assign(out, { since: state.since, [STORED.enrichedFloor]: state.floor, seen });
	Object.assign(out, { [STORED.logged]: state.logged, walk: state.walk });
	if (pageSize !== undefined) out.pageSize = pageSize;
	if (state.mode === 'first') out[STORED.enrichedCutoff] = state.cutoff;
	if (state.mode === 'newEnd') {
		out.order = state.order;
		if (state.lastPage !== undefined) out.lastPage = state.lastPage;
	}
	return out;
}
