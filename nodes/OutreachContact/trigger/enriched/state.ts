import { readWalkPosition, type WalkPosition } from '../shared/fullWalk';
import {
	isTime,
	readReported,
	readSeen,
	readStored,
	type EventState,
	type StoredState,
} from '../shared/state';

/**
 * The Contact Enriched event's state in the node's static data, under ENRICHED_STATE_KEY
 * (beside, never inside, the New Contact state): JSON numbers and a map of ids.
 * See docs/trigger.md, "Contact Enriched".
 */

export const ENRICHED_STATE_KEY = 'outreachContactEnrichedPoll';

export const ENRICHED_STATE_VERSION = 2;

export interface EnrichedState extends EventState<typeof ENRICHED_STATE_VERSION> {
	/**
	 * The start of the last complete walk of the window that left nothing waiting (n8n's clock,
	 * epoch ms): every enriched contact not yet handled was updated at or after it.
	 */
	since: number;
	/**
	 * Contacts created before this (epoch ms, on the service's timestamps) are never emitted. It
	 * only moves forward: the activation's start, then the retention period and the cap on `seen`.
	 */
	createdFloor: number;
	/** The walk of the window under way: it goes on over as many polls as it needs. */
	walk: EnrichedWalk;
	/** The order the last complete walk saw (by creation): then the new end is read every poll. */
	order?: 'newest' | 'oldest';
	pageSize?: number;
	/** The last page of the window at the last read (oldest first: where the new end is). */
	lastPage?: number;
	/**
	 * During the first walk after a first activation: contacts created at or before this were
	 * there already and are recorded, not emitted.
	 */
	recordUntil?: number;
}

export interface EnrichedWalk extends WalkPosition {
	/** The window (`updated_timestamp` `Less than` days) of the whole walk. */
	days: number;
	/** When the walk started (n8n's clock): `since` once it is complete. */
	startedAt: number;
}

function readWalk(raw: unknown): EnrichedWalk | undefined {
	const read = readWalkPosition(raw);
	if (!read || !isTime(read.w.startedAt)) return undefined;
	const { w, ...position } = read;
	return { ...position, startedAt: w.startedAt as number };
}

/**
 * Reads the stored Contact Enriched state (see readStored); a version 1 state goes on with a
 * new walk from its `since`.
 */
export function readEnrichedState(raw: unknown): StoredState<EnrichedState> {
	const { value, problem, newer } = readStored(raw, [1, ENRICHED_STATE_VERSION]);
	if (!value) return { problem, newer };
	const { baseline, since, createdFloor, seen } = value;
	if (!isTime(baseline) || !isTime(since) || !isTime(createdFloor)) {
		return { problem: 'the stored state has invalid times' };
	}
	const ids = readSeen(seen);
	if (typeof ids === 'string') return { problem: ids };
	const walk = readWalk(value.walk) ?? { page: 1, days: 0, startedAt: since, newest: null };
	const state: EnrichedState = {
		version: ENRICHED_STATE_VERSION,
		baseline,
		since,
		createdFloor,
		seen: ids,
		reported: readReported(value.reported),
		walk,
	};
	if (value.order === 'newest' || value.order === 'oldest') state.order = value.order;
	if (isTime(value.pageSize) && value.pageSize >= 1) state.pageSize = value.pageSize;
	if (isTime(value.lastPage) && value.lastPage >= 1) state.lastPage = value.lastPage;
	if (isTime(value.recordUntil)) state.recordUntil = value.recordUntil;
	return { state };
}
