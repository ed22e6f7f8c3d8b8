import type { INodeProperties } from 'n8n-workflow';

import type { ResourceOperations } from '../node.type';
import { getAllSelector } from '../listOperation';
import { getAll } from './getAll.operation';

export const playbookOperations: ResourceOperations<'playbook'> = { getAll };

export const playbookDescription: INodeProperties[] = [
	getAllSelector('playbook', 'playbooks'),
	...getAll.description,
];
