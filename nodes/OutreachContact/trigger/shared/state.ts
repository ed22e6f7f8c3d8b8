import { MAX_ID_LENGTH, MAX_STATE_BYTES } from './stateBound';

/** What every event's state holds, and how a stored one is read and kept within its bound. */

/** The state of every event: its version, when it started, and the ids it has handled. */
export interface EventState<V extends number> {
	version: V;
	/** When the trigger first polled for this event (n8n's clock, epoch ms). Informational. */
	baseline: number;
	/** Ids emitted (or recorded at the first activation) and not yet pruned: id -> creation time. */
	seen: Record<string, number>;
	/** Ids already logged as contacts the trigger cannot place: logged once, not at every poll. */
	reported?: string[];
}

/** The most ids kept in `reported` (the oldest go first). */
export const MAX_REPORTED = 50;

export function isTime(value: unknown): value is number {
	return typeof value === 'number' && Number.isFinite(value);
}

/** A stored map of contact id -> time (epoch ms), or the problem with it, for every event's state. */
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

/** The stored list of reported ids; anything else reads as none (it only spares log lines). */
export function readReported(raw: unknown): string[] {
	if (!Array.isArray(raw)) return [];
	return raw
		.filter((id): id is string => typeof id === 'string' && id.length <= MAX_ID_LENGTH + 80)
		.slice(-MAX_REPORTED);
}

/** A stored state as read: its value, a problem that makes it unusable, or a newer version's. */
export interface StoredRead<T> {
	value?: T;
	problem?: string;
	newer?: { stored: number; known: number };
}

/** An event's stored state as its reader gives it back (events.ts: readState). */
export type StoredState<S> = { state?: S } & Omit<StoredRead<S>, 'value'>;

/**
 * The stored object of a state of one of `versions`: `{}` when nothing is stored (first
 * activation), `problem` when it is not usable (then treated like a first activation).
 */
export function readStored(raw: unknown, versions: number[]): StoredRead<Record<string, unknown>> {
	if (raw === undefined || raw === null) return {};
	if (typeof raw !== 'object' || Array.isArray(raw))
		return { problem: 'the stored state is not an object' };
	const value = raw as Record<string, unknown>;
	const newest = Math.max(...versions);
	if (typeof value.version === 'number' && value.version > newest) {
		// A newer package wrote it (the user went back a version): starting again would emit the
		// last N days again or skip what came meanwhile, so the poll stops instead (pollRunner.ts).
		return { newer: { stored: value.version, known: newest } };
	}
	if (!versions.includes(value.version as number)) {
		return {
			problem: `the stored state has version ${String(value.version)}, expected ${versions.join(' or ')}`,
		};
	}
	return { value };
}

/**
 * The ids of `reported` plus those of `ids` not in it, newest last, at most MAX_REPORTED; and
 * which of `ids` are new (to log now).
 */
export function withReported(
	reported: string[] | undefined,
	ids: string[],
): { reported: string[]; fresh: string[] } {
	const known = new Set(reported ?? []);
	const fresh = [...new Set(ids)].filter((id) => !known.has(id));
	return { reported: [...(reported ?? []), ...fresh].slice(-MAX_REPORTED), fresh };
}

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

/** The size of a state as n8n stores it: JSON, in UTF-8 bytes. */
export function stateBytes(state: unknown): number {
	return utf8Bytes(JSON.stringify(state));
}

/**
 * Room kept for the ids the poll runner adds to `reported` after the poll has cut its state:
 * MAX_REPORTED of at most about 80 characters, 3 bytes each at worst.
 */
export const REPORTED_ROOM = MAX_REPORTED * 80 * 3;

/**
 * Cuts a state to MAX_STATE_BYTES less the room for `reported` (or `max`): drops the oldest-created ids of `seen` until it
 * fits, and returns the creation time of the newest id dropped (the caller's floor must pass it,
 * so that a dropped id can never come again), or undefined when nothing was dropped.
 */
export function cutToBound<S extends EventState<number>>(
	state: S,
	max = MAX_STATE_BYTES - REPORTED_ROOM,
): number | undefined {
	let size = stateBytes(state);
	if (size <= max) return undefined;
	const byAge = Object.entries(state.seen).sort((a, b) => a[1] - b[1]);
	let dropped: number | undefined;
	for (const [id, created] of byAge) {
		if (size <= max) break;
		// One entry in JSON: "id":123,  (quotes, colon, comma and the digits of the time)
		size -= utf8Bytes(JSON.stringify(id)) + String(created).length + 2;
		delete state.seen[id];
		dropped = created;
	}
	return dropped;
}
