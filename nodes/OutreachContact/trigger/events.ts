import type { INodePropertyOptions } from 'n8n-workflow';

import { inSequence } from '../helpers/conditions';
import { InputError } from '../helpers/input';
import { hasSnippets } from '../helpers/shapeContact';
import type { Contact, SearchCondition } from '../types';
import { pollEligibleContacts } from './shared/eligibleWalk';
import { pollNewContacts, searchConditions } from './newContact/poll';
import { createdTime, type TimeOf } from './shared/serviceTime';
import type { EventPollFunction } from './shared/eventPoll';
import { ENRICHED_KEY, NEW_CONTACT_KEY, type StoredState } from './shared/ledger/shapes';
import { readEligibleState, readNewContactState } from './shared/ledger/stored';

/** How "Fetch Test Event" says that it found no contact the event wants. */
export interface TestSearch {
	/** `{where}` becomes " in sequence N" (or nothing), `{days}` the widest window tried. */
	missing: string;
	hint: string;
}

/**
 * One event of the trigger: everything the poll runner (pollRunner.ts), Fetch Test Event and
 * the node's description need to know about it. Adding an event means one entry here, and a
 * folder only when its reads truly differ (docs/development.md, "Adding an event").
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
	/** What it emits, for log lines: "new contact", "enriched contact"; `nouns`, more than one. */
	noun: string;
	nouns: string;
	/** The search of a window of `days` (`Less than` days), optionally in one sequence. */
	search(days: number, sequenceId?: number): SearchCondition[];
	/**
	 * Its eligibility: whether it wants a contact the search found (now). One it does not want is
	 * never emitted, recorded, counted toward Max Contacts per Poll, nor ends a read.
	 */
	wants(contact: Contact): boolean;
	/**
	 * The time it files a contact under: the ledger's floor, cutoff and handled point, and the
	 * order the readers check, are all in it.
	 */
	time: TimeOf;
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

/**
 * The trigger's events (the `event` parameter), one entry each, and the one place that names
 * them: the node's options, builder hints and subtitle, the poll, the state key and reader, and
 * what Fetch Test Event searches all come from here. Another event is one more entry.
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
		nouns: 'enriched contacts',
		search: (days, sequenceId) => [
			{ property: 'is_enriched', condition: 'Is', value: true },
			{ property: 'updated_timestamp', condition: 'Less than', value: days },
			...inSequence(sequenceId),
		],
		wants: (contact) => contact?.is_enriched !== false,
		time: createdTime,
		stateKey: ENRICHED_KEY,
		readState: readEligibleState,
		poll: pollEligibleContacts,
		test: {
			missing: 'No enriched contact found{where} updated in the last {days} days',
			hint: 'Add one{where} with a professional-network handle and enrichment, wait until the service has enriched it, then fetch again. The trigger itself starts with contacts enriched after it is activated.',
		},
	}),
	defineEvent({
		value: 'contactSnippetsReady',
		name: 'Contact Snippets Ready',
		description:
			'Triggers once for each contact when the service has written its sentence snippets, the moment to send a personalised message',
		builderHint:
			'Each contact once, when the service has written its sentence snippets (sentence_fields), for contacts added anywhere: use it to send a message built from the snippets.',
		subtitle: 'Contact snippets ready',
		label: 'Outreach Contact Trigger (Contact Snippets Ready)',
		noun: 'contact with snippets',
		nouns: 'contacts with snippets',
		search: (days, sequenceId) => [
			{ property: 'updated_timestamp', condition: 'Less than', value: days },
			...inSequence(sequenceId),
		],
		wants: hasSnippets,
		time: createdTime,
		stateKey: 'outreachContactSnippetsPoll',
		readState: readEligibleState,
		poll: pollEligibleContacts,
		test: {
			missing: 'No contact with snippets found{where} updated in the last {days} days',
			hint: 'Add one{where}, wait until the service has written its sentence snippets, then fetch again. The trigger itself starts with contacts given their snippets after it is activated.',
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
		nouns: 'new contacts',
		search: searchConditions,
		wants: () => true,
		time: createdTime,
		stateKey: NEW_CONTACT_KEY,
		readState: readNewContactState,
		poll: pollNewContacts,
		test: {
			missing: 'No contact found{where} in the last {days} days',
			hint: 'Add one{where}, then fetch again. The trigger itself starts with contacts created after it is activated.',
		},
	}),
];

/** The event that runs when the parameter is missing. */
export const DEFAULT_EVENT = 'newContact';

/**
 * The event a node parameter names; a missing one runs the default. A value this version does not
 * know (a newer version's event, after going back to this one) fails: running another event in
 * its place would emit other contacts under the saved state of none.
 */
export function eventOf(value: unknown): TriggerEventSpec<unknown> {
	const named = value === undefined || value === null || value === '' ? DEFAULT_EVENT : value;
	const event = TRIGGER_EVENTS.find((e) => e.value === named);
	if (event) return event;
	const known = TRIGGER_EVENTS.map((e) => e.name).join(', ');
	throw new InputError(
		'Event',
		`is '${String(named).slice(0, 60)}', which this version of n8n-nodes-outreach-contact does not know (it knows ${known}): update the package to the version that saved the workflow, or pick one of these events`,
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
