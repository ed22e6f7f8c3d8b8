import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { triggerNodeHint } from './descriptions/builderHints';
import { filtersCollection, optionsCollection } from './descriptions/collections';
import { idLocator } from './descriptions/idLocator';
import { simplifyField } from './descriptions/simplify';
import { readBoolean, toNodeError } from './helpers/input';
import { shapeContact, simplifyOutput } from './helpers/shapeContact';
import { listSearch } from './methods';
import {
	DEFAULT_EVENT,
	eventOf,
	eventOptions,
	eventSubtitle,
	type TriggerEventSpec,
} from './trigger/events';
import {
	DEFAULT_INITIAL_DAYS,
	DEFAULT_MAX_PER_POLL,
	MAX_INITIAL_DAYS,
	MAX_PER_POLL_LIMIT,
	readSequenceFilter,
	runEventPoll,
	unlessRunning,
} from './trigger/pollRunner';
import { fetchTestEvent } from './trigger/testEvent';
import type { Contact } from './types';

/**
 * Polling trigger: each contact once, oldest first where the service's order allows, when it is
 * created, when the service has written its snippets, or when it has enriched it (the events of
 * trigger/events.ts). The logic is in trigger/ (docs/trigger.md).
 */
export class OutreachContactTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Outreach Contact Trigger',
		name: 'outreachContactTrigger',
		icon: { light: 'file:outreachContact.svg', dark: 'file:outreachContact.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: eventSubtitle,
		description:
			'Starts the workflow when a contact is added, gets its snippets or is enriched in Outreach Contact',
		defaults: { name: 'Outreach Contact Trigger' },
		polling: true,
		builderHint: triggerNodeHint,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'outreachContactApi', required: true }],
		properties: [
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				options: eventOptions,
				default: DEFAULT_EVENT,
			},
			filtersCollection([
				idLocator({
					name: 'sequenceId',
					displayName: 'Sequence',
					listMethod: 'searchSequences',
					description: 'Only contacts of this sequence. Pick it from the list, or enter its ID.',
				}),
			]),
			simplifyField,
			optionsCollection([
				{
					displayName: 'Emit Contacts From the Last N Days on Activation',
					name: 'initialDays',
					type: 'number',
					typeOptions: { minValue: 0, maxValue: MAX_INITIAL_DAYS },
					default: DEFAULT_INITIAL_DAYS,
					description:
						'At the first activation, emit the contacts created in this many past days once (for Contact Enriched and Contact Snippets Ready: once enriched, or once their snippets are written), oldest first, limited per poll like any other. 0 emits nothing at the first activation and only what happens afterwards. At most 3,650 (ten years); a larger value counts as 3,650.',
				},
				{
					displayName: 'Max Contacts per Poll',
					name: 'maxPerPoll',
					type: 'number',
					typeOptions: { minValue: 1, maxValue: MAX_PER_POLL_LIMIT },
					default: DEFAULT_MAX_PER_POLL,
					description:
						'The most contacts one poll emits. When more are new, the oldest come first and the rest in the next polls; none is lost. At most 10,000; a larger value counts as 10,000.',
				},
			]),
		],
	};

	methods = { listSearch };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const filters = this.getNodeParameter('filters', {}) as IDataObject;
		const options = this.getNodeParameter('options', {}) as IDataObject;
		let event: TriggerEventSpec<unknown>;
		let sequenceId: number | undefined;
		let simplify: boolean;
		try {
			event = eventOf(this.getNodeParameter('event', DEFAULT_EVENT));
			simplify = readBoolean(this.getNodeParameter('simplify', true), 'Simplify', true);
			sequenceId = readSequenceFilter(filters.sequenceId);
		} catch (error) {
			throw toNodeError(this.getNode(), error);
		}
		let contacts: Contact[];
		if (this.getMode() === 'manual') {
			contacts = [await fetchTestEvent(this, sequenceId, event)];
		} else {
			const node = this.getNode();
			const key = `${this.getWorkflow().id ?? ''}:${node.id ?? node.name}`;
			const poll = await unlessRunning(
				key,
				async () => await runEventPoll(this, event, key, sequenceId, options),
			);
			if ('skipped' in poll) {
				this.logger.debug(
					'Outreach Contact Trigger: the previous poll is still running; this one is skipped',
				);
				return null;
			}
			contacts = poll.value;
		}
		if (contacts.length === 0) return null;
		return [
			this.helpers.returnJsonArray(
				contacts.map((c: Contact) => shapeContact(c, simplifyOutput(simplify))),
			),
		];
	}
}
