import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { simplifyField } from '../../descriptions/simplify';
import { InputError, readBoolean } from '../../helpers/input';
import { simplifyOutput, type ContactOutput } from '../../helpers/shapeContact';
import { SIMPLIFIED_FIELDS } from '../../helpers/simplify';

/*
 * The output fields of Get and Search and their reader. In a workflow: Simplify. As an AI tool
 * (n8n's `@tool` display option): Output, so that an agent's context does not fill with
 * enrichment data. helpers/shapeContact.ts shapes each contact as they ask.
 */

/** The contact's own fields (as the service sends them) and the flat ones Simplify derives. */
const SELECTABLE_FIELDS = [
	...new Set([
		...SIMPLIFIED_FIELDS,
		'custom_fields',
		'pro_net_handle',
		'enriched_contact_data',
		'enriched_company_data',
	]),
].filter((field) => field !== 'id');

const label = (field: string) =>
	field
		.split('_')
		.map((word) => (word === 'id' ? 'ID' : word.charAt(0).toUpperCase() + word.slice(1)))
		.join(' ');

export const contactOutputFields: INodeProperties[] = [
	{ ...simplifyField, displayOptions: { show: { '@tool': [false] } } },
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		displayOptions: { show: { '@tool': [true] } },
		options: [
			{
				name: 'Simplified',
				value: 'simple',
				description: `At most 10 fields: ${SIMPLIFIED_FIELDS.join(', ')}`,
			},
			{ name: 'Raw', value: 'raw', description: 'The whole contact with all its enrichment data' },
			{
				name: 'Selected Fields',
				value: 'fields',
				description: 'Only the fields picked below, and the ID',
			},
		],
		default: 'simple',
	},
	{
		displayName: 'Fields',
		name: 'fields',
		type: 'multiOptions',
		displayOptions: { show: { '@tool': [true], output: ['fields'] } },
		options: SELECTABLE_FIELDS.map((field) => ({ name: label(field), value: field })),
		default: [],
		description: 'The fields to return for each contact; the ID is always returned',
	},
];

/** Reads the output choice of item `i` (Output as a tool, else Simplify). */
export function readContactOutput(ctx: IExecuteFunctions, i: number): ContactOutput {
	const output = ctx.getNodeParameter('output', i, '') as string;
	if (output === '')
		return simplifyOutput(readBoolean(ctx.getNodeParameter('simplify', i, true), 'Simplify', true));
	if (output === 'simple' || output === 'raw') return { mode: output };
	if (output !== 'fields')
		throw new InputError('Output', 'must be Simplified, Raw or Selected Fields');
	const fields = ctx.getNodeParameter('fields', i, []) as unknown;
	if (
		!Array.isArray(fields) ||
		fields.some((field) => !SELECTABLE_FIELDS.includes(String(field)))
	) {
		throw new InputError(
			'Fields',
			`must be a list of contact fields: ${SELECTABLE_FIELDS.join(', ')}`,
		);
	}
	return { mode: 'fields', fields: fields.map(String) };
}
