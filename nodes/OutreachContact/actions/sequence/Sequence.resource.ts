import { resourceDescription } from '../displayOptions';
import { getAll } from './getAll.operation';

export const sequenceOperations = [getAll] as const;

export const sequenceDescription = resourceDescription('sequence', sequenceOperations);
