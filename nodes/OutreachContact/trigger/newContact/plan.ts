import type { SearchCondition } from '../../types';
import { FIRST_RUN_LOOKBACK_MS, WALK_ALLOWANCE_MS, type PollSettings } from '../shared/settings';
import { DAY_MS, windowDays } from '../shared/timeRules';
import type { PollState, WalkCursor } from './state';

/** What one New Contact poll reads and how it treats what it finds (see docs/trigger.md). */
export interface PollPlan {
	/** n8n's clock when the poll started (epoch ms). */
	now: number;
	/** Contacts created before this (epoch ms, service timestamps) are never emitted. */
	floor: number;
	/** Contacts created at or before this were there at the first activation. */
	cutoff: number | null;
	/** The `created_timestamp` `Less than` value of the search. */
	windowDays: number;
	maxPerPoll: number;
	previous?: PollState;
}

/**
 * The plan of a poll with a stored state, or of a first activation with "Emit Contacts From the
 * Last N Days": the floor N days back, nothing handled yet. A first activation without N days
 * plans nothing: it only notes where the account stands (activation.ts).
 */
export function planPoll(
	previous: PollState | undefined,
	now: number,
	settings: PollSettings,
): PollPlan {
	const floor = previous?.floor ?? now - settings.initialDays * DAY_MS;
	return {
		now,
		floor,
		cutoff: previous?.cutoff ?? null,
		windowDays: windowDays(now + WALK_ALLOWANCE_MS, floor),
		maxPerPoll: settings.maxPerPoll,
		previous,
	};
}

/** The floor of a first activation that found no contact: a day back, for clocks that disagree. */
export function emptyAccountFloor(now: number): number {
	return now - FIRST_RUN_LOOKBACK_MS;
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

/** The most days a walk's window is made wider than a poll's (a walk of more days cannot end). */
export const MAX_SPAN = 64;

/**
 * A new walk of the whole window, after `previous` (the newest the last walk read). A walk may
 * take hours: its window is made `span` days wider than a poll's (1; twice that of a walk that
 * outlasted its window, so that a walk on a small budget gets to its end).
 */
export function newWalk(floor: number, now: number, previous: number | null, span = 1): WalkCursor {
	const walk: WalkCursor = {
		page: 1,
		days: windowDays(now + span * DAY_MS, floor),
		newest: null,
		previous,
	};
	if (span > 1) walk.span = span;
	return walk;
}

/** The walk a poll goes on with: `walk`, or a new one when its window no longer reaches the floor. */
export function currentWalk(walk: WalkCursor, plan: PollPlan): WalkCursor {
	if (walk.days >= plan.windowDays) return walk;
	return newWalk(plan.floor, plan.now, walk.previous, Math.min(2 * (walk.span ?? 1), MAX_SPAN));
}
