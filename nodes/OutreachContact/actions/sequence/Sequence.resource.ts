import type { INodeProperties } from 'n8n-workflow';

import { getAllSelector } from '../listOperation';
import { getAll } from './getAll.operation';

export const sequenceOperations = { getAll };

export const sequenceDescription: INodeProperties[] = [
	getAllSelector('sequence', 'sequences'),
	...getAll.description,
];
