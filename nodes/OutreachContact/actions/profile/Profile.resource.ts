import type { INodeProperties } from 'n8n-workflow';

import type { ResourceOperations } from '../node.type';
import { get } from './get.operation';

export const profileOperations: ResourceOperations<'profile'> = { get };

export const profileDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['profile'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get one profile of the account by ID',
				action: 'Get profile',
			},
		],
		default: 'get',
	},
	...get.description,
];
