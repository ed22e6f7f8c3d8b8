import type { AllEntities } from 'n8n-workflow';

import type { Operation } from './operation';

/** Every resource of the node with its operations' values. */
type NodeMap = {
	contact: 'add' | 'get' | 'search';
	playbook: 'getAll';
	sequence: 'getAll';
	profile: 'get';
};

export type OutreachContactType = AllEntities<NodeMap>;

/** The operations of one resource, keyed by exactly its operation values. */
export type ResourceOperations<R extends OutreachContactType['resource']> = Record<
	Extract<OutreachContactType, { resource: R }>['operation'],
	Operation
>;
