import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { filtersCollection } from '../descriptions/collections';

import { readLimit, returnAllFields } from '../descriptions/returnAll';
import { optionalId, requireLimit } from '../helpers/input';
import type { RequestContext } from '../transport/request';
import { defineOperation } from './operation';

/**
 * "Get Many" of a resource the service lists in one answer (playbooks, sequences): an
 * optional profile filter, then Return All or the first Limit entries, one item each.
 */
export function listOperation(
	plural: string,
	list: (
		ctx: RequestContext,
		profileId: number | undefined,
		itemIndex: number,
	) => Promise<IDataObject[]>,
) {
	const fields: INodeProperties[] = [
		...returnAllFields,
		filtersCollection([
			{
				displayName: 'Profile ID',
				name: 'profileId',
				type: 'number',
				default: 0,
				typeOptions: { minValue: 0, maxValue: Number.MAX_SAFE_INTEGER, numberPrecision: 0 },
				description: `Only ${plural} of this profile (its ID, a whole number up to 2^53 - 1; 0 for all profiles)`,
			},
		]),
	];
	return defineOperation({
		option: {
			name: 'Get Many',
			value: 'getAll',
			description: `List the ${plural} of the account, optionally of one profile`,
			action: `Get many ${plural}`,
		},
		fields,
		prepare(ctx, i): { profileId?: number; limit?: number } {
			const filters = ctx.getNodeParameter('filters', i, {}) as IDataObject;
			const limit = readLimit(ctx, i);
			// 0 is the number field's empty value: no filter.
			const profileId = filters.profileId === 0 ? undefined : filters.profileId;
			return {
				profileId: optionalId(profileId, 'Filters › Profile ID'),
				limit: limit === undefined ? undefined : requireLimit(limit),
			};
		},
		async run(ctx, { profileId, limit }, i) {
			const entries = await list(ctx, profileId, i);
			return limit === undefined ? entries : entries.slice(0, limit);
		},
	});
}
