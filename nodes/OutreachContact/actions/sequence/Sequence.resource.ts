import type { INodeProperties } from 'n8n-workflow';

import type { ResourceOperations } from '../node.type';
import { getAllSelector } from '../listOperation';
import { getAll } from './getAll.operation';

export const sequenceOperations: ResourceOperations<'sequence'> = { getAll };

export const sequenceDescription: INodeProperties[] = [
	getAllSelector('sequence', 'sequences'),
	...getAll.description,
];
