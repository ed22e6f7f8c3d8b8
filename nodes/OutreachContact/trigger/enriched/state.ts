import { isTime, readSeen } from '../state';

/**
 * The Contact Enriched event's state in the node's static data, under ENRICHED_STATE_KEY
 * (beside, never inside, the New Contact state): JSON numbers and a map of ids.
 * See docs/trigger.md, "Contact Enriched".
 */

export const ENRICHED_STATE_KEY = 'outreachContactEnrichedPoll';

export const ENRICHED_STATE_VERSION = 1;

export interface EnrichedState {
	version: typeof ENRICHED_STATE_VERSION;
	/** When the trigger first polled for this event (n8n's clock, epoch ms). Informational. */
	baseline: number;
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
	 * Contacts emitted (or already enriched at the first activation) created at or after
	 * `createdFloor`: id -> creation time (epoch ms). Older entries are pruned: the floor excludes
	 * them for good, so a pruned contact is never emitted again.
	 */
	seen: Record<string, number>;
}

/**
 * Reads the stored state. `state` is undefined when there is none (first activation); `problem`
 * says why a stored value was not usable (it is then treated like a first activation).
 */
export function readEnrichedState(raw: unknown): { state?: EnrichedState; problem?: string } {
	if (raw === undefined || raw === null) return {};
	if (typeof raw !== 'object' || Array.isArray(raw)) return { problem: 'the stored state is not an object' };
	const value = raw as Record<string, unknown>;
	if (value.version !== ENRICHED_STATE_VERSION) {
		return { problem: `the stored state has version ${String(value.version)}, expected ${ENRICHED_STATE_VERSION}` };
	}
	const { baseline, since, createdFloor, seen } = value;
	if (!isTime(baseline) || !isTime(since) || !isTime(createdFloor)) {
		return { problem: 'the stored state has invalid times' };
	}
	const ids = readSeen(seen);
	if (typeof ids === 'string') return { problem: ids };
	return { state: { version: ENRICHED_STATE_VERSION, baseline, since, createdFloor, seen: ids } };
}
