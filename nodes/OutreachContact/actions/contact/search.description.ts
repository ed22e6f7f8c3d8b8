import type { INodeProperties } from 'n8n-workflow';

import { propertiesOfKind } from '../../helpers/conditions';
import { returnAllAndLimit } from '../shared';

const show = { resource: ['contact'], operation: ['search'] };

// Display names are alphabetical (n8n's rule for collection fields) and read in order:
// Contact Property, Operator, Value.
const conditionFields: INodeProperties[] = [
	{
		displayName: 'Contact Property',
		name: 'property',
		type: 'options',
		default: 'email',
		description: 'Contact property to filter on',
		options: [
			{ name: 'Created (Days Ago)', value: 'created_timestamp' },
			{ name: 'Email', value: 'email' },
			{ name: 'Is Enriched', value: 'is_enriched' },
			{ name: 'Last Synced (Days Ago)', value: 'last_synced_timestamp' },
			{ name: 'Premise ID Used', value: 'premise_ids_used' },
			{ name: 'Sequence', value: 'sequence__id' },
			{ name: 'Updated (Days Ago)', value: 'updated_timestamp' },
		],
	},
	// One Operator per set of operators the service allows, shown only for its properties.
	{
		displayName: 'Operator',
		name: 'operator',
		type: 'options',
		default: 'Is',
		displayOptions: { show: { property: ['sequence__id', 'premise_ids_used', 'is_enriched'] } },
		options: [
			{ name: 'Is', value: 'Is' },
			{ name: 'Is Not', value: 'Is not' },
		],
	},
	{
		displayName: 'Operator',
		name: 'operator',
		type: 'options',
		default: 'Less than',
		displayOptions: {
			show: { property: ['created_timestamp', 'updated_timestamp', 'last_synced_timestamp'] },
		},
		options: [
			{ name: 'Exactly', value: 'Exactly' },
			{ name: 'Less Than', value: 'Less than' },
			{ name: 'More Than', value: 'More than' },
		],
	},
	// Email's Operator comes last on purpose: a new condition gets the default of the last
	// field named "operator", and the new condition's property is Email.
	{
		displayName: 'Operator',
		name: 'operator',
		type: 'options',
		default: 'Is',
		displayOptions: { show: { property: ['email'] } },
		options: [
			{ name: 'Contains', value: 'Contains' },
			{ name: 'Does Not Contain', value: 'Does not contain' },
			{ name: 'Is', value: 'Is' },
			{ name: 'Is Not', value: 'Is not' },
		],
	},
	{
		displayName: 'Value',
		name: 'value',
		type: 'string',
		default: '',
		displayOptions: { show: { property: propertiesOfKind('text') } },
		description: 'Text to compare with: an email or part of one, or an internal premise ID',
	},
	{
		displayName: 'Value (Days Ago)',
		name: 'days',
		type: 'number',
		default: 0,
		typeOptions: { minValue: 0, numberPrecision: 0 },
		displayOptions: { show: { property: propertiesOfKind('days') } },
		description: 'Whole days since the event; 0 means today',
	},
	{
		displayName: 'Value (Enriched)',
		name: 'enriched',
		type: 'boolean',
		default: true,
		displayOptions: { show: { property: propertiesOfKind('boolean') } },
		description: 'Whether the contact has enrichment data',
	},
	{
		displayName: 'Value (Sequence ID)',
		name: 'sequenceId',
		type: 'number',
		default: 1,
		typeOptions: { minValue: 1, numberPrecision: 0 },
		displayOptions: { show: { property: propertiesOfKind('sequenceId') } },
		description: 'ID of the sequence',
	},
];

export const searchDescription: INodeProperties[] = [
	{
		displayName:
			'Conditions with the same property and operator match any of their values (OR); all other conditions must all match (AND). Days count whole days since the event: 0 = today.',
		name: 'conditionsNotice',
		type: 'notice',
		default: '',
		displayOptions: { show },
	},
	{
		displayName: 'Conditions',
		name: 'conditions',
		type: 'fixedCollection',
		placeholder: 'Add Condition',
		typeOptions: { multipleValues: true, sortable: true },
		default: {},
		displayOptions: { show },
		description: 'Filters on contact properties. Without conditions, every contact is returned.',
		options: [{ displayName: 'Condition', name: 'condition', values: conditionFields }],
	},
	...returnAllAndLimit('contact', 'search'),
];
