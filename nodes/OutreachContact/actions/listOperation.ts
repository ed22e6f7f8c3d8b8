import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { optionalId, requireLimit } from '../helpers/validation';
import type { RequestContext } from '../transport/request';
import { defineOperation } from './operation';
import { readLimit, returnAllAndLimit } from './shared';

/**
 * "Get Many" of a resource the service lists in one answer (playbooks, sequences): an
 * optional profile filter, then Return All or the first Limit entries, one item each.
 */
export function listOperation(
	resource: string,
	plural: string,
	list: (ctx: RequestContext, profileId: number | undefined, itemIndex: number) => Promise<IDataObject[]>,
) {
	const description: INodeProperties[] = [
		...returnAllAndLimit(resource, 'getAll'),
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			displayOptions: { show: { resource: [resource], operation: ['getAll'] } },
			options: [
				{
					displayName: 'Profile ID',
					name: 'profileId',
					type: 'number',
					default: 0,
					typeOptions: { minValue: 0, numberPrecision: 0 },
					description: `Only ${plural} of this profile`,
				},
			],
		},
	];
	return defineOperation<{ profileId?: number; limit?: number }>({
		description,
		prepare(ctx, i) {
			const filters = ctx.getNodeParameter('filters', i, {}) as IDataObject;
			const limit = readLimit(ctx, i);
			return {
				profileId: optionalId(filters.profileId, 'Filters › Profile ID'),
				limit: limit === undefined ? undefined : requireLimit(limit),
			};
		},
		async run(ctx, { profileId, limit }, i) {
			const entries = await list(ctx, profileId, i);
			return limit === undefined ? entries : entries.slice(0, limit);
		},
	});
}

export function getAllSelector(resource: string, plural: string): INodeProperties {
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				description: `List the ${plural} of the account, optionally of one profile`,
				action: `Get many ${plural}`,
			},
		],
		default: 'getAll',
	};
}
