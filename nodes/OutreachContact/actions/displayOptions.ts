import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { OutreachContactType } from './node.type';

/** The fields of one operation, shown only when its resource and operation are picked. */
export function forOperation<R extends OutreachContactType['resource']>(
	resource: R,
	operation: Extract<OutreachContactType, { resource: R }>['operation'],
	properties: INodeProperties[],
): INodeProperties[] {
	return updateDisplayOptions(
		{ show: { resource: [resource], operation: [operation] } },
		properties,
	);
}
