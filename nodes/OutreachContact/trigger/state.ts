import type { ResultOrder } from './order';

/** The trigger's state in the node's static data, under STATE_KEY: JSON numbers and a map of ids. */

export const STATE_KEY = 'outreachContactPoll';

export const STATE_VERSION = 1;

/** What every event's state holds: its version, when it started, and the ids it has handled. */
export interface EventState<V extends number> {
	version: V;
	/** When the trigger first polled for this event (n8n's clock, epoch ms). Informational. */
	baseline: number;
	/** Ids emitted (or recorded at the first activation) and not yet pruned: id -> creation time. */
	seen: Record<string, number>;
}

export interface PollState extends EventState<typeof STATE_VERSION> {
	/**
	 * Contacts created before this time (epoch ms, on the service's timestamps) are never emitted.
	 * It only moves forward: max(its first value, watermark - overlap).
	 */
	floor: number;
	/**
	 * The newest creation time (epoch ms) of a contact emitted so far, or of one already present
	 * at the first activation; `null` while there is none.
	 */
	watermark: number | null;
	/**
	 * `seen`: contacts created at or after `floor` only (older ones are pruned), so it never holds
	 * more than the contacts created within one overlap before the watermark.
	 */
	/** What the trigger learned about the service's search; absent in states saved before it. */
	walk?: WalkMemory;
}

/** What lets a poll read less than the whole window (docs/trigger.md, "Cheap polls"). */
export interface WalkMemory {
	/** The result order the last full walk observed. */
	order?: ResultOrder;
	/** When that full walk ran (n8n's clock, epoch ms). */
	verifiedAt?: number;
	/** When the last poll that stored this state ran. */
	polledAt?: number;
	/** The page size the service served, and how many results the window held, at that poll. */
	pageSize?: number;
	total?: number;
}

const ORDERS: ReadonlyArray<ResultOrder | undefined> = ['newest', 'oldest', 'unordered', undefined];

/** The walk memory, or undefined when anything in it is not as written (it is only a hint). */
function readWalk(raw: unknown): WalkMemory | undefined {
	if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
	const { order, verifiedAt, polledAt, pageSize, total } = raw as Record<string, unknown>;
	const optionalTime = (v: unknown) => v === undefined || isTime(v);
	if (!ORDERS.includes(order as ResultOrder | undefined)) return undefined;
	if (![verifiedAt, polledAt, pageSize, total].every(optionalTime)) return undefined;
	return { order, verifiedAt, polledAt, pageSize, total } as WalkMemory;
}

export function isTime(value: unknown): value is number {
	return typeof value === 'number' && Number.isFinite(value);
}

/** A stored map of contact id -> time (epoch ms), or the problem with it, for both events' states. */
export function readSeen(seen: unknown): Record<string, number> | string {
	if (!seen || typeof seen !== 'object' || Array.isArray(seen))
		return 'the stored state has no list of seen contacts';
	const ids: Record<string, number> = {};
	for (const [id, created] of Object.entries(seen as Record<string, unknown>)) {
		if (!isTime(created)) return `the stored state has an invalid time for contact ${id}`;
		ids[id] = created;
	}
	return ids;
}

/**
 * The stored object of a state of `version`: `{}` when nothing is stored (first activation),
 * `problem` when it is not usable (then treated like a first activation).
 */
export function readStored(
	raw: unknown,
	version: number,
): { value?: Record<string, unknown>; problem?: string } {
	if (raw === undefined || raw === null) return {};
	if (typeof raw !== 'object' || Array.isArray(raw))
		return { problem: 'the stored state is not an object' };
	const value = raw as Record<string, unknown>;
	if (value.version !== version) {
		return {
			problem: `the stored state has version ${String(value.version)}, expected ${version}`,
		};
	}
	return { value };
}

/** Reads the stored New Contact state (see readStored). */
export function readPollState(raw: unknown): { state?: PollState; problem?: string } {
	const { value, problem } = readStored(raw, STATE_VERSION);
	if (!value) return { problem };
	const { baseline, floor, watermark, seen } = value;
	if (!isTime(baseline) || !isTime(floor) || !(watermark === null || isTime(watermark))) {
		return { problem: 'the stored state has invalid times' };
	}
	const ids = readSeen(seen);
	if (typeof ids === 'string') return { problem: ids };
	const state: PollState = { version: STATE_VERSION, baseline, floor, watermark, seen: ids };
	const walk = readWalk(value.walk);
	if (walk) state.walk = walk;
	return { state };
}
