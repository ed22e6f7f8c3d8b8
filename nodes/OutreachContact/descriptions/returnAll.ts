import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { InputError, readBoolean, toWholeNumber } from '../helpers/input';

/** The most results Limit asks for; more is what Return All is for. */
const MAX_LIMIT = 1_000_000;

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
		typeOptions: { minValue: 1, maxValue: MAX_LIMIT },
		displayOptions: { show: { returnAll: [false] } },
		// n8n's linter fixes the description of every Limit; the maximum is stated in the hint.
		description: 'Max number of results to return',
		hint: 'At most 1,000,000; a larger value fails the item. For more, turn on Return All.',
	},
];

/**
 * The limit to apply, or undefined for Return All. Checked in `prepare` (requireLimit); a whole
 * number above the maximum is refused here.
 */
export function readLimit(ctx: IExecuteFunctions, itemIndex: number): unknown {
	if (readBoolean(ctx.getNodeParameter('returnAll', itemIndex, false), 'Return All', false))
		return undefined;
	const limit = ctx.getNodeParameter('limit', itemIndex, 50);
	const whole = toWholeNumber(limit);
	if (whole !== undefined && whole > MAX_LIMIT) {
		throw new InputError(
			'Limit',
			`must be at most ${MAX_LIMIT}, got ${whole}. To get more results, turn on Return All.`,
		);
	}
	return limit;
}
