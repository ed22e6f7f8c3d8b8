import type { INodeProperties } from 'n8n-workflow';
import { optionsCollection } from '../../../descriptions/collections';

import {
	playbookHint,
	sequenceHint,
	waitForProcessingHint,
} from '../../../descriptions/builderHints';
import { idLocator } from '../../../descriptions/idLocator';

/** The fields of Contact → Add. What the options cost in requests is in README "Operations". */

export const DEFAULT_WAIT_TIMEOUT_S = 600;

/** One hour: the service processes a contact in minutes; a longer wait only holds the run. */
export const MAX_WAIT_TIMEOUT_S = 86_400;

export const addFields: INodeProperties[] = [
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		required: true,
		description: 'Email address of the contact to add',
	},
	idLocator({
		name: 'sequenceId',
		displayName: 'Sequence',
		listMethod: 'searchSequences',
		description: 'The sequence to add the contact to. Pick it from the list, or enter its ID.',
		required: true,
		builderHint: sequenceHint,
	}),
	idLocator({
		name: 'playbookId',
		displayName: 'Playbook',
		listMethod: 'searchPlaybooks',
		description: 'The playbook to run for the contact. Pick it from the list, or enter its ID.',
		required: true,
		builderHint: playbookHint,
	}),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Custom Fields',
				name: 'customFields',
				type: 'fixedCollection',
				placeholder: 'Add Custom Field',
				typeOptions: { multipleValues: true },
				default: {},
				description: 'Custom fields to store on the contact',
				options: [
					{
						displayName: 'Field',
						name: 'field',
						values: [
							{
								displayName: 'Name',
								name: 'name',
								type: 'string',
								default: '',
								description: 'Name of the custom field',
							},
							{
								displayName: 'Value',
								name: 'value',
								type: 'string',
								default: '',
								description: 'Value to store',
							},
						],
					},
				],
			},
			{
				displayName: 'Enrich Contact',
				name: 'doEnrichment',
				type: 'boolean',
				default: false,
				description:
					'Whether the service should enrich the contact with person and company data looked up from the Pronet handle (the handle is then required)',
			},
			{
				displayName: 'Pronet Handle',
				name: 'pronetHandle',
				type: 'string',
				default: '',
				placeholder: 'e.g. jane-doe or https://pronet.example/in/jane-doe',
				description: 'Professional-network handle or profile URL of the contact',
			},
		],
	},
	optionsCollection([
		{
			displayName: 'Look Up Contact',
			name: 'lookUpContact',
			type: 'boolean',
			default: true,
			description:
				"Whether to find the contact's ID and whether it was already in the sequence, with one search per 100 items before the adds and one after",
		},
		{
			displayName: 'Simplify',
			name: 'simplify',
			type: 'boolean',
			default: true,
			description:
				'Whether to return a flat object with the most useful fields instead of the whole contact (with Wait for Processing)',
		},
		{
			displayName: 'Wait for Processing',
			name: 'waitForProcessing',
			type: 'boolean',
			default: false,
			builderHint: waitForProcessingHint,
			description:
				'Whether to output each contact only once the service has written its snippets (and its enrichment, when Enrich Contact is on), as Get returns it. Waiting contacts are checked together, one search per 100 at a time.',
		},
		{
			displayName: 'Wait Timeout',
			name: 'waitTimeout',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_WAIT_TIMEOUT_S },
			default: DEFAULT_WAIT_TIMEOUT_S,
			description:
				'With Wait for Processing: seconds to wait for a contact before its item fails with what it still lacks. At most 86,400 (one day); a larger value fails the item.',
		},
	]),
];
