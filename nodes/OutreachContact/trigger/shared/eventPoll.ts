import type { IPollFunctions } from 'n8n-workflow';

import type { Contact, SearchCondition } from '../../types';
import type { RequestBudget } from './budget';
import type { Settled } from './ledger/ledger';
import type { TimeOf } from './serviceTime';

/**
 * What the poll runner (pollRunner.ts) hands an event's poll and takes back from it: the one
 * contract between the runner, the event table (events.ts) and each event's folder.
 */

export interface PollSettings {
	/** At most this many contacts per poll; the rest come in the next polls, oldest first. */
	maxPerPoll: number;
	/** At the first activation, emit the contacts of the last N days (0: emit nothing). */
	initialDays: number;
}

/** What one poll of an event decided: what to emit, the state to store, what to log. */
export interface EventPoll<S> extends Settled<S> {
	/** Why the poll stopped reading before it was done (its budget), for the log. */
	stopped?: string;
}

/**
 * One poll of an event in trigger mode. A failed request throws before any state is decided,
 * so the next poll repeats the same reads.
 */
export type EventPollFunction<S> = (poll: EventPollInput<S>) => Promise<EventPoll<S>>;

/** What one poll of an event starts from. */
export interface EventPollInput<S> {
	ctx: IPollFunctions;
	/** The stored state; undefined at the first activation. */
	stored: S | undefined;
	/** n8n's clock when the poll started (epoch ms). */
	start: number;
	sequenceId: number | undefined;
	settings: PollSettings;
	/** What the poll may still send (take() before every request). */
	budget: RequestBudget;
	/** The event's time of a contact (its table entry's). */
	time: TimeOf;
	/** The event's search of a window of `days` (its table entry's). */
	search(days: number, sequenceId?: number): SearchCondition[];
	/** Whether the event wants the contact (its table entry's eligibility). */
	wants(contact: Contact): boolean;
}
