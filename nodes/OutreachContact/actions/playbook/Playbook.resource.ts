import { resourceDescription } from '../displayOptions';
import { getAll } from './getAll.operation';

export const playbookOperations = [getAll] as const;

export const playbookDescription = resourceDescription('playbook', playbookOperations);
