import { locatorValue, optionalId } from '../helpers/input';
import type { SearchCondition } from '../types';
import type { ResultOrder } from './order';
import type { ReadResult } from './readWindow';
import type { PollState, WalkMemory } from './state';
import { DAY_MS, HOUR_MS, MINUTE_MS, windowDays } from './timeRules';

/** How far the floor trails the newest emitted contact: a contact visible late still comes once. */
export const OVERLAP_MS = HOUR_MS;

/**
 * First activation without initial days: contacts of this past period are recorded as present,
 * so none is emitted later even if n8n's clock and the service's timestamps disagree by hours.
 */
export const FIRST_RUN_LOOKBACK_MS = DAY_MS;

/** The window is computed for this long after the poll starts: the service's day may turn meanwhile. */
export const WALK_ALLOWANCE_MS = HOUR_MS;

export const DEFAULT_MAX_PER_POLL = 100;

export const DEFAULT_INITIAL_DAYS = 0;

/** The bounds of the trigger's options: a larger value is used as the maximum (said in each description). */
export const MAX_PER_POLL_LIMIT = 10_000;

export const MAX_INITIAL_DAYS = 3_650;

export interface PollSettings {
	/** At most this many contacts per poll; the rest come in the next polls, oldest first. */
	maxPerPoll: number;
	/** At the first activation, emit the contacts of the last N days (0: emit nothing). */
	initialDays: number;
}

/**
 * Settings from the node's `options` collection, with defaults for missing or invalid values,
 * and values above a maximum clamped to it: a poll has no item to fail, and failing the whole
 * trigger for a too-large number would stop it.
 */
export function pollSettings(options: {
	maxPerPoll?: unknown;
	initialDays?: unknown;
}): PollSettings {
	const max = Number(options.maxPerPoll);
	const days = Number(options.initialDays);
	return {
		maxPerPoll:
			Number.isNaN(max) || max < 1
				? DEFAULT_MAX_PER_POLL
				: Math.floor(Math.min(max, MAX_PER_POLL_LIMIT)),
		initialDays:
			Number.isNaN(days) || days <= 0 ? DEFAULT_INITIAL_DAYS : Math.min(days, MAX_INITIAL_DAYS),
	};
}

/** What one poll reads and how it treats what it finds (see docs/trigger.md). */
export interface PollPlan {
	/** n8n's clock when the poll started (epoch ms). */
	now: number;
	/** false only at a first activation without initial days: candidates are recorded, not emitted. */
	emit: boolean;
	/** Contacts created before this (epoch ms, service timestamps) are never emitted. */
	floor: number;
	/** The `created_timestamp` `Less than` value of the search. */
	windowDays: number;
	maxPerPoll: number;
	previous?: PollState;
}

export function planPoll(
	previous: PollState | undefined,
	now: number,
	settings: PollSettings,
): PollPlan {
	if (previous) {
		return {
			now,
			emit: true,
			floor: previous.floor,
			windowDays: windowDays(now + WALK_ALLOWANCE_MS, previous.floor),
			maxPerPoll: settings.maxPerPoll,
			previous,
		};
	}
	const initialMs = settings.initialDays * DAY_MS;
	const floor = now - (initialMs > 0 ? initialMs : FIRST_RUN_LOOKBACK_MS);
	return {
		now,
		emit: initialMs > 0,
		floor,
		windowDays: windowDays(now + WALK_ALLOWANCE_MS, floor),
		maxPerPoll: settings.maxPerPoll,
	};
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

/**
 * A full walk verifies the observed order at least this often, counting the next poll too: a
 * contact a shortcut missed is then found while it is still within the overlap (docs/trigger.md).
 */
export const VERIFY_WITHIN_MS = OVERLAP_MS - 15 * MINUTE_MS;

/** The order a poll at `now` may trust, or undefined when it must read every page. */
export function trustedOrder(memory: WalkMemory | undefined, now: number): ResultOrder | undefined {
	if (
		!memory ||
		(memory.order !== 'newest' && memory.order !== 'oldest') ||
		memory.verifiedAt === undefined
	) {
		return undefined;
	}
	const interval = memory.polledAt === undefined ? 0 : Math.max(0, now - memory.polledAt);
	return now - memory.verifiedAt + interval <= VERIFY_WITHIN_MS ? memory.order : undefined;
}

/** The walk memory to store after a poll at `now` that read as `read` says. */
export function nextWalkMemory(
	previous: WalkMemory | undefined,
	read: ReadResult,
	now: number,
): WalkMemory {
	const memory: WalkMemory = { ...previous, polledAt: now };
	if (read.full) {
		memory.verifiedAt = now;
		if (read.order) memory.order = read.order;
	}
	if (read.pageSize !== undefined) memory.pageSize = read.pageSize;
	if (read.total !== undefined) memory.total = read.total;
	return memory;
}

/** The trigger's sequence filter (a resource locator), or undefined when none is set. */
export function readSequenceFilter(raw: unknown): number | undefined {
	return optionalId(
		locatorValue(raw),
		'The sequence filter',
		'the ID of a sequence (a positive whole number)',
	);
}
