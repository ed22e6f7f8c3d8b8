import {
	count,
	isTime,
	MAX_ID_LENGTH,
	MAX_LOGGED,
	STATE_VERSION,
	type EligibleState,
	type EventState,
	type LedgerState,
	type NewContactBase,
	type NewContactState,
	type PriorFloor,
	stateBytes,
	type StoredState,
	type Walk,
} from './shapes';
import { readAnchored } from '../walkAnchor';
import { readSampling } from './sampling';
import { readZoneLag } from './zoneLag';

/**
 * Each event's state as n8n keeps it in the node's static data, under the field names of version
 * 2, which saved workflows hold and 1.0.0 reads (a user who goes back to 1.0.0 keeps the state):
 * STORED names those that differ from the code's words (docs/trigger.md, glossary).
 */
type Json = Record<string, unknown>;

const STORED = {
	handledTo: 'through',
	watermark: 'watermark',
	checkedTo: 'verified',
	count: 'total',
	boundary: 'bisect',
	widened: 'span',
	logged: 'reported',
	eligibleFloor: 'createdFloor',
	eligibleCutoff: 'recordUntil',
} as const;

/** Where the rolling check's rounds began (stored under their own names). */
const ROUND = ['roundFrom', 'checkedFrom'] as const;

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
	for (const flag of ['rises', 'falls', 'shrank'] as const) if (w[flag] === true) walk[flag] = true;
	if (count(w.total) !== undefined) walk.total = count(w.total);
	if (isTime(w.last)) walk.last = w.last;
	if (count(w.limit, 1) !== undefined) walk.limit = w.limit as number;
	if (isTime(w.ceiling)) walk.ceiling = w.ceiling;
	if (Array.isArray(w.tops)) walk.tops = w.tops.filter(isTime).slice(0, 3);
	return Object.assign(walk, readAnchored(w));
}

/** How many times wider than a poll's a walk's window was made (stored as `span`), when more than 1. */
function widenedOf(extra: Json): { widened?: number } {
	const widened = extra[STORED.widened];
	return isTime(widened) && widened > 1 ? { widened } : {};
}

/** A walk as stored: `widened` under its stored name. */
const storedWalk = ({ widened, ...walk }: Walk & { widened?: number }) =>
	widened === undefined ? walk : { ...walk, [STORED.widened]: widened };

const without = <T extends { extra: Json }>(walk: T): Omit<T, 'extra'> => {
	const copy: Partial<T> = { ...walk };
	delete copy.extra;
	return copy as Omit<T, 'extra'>;
};

/** A stored prior floor (priorFloor.ts), or undefined when it is not as written. */
function readPriorFloor(raw: unknown): PriorFloor | undefined {
	const json = raw as Json | undefined;
	if (!json || !isTime(json.at)) return undefined;
	return { at: json.at, recorded: count(json.recorded) ?? 0 };
}

/** Reads a stored New Contact state; version 1 goes on with its watermark as the handled point. */
export function readNewContactState(raw: unknown): StoredState<NewContactState> {
	const { json, base, problem, newer } = readBase(raw, 'floor');
	if (!json || !base) return { problem, newer };
	const handledTo = json[json.version === 1 ? STORED.watermark : STORED.handledTo];
	const cutoff = json.version === 1 ? null : json.cutoff;
	if (!(handledTo === null || isTime(handledTo)) || !(cutoff === null || isTime(cutoff)))
		return { problem: 'the stored state has invalid times' };
	const common: NewContactBase = { ...base, cutoff, handledTo };
	const lag = readZoneLag(json.zoneLag);
	if (lag) common.zoneLag = lag;
	const prior = readPriorFloor(json.priorFloor);
	if (prior) common.priorFloor = prior;
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
		for (const key of ROUND) if (isTime(json[key])) state[key] = json[key];
		const total = count(learned?.[STORED.count]);
		if (total !== undefined) state.count = total;
		const b = json[STORED.boundary] as Json | undefined;
		const at = b?.[STORED.count];
		if (b && isTime(b.lo) && isTime(b.hi) && isTime(at) && b.lo >= 1 && b.hi >= b.lo)
			state.boundary = { lo: b.lo, hi: b.hi, count: at };
		return { state };
	}

	const walk = stored && {
		...without(stored),
		previous: isTime(stored.extra.previous) ? stored.extra.previous : null,
		...widenedOf(stored.extra),
	};
	const sampling = readSampling(json.sampling);
	return { state: { ...common, mode: 'walking', walk: walk ?? null, ...sampling } };
}

/**
 * Reads a stored state of an eligible-contacts event (Contact Enriched, Contact Snippets Ready);
 * version 1 goes on with a new walk from its `since`.
 */
export function readEligibleState(raw: unknown): StoredState<EligibleState> {
	const { json, base, problem, newer } = readBase(raw, STORED.eligibleFloor);
	if (!json || !base) return { problem, newer };
	if (!isTime(json.since)) return { problem: 'the stored state has invalid times' };
	const stored = readWalk(json.walk);
	const walk =
		stored && isTime(stored.extra.startedAt)
			? {
					...without(stored),
					startedAt: stored.extra.startedAt,
					...(isTime(stored.extra.before) ? { before: stored.extra.before } : {}),
					...widenedOf(stored.extra),
				}
			: { page: 1, days: 0, newest: null, startedAt: json.since };
	const common = { ...base, since: json.since, walk };
	if (isTime(json.recordUntil))
		return {
			state: { ...common, mode: 'first', cutoff: json.recordUntil, ...readSampling(json.sampling) },
		};
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
	if ('sampling' in state && state.sampling) out.sampling = { ...state.sampling };
	if ('handledTo' in state) {
		Object.assign(out, {
			floor: state.floor,
			cutoff: state.cutoff,
			[STORED.handledTo]: state.handledTo,
		});
		Object.assign(out, { seen, [STORED.logged]: state.logged });
		if (pageSize !== undefined) out.pageSize = pageSize;
		if (state.zoneLag) out.zoneLag = { ...state.zoneLag };
		if (state.priorFloor) out.priorFloor = { ...state.priorFloor };
		if (state.mode === 'ordered') {
			const { order, count, checkedTo, boundary } = state;
			Object.assign(out, { order, [STORED.checkedTo]: checkedTo });
			for (const key of ROUND) if (state[key] !== undefined) out[key] = state[key];
			if (count !== undefined) out[STORED.count] = count;
			if (boundary)
				out[STORED.boundary] = { lo: boundary.lo, hi: boundary.hi, [STORED.count]: boundary.count };
		} else if (state.walk) {
			out.walk = storedWalk(state.walk);
		}
		return out;
	}
	Object.assign(out, { since: state.since, [STORED.eligibleFloor]: state.floor, seen });
	Object.assign(out, { [STORED.logged]: state.logged, walk: storedWalk(state.walk) });
	if (pageSize !== undefined) out.pageSize = pageSize;
	if (state.mode === 'first') out[STORED.eligibleCutoff] = state.cutoff;
	if (state.mode === 'newEnd') {
		out.order = state.order;
		if (state.lastPage !== undefined) out.lastPage = state.lastPage;
	}
	return out;
}

/** The bytes a state takes as n8n keeps it: its bound is on these. */
export const storedBytes = (state: EventState) => stateBytes(toStored(state));
