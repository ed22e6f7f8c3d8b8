import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Operation } from './operation';

/**
 * A resource's part of the node: its Operation dropdown, built from its operations in their
 * order (the first is the default), then each operation's fields, shown only when its resource
 * and operation are picked.
 */
export function resourceDescription(
	resource: string,
	operations: readonly Operation[],
): INodeProperties[] {
	// A name, not `operations[0].option.value`: n8n's linter reads a default only from a name or
	// a literal, and asks for one otherwise.
	const first = operations[0].option.value;
	return [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource] } },
			options: operations.map((operation) => operation.option),
			default: first,
		},
		...operations.flatMap(({ option, fields }) =>
			updateDisplayOptions({ show: { resource: [resource], operation: [option.value] } }, fields),
		),
	];
}
