import type { INodeProperties } from 'n8n-workflow';

import { simplifyContact } from '../../helpers/simplify';
import { requireId } from '../../helpers/validation';
import { getContact } from '../../transport/api';
import { defineOperation } from '../operation';

const description: INodeProperties[] = [
	{
		displayName: 'Contact ID',
		name: 'contactId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 1234',
		displayOptions: { show: { resource: ['contact'], operation: ['get'] } },
		description: 'ID of the contact to get',
	},
];

export const get = defineOperation<{ id: number; simplify: boolean }>({
	description,
	prepare(ctx, i) {
		return {
			id: requireId(ctx.getNodeParameter('contactId', i), 'Contact ID'),
			simplify: ctx.getNodeParameter('simplify', i, true) as boolean,
		};
	},
	async run(ctx, { id, simplify }, i) {
		const contact = await getContact(ctx, id, i);
		return [simplify ? simplifyContact(contact) : contact];
	},
});
