import {
	count,
	isTime,
	MAX_DELETED,
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
} from './shapes';
import {
	readBoundary,
	readWalk,
	STORED,
	storedBoundary,
	storedWalk,
	widenedOf,
	without,
	type Json,
} from './storedPositions';
import { readOrderedSample } from './orderProof';
import { readSampling } from './sampling';
import { readZoneLag } from './zoneLag';
import { oldestWaiting } from './witnesses';

/**
 * Each event's state as n8n keeps it in the node's static data, under the field names of version
 * 2 (storedPositions.ts, STORED).
 */

/** Times of an ordered read, stored under their own names: where the check's rounds began, and backlogBy. */
const ORDERED_TIMES = ['roundFrom', 'checkedFrom', 'backlogBy'] as const;

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

/** A stored prior floor (priorFloor.ts), or undefined when it is not as written. */
function readPriorFloor(raw: unknown): PriorFloor | undefined {
	const json = raw as Json | undefined;
	if (!json || !isTime(json.at)) return undefined;
	return { at: json.at, recorded: count(json.recorded) ?? 0 };
}

/** Stored `deleted` ids: strings among the keys of `seen`, the last MAX_DELETED; anything else is dropped. */
function readDeleted(raw: unknown, seen: Record<string, number>): string[] {
	if (!Array.isArray(raw)) return [];
	const has = (id: string) => Object.prototype.hasOwnProperty.call(seen, id);
	return raw.filter((id): id is string => typeof id === 'string' && has(id)).slice(-MAX_DELETED);
}

/** Stored `leftWaiting` or `sampleWaiting`: the oldest WAITING_WITNESSES ids of at most MAX_ID_LENGTH with their times. */
function readWaiting(raw: unknown): Record<string, number> | undefined {
	if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
	const entries = Object.entries(raw as Json).filter(
		([id, t]) => id.length > 0 && id.length <= MAX_ID_LENGTH && isTime(t),
	);
	return oldestWaiting(entries as Array<[string, number]>);
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
		for (const key of ORDERED_TIMES) if (isTime(json[key])) state[key] = json[key];
		const total = count(learned?.[STORED.count]);
		if (total !== undefined) state.count = total;
		const boundary = readBoundary(json);
		if (boundary) state.boundary = boundary;
		if (json.checkWaited === true) state.checkWaited = true;
		const deleted = readDeleted(json.deleted, common.seen);
		if (deleted.length > 0) state.deleted = deleted;
		const leftWaiting = readWaiting(json.leftWaiting);
		if (leftWaiting) state.leftWaiting = leftWaiting;
		const sampleWaiting = readWaiting(json.sampleWaiting);
		if (sampleWaiting) state.sampleWaiting = sampleWaiting;
		return { state: { ...state, ...readOrderedSample(json.orderedSample) } };
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
			state: {
				...{ ...common, mode: 'first', cutoff: json.recordUntil },
				...{ ...readSampling(json.sampling), ...readOrderedSample(json.orderedSample) },
			},
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
	if ('orderedSample' in state && state.orderedSample)
		out.orderedSample = { ...state.orderedSample };
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
			const { order, count, checkedTo, boundary, deleted } = state;
			Object.assign(out, { order, [STORED.checkedTo]: checkedTo });
			const kept = readDeleted(deleted, state.seen);
			if (kept.length > 0) out.deleted = kept;
			const leftWaiting = readWaiting(state.leftWaiting);
			if (leftWaiting) out.leftWaiting = leftWaiting;
			const sampleWaiting = readWaiting(state.sampleWaiting);
			if (sampleWaiting) out.sampleWaiting = sampleWaiting;
			for (const key of ORDERED_TIMES) if (state[key] !== undefined) out[key] = state[key];
			if (count !== undefined) out[STORED.count] = count;
			if (boundary) out[STORED.boundary] = storedBoundary(boundary);
			if (state.checkWaited) out.checkWaited = true;
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
