import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { idLocator } from './descriptions/idLocator';
import {
	DEFAULT_INITIAL_DAYS,
	DEFAULT_MAX_PER_POLL,
	PollCollector,
	TEST_EVENT_WINDOWS,
	finishPoll,
	newestContact,
	parseSequenceId,
	planPoll,
	pollSettings,
	searchConditions,
} from './helpers/pollLogic';
import { STATE_KEY, readPollState } from './helpers/pollState';
import { simplifyContact } from './helpers/simplify';
import { searchSequences } from './methods/listSearch';
import { getClock } from './transport/clock';
import { pollDeadline, walkSearch } from './trigger/searchWindow';
import type { Contact } from './types';

/**
 * Polling trigger: each new contact once, as one item, oldest first.
 *
 * The logic lives in helpers/pollLogic.ts (what to emit, the state and its bound), with the
 * time rules in helpers/pollTime.ts and paging in helpers/pollPaging.ts; this file only wires
 * n8n to it. Trigger mode: plan, read every page of the window, then store the new state and
 * emit. Any failed request throws before the state is touched, so the next poll repeats the
 * same window. Manual mode ("Fetch Test Event") returns the newest matching contact and never
 * reads or writes the state.
 */
export class OutreachContactTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Outreach Contact Trigger',
		name: 'outreachContactTrigger',
		icon: { light: 'file:outreachContact.svg', dark: 'file:outreachContact.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle:
			'={{$parameter["filters"]["sequenceId"] && $parameter["filters"]["sequenceId"].value ? "New contact in sequence " + $parameter["filters"]["sequenceId"].value : "New contact"}}',
		description: 'Starts the workflow when a contact is added in Outreach Contact',
		defaults: { name: 'Outreach Contact Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'outreachContactApi', required: true }],
		properties: [
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'New Contact',
						value: 'newContact',
						description: 'Triggers once for each contact created in the account',
					},
				],
				default: 'newContact',
			},
			{
				displayName: 'Filters',
				name: 'filters',
				type: 'collection',
				placeholder: 'Add Filter',
				default: {},
				options: [
					idLocator({
						name: 'sequenceId',
						displayName: 'Sequence',
						listMethod: 'searchSequences',
						description: 'Only contacts of this sequence. Pick it from the list, or enter its ID.',
					}),
				],
			},
			{
				displayName: 'Simplify',
				name: 'simplify',
				type: 'boolean',
				default: true,
				description:
					'Whether to return a flat object with the most useful fields instead of the whole contact with its enrichment data',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Emit Contacts From the Last N Days on Activation',
						name: 'initialDays',
						type: 'number',
						typeOptions: { minValue: 0 },
						default: DEFAULT_INITIAL_DAYS,
						description:
							'At the first activation, emit the contacts created in this many past days once (oldest first, limited per poll like any other). 0 emits nothing at the first activation and only contacts created afterwards.',
					},
					{
						displayName: 'Max Contacts per Poll',
						name: 'maxPerPoll',
						type: 'number',
						typeOptions: { minValue: 1 },
						default: DEFAULT_MAX_PER_POLL,
						description:
							'The most contacts one poll emits. When more are new, the oldest come first and the rest in the next polls; none is lost.',
					},
				],
			},
		],
	};

	methods = {
		listSearch: { searchSequences },
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const filters = this.getNodeParameter('filters', {}) as IDataObject;
		const simplify = this.getNodeParameter('simplify', true) as boolean;
		const options = this.getNodeParameter('options', {}) as IDataObject;
		const sequence = parseSequenceId(filters.sequenceId);
		if (sequence.error) throw new NodeOperationError(this.getNode(), sequence.error);
		const toItems = (contacts: Contact[]) =>
			this.helpers.returnJsonArray(contacts.map((c) => (simplify ? simplifyContact(c) : c)));

		if (this.getMode() === 'manual') {
			return [toItems([await fetchTestEvent(this, sequence.id)])];
		}

		const staticData = this.getWorkflowStaticData('node');
		const stored = readPollState(staticData[STATE_KEY]);
		if (stored.problem) {
			this.logger.warn(`Outreach Contact Trigger: ${stored.problem}; starting again from now`);
		}
		const start = getClock().now();
		const plan = planPoll(stored.state, start, pollSettings(options));
		const collector = new PollCollector(plan);
		await walkSearch(
			this,
			searchConditions(plan.windowDays, sequence.id),
			(contacts) => collector.add(contacts),
			pollDeadline(this, start),
		);
		const outcome = finishPoll(plan, collector);

		// Every request succeeded: only now does the state move.
		staticData[STATE_KEY] = outcome.state as unknown as IDataObject;

		if (outcome.unreadable.length > 0) {
			this.logger.warn(
				`Outreach Contact Trigger: skipped ${outcome.unreadable.length} contact(s) without a readable id or created_date: ${outcome.unreadable.slice(0, 10).join(', ')}`,
			);
		}
		if (outcome.deferred.length > 0) {
			this.logger.warn(
				`Outreach Contact Trigger: ${outcome.deferred.length} contact(s) are dated more than a day ahead and wait until then: ${outcome.deferred.slice(0, 10).join(', ')}`,
			);
		}
		if (outcome.backlog > 0) {
			this.logger.debug(
				`Outreach Contact Trigger: ${outcome.backlog} more new contact(s) will be emitted by the next polls`,
			);
		}
		return outcome.emit.length > 0 ? [toItems(outcome.emit)] : null;
	}
}

/**
 * "Fetch Test Event": the newest matching contact, from ever wider windows (created fewer than
 * 2, 8, 31, then 366 days ago) so that an active account needs one small search. Reads no state
 * and writes none.
 */
async function fetchTestEvent(ctx: IPollFunctions, sequenceId: number | undefined): Promise<Contact> {
	for (const days of TEST_EVENT_WINDOWS) {
		let newest: Contact | undefined;
		const now = getClock().now();
		await walkSearch(ctx, searchConditions(days, sequenceId), (page) => {
			newest = newestContact(newest ? [newest, ...page] : page, now);
		});
		if (newest) return newest;
	}
	const lastDays = TEST_EVENT_WINDOWS[TEST_EVENT_WINDOWS.length - 1] - 1;
	const where = sequenceId === undefined ? '' : ` in sequence ${sequenceId}`;
	throw new NodeOperationError(ctx.getNode(), `No contact found${where} in the last ${lastDays} days`, {
		description: `Add one${where}, then fetch again. The trigger itself starts with contacts created after it is activated.`,
	});
}
