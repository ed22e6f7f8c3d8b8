import { readWalkPosition } from '../shared/fullWalk';
import type { ResultOrder } from '../shared/order';
import type { Bisection } from './orderedRead';
import {
	isTime,
	readReported,
	readSeen,
	readStored,
	type EventState,
	type StoredState,
} from '../shared/state';

/** The New Contact state in the node's static data, under STATE_KEY: JSON numbers and a map of ids. */

export const STATE_KEY = 'outreachContactPoll';

export const STATE_VERSION = 2;

export interface PollState extends EventState<typeof STATE_VERSION> {
	/** Contacts created before this (epoch ms, service timestamps) are never emitted. Only rises. */
	floor: number;
	/**
	 * Contacts created at or before this were present at the first activation and are never
	 * emitted (the service's timestamps: no clock of n8n's decides it). Null when none was.
	 */
	cutoff: number | null;
	/**
	 * Every contact created at or after the floor and up to this time has been handled (emitted
	 * or recorded), without a gap, on the service's timestamps: the floor trails it (never past
	 * n8n's clock less the overlap). Null: none yet.
	 */
	through: number | null;
	/** The result order the trigger reads by; undefined: it reads the whole window (see walk). */
	order?: Exclude<ResultOrder, 'unordered'>;
	/** The page size the service served, and its count of results at the last poll. */
	pageSize?: number;
	total?: number;
	/** How many positions from the new end the rolling check of an order has covered. */
	verified?: number;
	/** A read of the whole window that goes on over several polls (no order to trust). */
	walk?: WalkCursor;
	/** A bisection for the boundary that ran out of budget: the next poll goes on from it. */
	bisect?: Bisection;
}

/** Where a read of the whole window stands (docs/trigger.md, "Without an order"). */
export interface WalkCursor {
	/** The next page to read (in `pageSize`). */
	page: number;
	/** The window (`Less than` days) the walk reads: fixed for the whole walk. */
	days: number;
	/** The newest creation time read by this walk, and by the walk before (for the floor). */
	newest: number | null;
	previous: number | null;
	/** What the walk saw of the order: created times rose, fell; the last one read. */
	rises?: boolean;
	falls?: boolean;
	last?: number;
	/** The last page it may read (see fullWalk.ts). */
	limit?: number;
	/** Contacts created after this wait for the next walk (walkCeiling.ts). */
	ceiling?: number;
	/** How many days wider than a poll's its window was made, when more than 1 (plan.ts). */
	span?: number;
}

const ORDERS = ['newest', 'oldest'];

function readWalk(raw: unknown): WalkCursor | undefined {
	const read = readWalkPosition(raw);
	if (!read) return undefined;
	const { w, ...position } = read;
	const walk: WalkCursor = { ...position, previous: isTime(w.previous) ? w.previous : null };
	if (isTime(w.span) && w.span > 1) walk.span = w.span; // plan.ts caps what it makes of it
	return walk;
}

/**
 * Reads the stored New Contact state; a version 1 state (before the reads were spread over
 * polls) goes on as version 2: its watermark is where it had handled contacts to.
 */
export function readPollState(raw: unknown): StoredState<PollState> {
	const { value, problem, newer } = readStored(raw, [1, STATE_VERSION]);
	if (!value) return { problem, newer };
	const { baseline, floor, seen } = value;
	const through = value.version === 1 ? value.watermark : value.through;
	const cutoff = value.version === 1 ? null : value.cutoff;
	if (
		!isTime(baseline) ||
		!isTime(floor) ||
		!(through === null || isTime(through)) ||
		!(cutoff === null || isTime(cutoff))
	) {
		return { problem: 'the stored state has invalid times' };
	}
	const ids = readSeen(seen);
	if (typeof ids === 'string') return { problem: ids };
	const state: PollState = {
		version: STATE_VERSION,
		baseline,
		floor,
		cutoff,
		through,
		seen: ids,
		reported: readReported(value.reported),
	};
	const memory = (value.version === 1 ? value.walk : value) as Record<string, unknown> | undefined;
	if (memory && ORDERS.includes(memory.order as string))
		state.order = memory.order as PollState['order'];
	if (memory && isTime(memory.pageSize) && memory.pageSize >= 1) state.pageSize = memory.pageSize;
	if (memory && isTime(memory.total) && memory.total >= 0) state.total = memory.total;
	if (isTime(value.verified) && value.verified >= 0) state.verified = value.verified;
	const b = value.bisect as Record<string, unknown> | undefined;
	if (b && isTime(b.lo) && isTime(b.hi) && isTime(b.total) && b.lo >= 1 && b.hi >= b.lo) {
		state.bisect = { lo: b.lo, hi: b.hi, total: b.total };
	}
	const walk = value.version === 1 ? undefined : readWalk(value.walk);
	if (walk) state.walk = walk;
	return { state };
}
