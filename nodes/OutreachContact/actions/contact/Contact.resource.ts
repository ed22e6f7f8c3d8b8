import type { INodeProperties } from 'n8n-workflow';

import type { ResourceOperations } from '../node.type';
import { add } from './add/add.operation';
import { get } from './get.operation';
import { search } from './search.operation';

export const contactOperations: ResourceOperations<'contact'> = { add, get, search };

export const contactDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['contact'] } },
		options: [
			{
				name: 'Add',
				value: 'add',
				description:
					'Add a contact to a sequence with a playbook and queue it for snippets and enrichment',
				action: 'Add contact to sequence',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get one contact by ID, with its snippets and enrichment data',
				action: 'Get contact',
			},
			{
				name: 'Search',
				value: 'search',
				description: 'Search contacts by sequence, email, premise, dates or enrichment',
				action: 'Search contacts',
			},
		],
		default: 'add',
	},
	...add.description,
	...get.description,
	...search.description,
];
