import type { INodeProperties } from 'n8n-workflow';

import { forOperation } from '../displayOptions';
import { simplifyField } from '../../descriptions/simplify';
import { simplifyContact } from '../../helpers/simplify';
import { requireId } from '../../helpers/input';
import { getContact } from '../../transport/api';
import { defineOperation } from '../operation';

const fields: INodeProperties[] = [
	{
		displayName: 'Contact ID',
		name: 'contactId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 1234',
		description: 'ID of the contact to get',
	},
	simplifyField,
];

export const get = defineOperation<{ id: number; simplify: boolean }>({
	description: forOperation('contact', 'get', fields),
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
