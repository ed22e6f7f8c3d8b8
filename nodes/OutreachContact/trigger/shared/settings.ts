import { locatorValue, optionalId } from '../../helpers/input';
import { DAY_MS, HOUR_MS } from './timeRules';

/** The trigger's settings and the time spans every event shares (docs/trigger.md). */

/** How far the floor trails the newest handled contact: a contact visible late still comes once. */
export const OVERLAP_MS = HOUR_MS;

/**
 * First activation on an account with no contact yet: contacts created in this past period
 * count as new, so that a service whose timestamps run hours behind n8n's clock loses none.
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

/** The trigger's sequence filter (a resource locator), or undefined when none is set. */
export function readSequenceFilter(raw: unknown): number | undefined {
	return optionalId(
		locatorValue(raw),
		'The sequence filter',
		'the ID of a sequence (a positive whole number)',
	);
}

/**
 * The floor after a poll: it trails the newest contact handled without a gap (`through`) by the
 * overlap, and never runs ahead of n8n's clock less the overlap, whatever the service's dates
 * say (a contact dated hours ahead, timestamps of a zone east of UTC without a suffix). It
 * only moves forward.
 */
export function nextFloor(floor: number, through: number | null, now: number): number {
	if (through === null) return floor;
	return Math.max(floor, Math.min(through, now) - OVERLAP_MS);
}

/**
 * The floor a stored state goes on with: at most n8n's clock less the overlap, like every floor
 * the trigger sets (nextFloor). A state written by an older version (0.2.0 followed contacts dated
 * hours ahead) may hold a floor past it, which would skip every contact created until the clock
 * gets there. Moving it back may emit again contacts of the last hour that were emitted and then
 * forgotten below the old floor: a repeat of at most an hour's contacts instead of losing hours.
 */
export function storedFloor(floor: number, now: number): number {
	return Math.min(floor, now - OVERLAP_MS);
}

/** Two contacts with wrong dates far ahead do not set an activation's cutoff; the third newest does. */
export const CUTOFF_RANK = 3;

/** The CUTOFF_RANK-th largest time (the smallest when fewer), or null for none. */
export function cutoffOf(times: number[]): number | null {
	if (times.length === 0) return null;
	const sorted = [...times].sort((a, b) => b - a);
	return sorted[Math.min(CUTOFF_RANK, sorted.length) - 1];
}
