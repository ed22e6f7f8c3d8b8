import { enrichedConditions } from './enriched/plan';
import { pollEnrichedContacts } from './enriched/poll';
import { ENRICHED_STATE_KEY, readEnrichedState } from './enriched/state';
import { defineEvent, type TriggerEventSpec } from './event';
import { pollNewContacts } from './newContactPoll';
import { searchConditions } from './plan';
import { readPollState, STATE_KEY } from './state';

export type TriggerEvent = 'newContact' | 'contactEnriched';

/**
 * The trigger's events (the `event` parameter), one entry each: its log label, its state key
 * and reader, its poll (the plan: what it searches and how its state moves), and what Fetch
 * Test Event searches. A third event is one more entry here.
 */
export const TRIGGER_EVENTS: Record<TriggerEvent, TriggerEventSpec<unknown>> = {
	newContact: defineEvent({
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
	contactEnriched: defineEvent({
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
};

/** The event a node parameter names; any other value runs New Contact, the default. */
export function eventOf(value: unknown): TriggerEventSpec<unknown> {
	return value === 'contactEnriched' ? TRIGGER_EVENTS.contactEnriched : TRIGGER_EVENTS.newContact;
}
