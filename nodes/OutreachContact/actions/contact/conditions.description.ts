import type { INodeProperties } from 'n8n-workflow';

import { conditionsHint } from '../../descriptions/builderHints';
import { MAX_DAYS_AGO, PROPERTY_RULES, propertiesOfKind } from '../../helpers/conditions';
import type { SearchOperator, SearchProperty } from '../../types';

const OPERATOR_NAMES: Record<SearchOperator, string> = {
	Is: 'Is',
	'Is not': 'Is Not',
	Contains: 'Contains',
	'Does not contain': 'Does Not Contain',
	'More than': 'More Than',
	Exactly: 'Exactly',
	'Less than': 'Less Than',
};

/** The Operator field of properties that share one set of operators, in alphabetical order. */
function operatorField(
	properties: SearchProperty[],
	defaultOperator: SearchOperator,
): INodeProperties {
	const operators = PROPERTY_RULES[properties[0]].operators;
	return {
		displayName: 'Operator',
		name: 'operator',
		type: 'options',
		default: defaultOperator,
		displayOptions: { show: { property: properties } },
		options: operators
			.map((operator) => ({ name: OPERATOR_NAMES[operator], value: operator }))
			.sort((a, b) => a.name.localeCompare(b.name)),
	};
}

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
	// Email's comes last on purpose: a new condition gets the default of the last field named
	// "operator", and the new condition's property is Email.
	operatorField(['sequence__id', 'premise_ids_used', 'is_enriched'], 'Is'),
	operatorField(['created_timestamp', 'updated_timestamp', 'last_synced_timestamp'], 'Less than'),
	operatorField(['email'], 'Is'),
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
		typeOptions: { minValue: 0, maxValue: MAX_DAYS_AGO, numberPrecision: 0 },
		displayOptions: { show: { property: propertiesOfKind('days') } },
		description: 'Whole days since the event; 0 means today. At most 36,500 (a hundred years).',
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
		typeOptions: { minValue: 1, maxValue: Number.MAX_SAFE_INTEGER, numberPrecision: 0 },
		displayOptions: { show: { property: propertiesOfKind('sequenceId') } },
		description: 'ID of the sequence: a whole number, at most 9,007,199,254,740,991 (2^53 - 1)',
	},
];

/** The notice and the conditions builder of Contact Search. */
export const conditionsFields: INodeProperties[] = [
	{
		displayName:
			'Conditions with the same property and operator match any of their values (OR); all other conditions must all match (AND). Days count whole days since the event: 0 = today.',
		name: 'conditionsNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Conditions',
		name: 'conditions',
		type: 'fixedCollection',
		placeholder: 'Add Condition',
		typeOptions: { multipleValues: true, sortable: true },
		default: {},
		description: 'Filters on contact properties. Without conditions, every contact is returned.',
		builderHint: conditionsHint,
		options: [{ displayName: 'Condition', name: 'condition', values: conditionFields }],
	},
];
