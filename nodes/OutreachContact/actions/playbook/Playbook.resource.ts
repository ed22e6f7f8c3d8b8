import type { INodeProperties } from 'n8n-workflow';

import { getAllSelector } from '../listOperation';
import { getAll } from './getAll.operation';

export const playbookOperations = { getAll };

export const playbookDescription: INodeProperties[] = [
	getAllSelector('playbook', 'playbooks'),
	...getAll.description,
];
