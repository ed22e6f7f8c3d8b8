import type { SearchCondition } from '../../types';
import { FIRST_RUN_LOOKBACK_MS, WALK_ALLOWANCE_MS, type PollSettings } from '../plan';
import { DAY_MS, windowDays } from '../timeRules';
import type { EnrichedState } from './state';

/**
 * Contacts created more than this before a poll that leaves nothing waiting are never emitted,
 * so their ids can leave the state for good (docs/trigger.md, "Contact Enriched").
 */
export const RETENTION_MS = 30 * DAY_MS;

/** The most ids the state keeps after a poll that leaves nothing waiting; beyond it the floor rises. */
export const MAX_SEEN = 20_000;

/** What one Contact Enriched poll reads and how it treats what it finds. */
export interface EnrichedPlan {
	/** n8n's clock when the poll started (epoch ms). */
	now: number;
	/** false only at a first activation without initial days: candidates are recorded, not emitted. */
	emit: boolean;
	/** The window covers every contact updated at or after this (n8n's clock, epoch ms). */
	since: number;
	/** Contacts created before this (epoch ms, service timestamps) are never emitted. */
	createdFloor: number;
	/** The `updated_timestamp` `Less than` value of the search. */
	windowDays: number;
	maxPerPoll: number;
	/** The cap on the ids kept (MAX_SEEN; smaller in unit tests). */
	maxSeen: number;
	previous?: EnrichedState;
}

export function planEnrichedPoll(
	previous: EnrichedState | undefined,
	now: number,
	settings: PollSettings,
): EnrichedPlan {
	const plan = { now, maxPerPoll: settings.maxPerPoll, maxSeen: MAX_SEEN };
	if (previous) {
		return {
			...plan,
			emit: true,
			since: previous.since,
			createdFloor: previous.createdFloor,
			windowDays: windowDays(now + WALK_ALLOWANCE_MS, previous.since),
			previous,
		};
	}
	// First activation: every contact created since `since` that is enriched now was updated since
	// then too, so the window holds it: recorded (or emitted with initial days), never emitted later.
	const since =
		now - (settings.initialDays > 0 ? settings.initialDays * DAY_MS : FIRST_RUN_LOOKBACK_MS);
	return {
		...plan,
		emit: settings.initialDays > 0,
		since,
		createdFloor: since,
		windowDays: windowDays(now + WALK_ALLOWANCE_MS, since),
	};
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
