import { locatorValue, optionalId } from '../../helpers/input';
import { HOUR_MS } from './serviceTime';

/** The trigger's settings and the time spans every event shares (docs/trigger.md). */

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
