import type { INodePropertyOptions } from 'n8n-workflow';

import { enrichedConditions } from './enriched/plan';
import { pollEnrichedContacts } from './enriched/poll';
import { ENRICHED_STATE_KEY, readEnrichedState } from './enriched/state';
import { defineEvent, type TriggerEventSpec } from './event';
import { searchConditions } from './newContact/plan';
import { pollNewContacts } from './newContact/poll';
import { readPollState, STATE_KEY } from './newContact/state';

/**
 * The trigger's events (the `event` parameter), one entry each, and the one place that names
 * them: the node's options, builder hints and subtitle, the poll, the state key and reader, and
 * what Fetch Test Event searches all come from here. A third event is one more entry.
 */
export const TRIGGER_EVENTS: ReadonlyArray<TriggerEventSpec<unknown>> = [
	defineEvent({
		value: 'contactEnriched',
		name: 'Contact Enriched',
		description:
			'Triggers once for each contact when the service has enriched it with prospect and company data',
		builderHint:
			'Each contact once, when the service has enriched it: use it when the workflow needs the person or company data.',
		subtitle: 'Contact enriched',
		label: 'Outreach Contact Trigger (Contact Enriched)',
		noun: 'enriched contact',
		stateKey: ENRICHED_STATE_KEY,
		readState: readEnrichedState,
		poll: pollEnrichedContacts,
		test: {
			conditions: enrichedConditions,
			missing: 'No enriched contact found{where} updated in the last {days} days',
			hint: 'Add one{where} with a professional-network handle and enrichment, wait until the service has enriched it, then fetch again. The trigger itself starts with contacts enriched after it is activated.',
		},
	}),
	defineEvent({
		value: 'newContact',
		name: 'New Contact',
		description: 'Triggers once for each contact created in the account',
		builderHint:
			'Each contact created in the account, once, right after it is added (no snippets or enrichment yet).',
		subtitle: 'New contact',
		label: 'Outreach Contact Trigger',
		noun: 'new contact',
		stateKey: STATE_KEY,
		readState: readPollState,
		poll: pollNewContacts,
		test: {
			conditions: searchConditions,
			missing: 'No contact found{where} in the last {days} days',
			hint: 'Add one{where}, then fetch again. The trigger itself starts with contacts created after it is activated.',
		},
	}),
];

/** The event that runs when the parameter is missing or unknown. */
export const DEFAULT_EVENT = 'newContact';

/** The event a node parameter names; any other value runs the default. */
export function eventOf(value: unknown): TriggerEventSpec<unknown> {
	return (
		TRIGGER_EVENTS.find((e) => e.value === value) ??
		TRIGGER_EVENTS.find((e) => e.value === DEFAULT_EVENT)!
	);
}

/** The `event` parameter's options, in the table's (alphabetical) order. */
export const eventOptions: INodePropertyOptions[] = TRIGGER_EVENTS.map((e) => ({
	name: e.name,
	value: e.value,
	description: e.description,
	builderHint: { propertyHint: e.builderHint },
}));

/** The node's subtitle: the event's subtitle, and the sequence filter when one is set. */
export const eventSubtitle = `={{(${JSON.stringify(
	Object.fromEntries(TRIGGER_EVENTS.map((e) => [e.value, e.subtitle])),
)}[$parameter["event"]] || ${JSON.stringify(eventOf(DEFAULT_EVENT).subtitle)}) + ($parameter["filters"]["sequenceId"] && $parameter["filters"]["sequenceId"].value ? " in sequence " + $parameter["filters"]["sequenceId"].value : "")}}`;
