import type { INodeProperties } from 'n8n-workflow';

import { requireId } from '../../helpers/input';
import { getProfile } from '../../transport/api';
import { defineOperation } from '../operation';

const fields: INodeProperties[] = [
	{
		displayName: 'Profile ID',
		name: 'profileId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 7',
		description: 'ID of the profile to get',
	},
];

export const get = defineOperation({
	option: {
		name: 'Get',
		value: 'get',
		description: 'Get one profile of the account by ID',
		action: 'Get profile',
	},
	fields,
	prepare(ctx, i): { id: number } {
		return { id: requireId(ctx.getNodeParameter('profileId', i), 'Profile ID') };
	},
	async run(ctx, { id }, i) {
		return [await getProfile(ctx, id, i)];
	},
});
