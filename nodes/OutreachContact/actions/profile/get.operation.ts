import type { INodeProperties } from 'n8n-workflow';

import { requireId } from '../../helpers/validation';
import { getProfile } from '../../transport/api';
import { defineOperation } from '../operation';

const description: INodeProperties[] = [
	{
		displayName: 'Profile ID',
		name: 'profileId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 7',
		displayOptions: { show: { resource: ['profile'], operation: ['get'] } },
		description: 'ID of the profile to get',
	},
];

export const get = defineOperation<{ id: number }>({
	description,
	prepare(ctx, i) {
		return { id: requireId(ctx.getNodeParameter('profileId', i), 'Profile ID') };
	},
	async run(ctx, { id }, i) {
		return [await getProfile(ctx, id, i)];
	},
});
