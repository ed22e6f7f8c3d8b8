import type { SearchCondition } from '../../types';
import { FIRST_RUN_LOOKBACK_MS, type PollSettings } from '../shared/settings';
import { DAY_MS, windowDays } from '../shared/timeRules';
import type { EnrichedWalk } from './state';

/**
 * Contacts created more than this before a walk that leaves nothing waiting are never emitted,
 * so their ids can leave the state for good (docs/trigger.md, "Contact Enriched").
 */
export const RETENTION_MS = 30 * DAY_MS;

/** The most ids the state keeps after a complete walk; beyond it the floor rises. */
export const MAX_SEEN = 20_000;

/** A walk of the window may take hours: its window is made a day wider than since's. */
export const WALK_SPAN_MS = DAY_MS;

/** Pages of the walk a poll reads when the new end is read too (an order is known). */
export const WALK_PAGES_WITH_ORDER = 1;

/** The new walk that starts at `now`, for the enriched contacts updated since `since`. */
export function newEnrichedWalk(since: number, now: number): EnrichedWalk {
	return { page: 1, days: windowDays(now + WALK_SPAN_MS, since), startedAt: now, newest: null };
}

/** Where a first activation starts: N days back, or a day (then what is there is recorded). */
export function activationSince(now: number, settings: PollSettings): number {
	return now - (settings.initialDays > 0 ? settings.initialDays * DAY_MS : FIRST_RUN_LOOKBACK_MS);
}

/** The search of a window: enriched, updated fewer than `days` days ago, optionally in one sequence. */
export function enrichedConditions(days: number, sequenceId?: number): SearchCondition[] {
	const conditions: SearchCondition[] = [
		{ property: 'is_enriched', condition: 'Is', value: true },
		{ property: 'updated_timestamp', condition: 'Less than', value: days },
	];
	if (sequenceId !== undefined) {
		conditions.push({ property: 'sequence__id', condition: 'Is', value: sequenceId });
	}
	return conditions;
}
