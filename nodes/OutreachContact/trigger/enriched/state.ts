import { isTime, readSeen, readStored, type EventState } from '../state';

/**
 * The Contact Enriched event's state in the node's static data, under ENRICHED_STATE_KEY
 * (beside, never inside, the New Contact state): JSON numbers and a map of ids.
 * See docs/trigger.md, "Contact Enriched".
 */

export const ENRICHED_STATE_KEY = 'outreachContactEnrichedPoll';

export const ENRICHED_STATE_VERSION = 1;

export interface EnrichedState extends EventState<typeof ENRICHED_STATE_VERSION> {
	/**
	 * The start of the last poll that left nothing waiting (n8n's clock, epoch ms): every
	 * enriched contact not yet handled was updated at or after it, so the next window starts here.
	 */
	since: number;
	/**
	 * Contacts created before this (epoch ms, on the service's timestamps) are never emitted. It
	 * only moves forward: the activation's start, then the retention period and the cap on `seen`.
	 */
	createdFloor: number;
	/**
	 * `seen`: contacts created at or after `createdFloor` only. Older entries are pruned: the
	 * floor excludes them for good, so a pruned contact is never emitted again.
	 */
}

/** Reads the stored Contact Enriched state (see readStored). */
export function readEnrichedState(raw: unknown): { state?: EnrichedState; problem?: string } {
	const { value, problem } = readStored(raw, ENRICHED_STATE_VERSION);
	if (!value) return { problem };
	const { baseline, since, createdFloor, seen } = value;
	if (!isTime(baseline) || !isTime(since) || !isTime(createdFloor)) {
		return { problem: 'the stored state has invalid times' };
	}
	const ids = readSeen(seen);
	if (typeof ids === 'string') return { problem: ids };
	return { state: { version: ENRICHED_STATE_VERSION, baseline, since, createdFloor, seen: ids } };
}
