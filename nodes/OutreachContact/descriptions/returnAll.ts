import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readBoolean } from '../helpers/input';

/** Return All, and the Limit shown when it is off. */
export const returnAllFields: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		default: 50,
		typeOptions: { minValue: 1 },
		displayOptions: { show: { returnAll: [false] } },
		description: 'Max number of results to return',
	},
];

/** The limit to apply, or undefined for Return All. Checked in `prepare`. */
export function readLimit(ctx: IExecuteFunctions, itemIndex: number): unknown {
	return readBoolean(ctx.getNodeParameter('returnAll', itemIndex, false), 'Return All', false)
		? undefined
		: ctx.getNodeParameter('limit', itemIndex, 50);
}
