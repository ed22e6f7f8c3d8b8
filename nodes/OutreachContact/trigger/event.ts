import type { IPollFunctions } from 'n8n-workflow';

import type { Contact, SearchCondition } from '../types';
import type { CollectReport } from './shared/collector';
import type { RequestBudget } from './shared/requestBudget';
import type { StoredState } from './shared/state';
import type { PollSettings } from './shared/settings';

/** What one poll of an event decided: what to emit, the state to store, what to log. */
export interface EventPoll<S> extends CollectReport {
	/** The contacts to emit, oldest first. */
	emit: Contact[];
	state: S;
	/** Why the poll stopped reading before it was done (its budget), for the log. */
	stopped?: string;
	/** Set when the service's pagination did not add up: what came back, for the log. */
	inconsistent?: string;
	/** Set when the state reached its bound: the newest creation time of an id it forgot. */
	cut?: number;
	/** Set when the stored floor was ahead of n8n's clock less the overlap and moved back: what it was. */
	rewound?: number;
	/** True when new contacts wait beyond the pages this poll read (a catch-up), not counted in `backlog`. */
	more?: boolean;
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
}

/** What "Fetch Test Event" searches for an event, and how it says that nothing was found. */
export interface TestSearch {
	conditions(days: number, sequenceId?: number): SearchCondition[];
	/** `{where}` becomes " in sequence N" (or nothing), `{days}` the widest window tried. */
	missing: string;
	hint: string;
}

/**
 * One event of the trigger: everything the poll runner (pollRunner.ts), Fetch Test Event and
 * the node's description need to know about it. Adding an event means one entry in events.ts.
 */
export interface TriggerEventSpec<S> {
	/** The `event` parameter's value. */
	value: string;
	/** Its option in the node: name, description, the hint for n8n's AI builders; its subtitle. */
	name: string;
	description: string;
	builderHint: string;
	subtitle: string;
	/** How its log lines start. */
	label: string;
	/** What it emits, for log lines: "new contact", "enriched contact". */
	noun: string;
	/** Its state's key in the node's static data (never shared with another event). */
	stateKey: string;
	/** The stored state, or the problem that makes it unusable (then: a first activation). */
	readState(raw: unknown): StoredState<S>;
	poll: EventPollFunction<S>;
	test: TestSearch;
}

/**
 * An event for the table, its state type hidden: the poll runner never looks inside a state,
 * it only hands what `readState` gave back to `poll`, so one event's state never meets another's.
 */
export function defineEvent<S>(event: TriggerEventSpec<S>): TriggerEventSpec<unknown> {
	return event as unknown as TriggerEventSpec<unknown>;
}
