import type { INodeProperties } from 'n8n-workflow';

import { requireId } from '../../helpers/input';
import { shapeContact, type ContactOutput } from '../../helpers/shapeContact';
import { getContact } from '../../transport/api';
import { defineOperation } from '../operation';
import { contactOutputFields, readContactOutput } from './contactOutput';

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
	...contactOutputFields,
];

export const get = defineOperation({
	option: {
		name: 'Get',
		value: 'get',
		description: 'Get one contact by ID, with its snippets and enrichment data',
		action: 'Get contact',
	},
	fields,
	prepare(ctx, i): { id: number; output: ContactOutput } {
		return {
			id: requireId(ctx.getNodeParameter('contactId', i), 'Contact ID'),
			output: readContactOutput(ctx, i),
		};
	},
	async run(ctx, { id, output }, i) {
		return [shapeContact(await getContact(ctx, id, i), output)];
	},
});
