import type { IConnections, IDataObject, INode } from 'n8n-workflow';
import { CREDENTIAL_REF, CREDENTIAL_TYPE } from './credentials';
import { ITEMS_NODE_TYPE, MANUAL_TRIGGER_TYPE, OUTREACH_NODE_TYPE } from './nodeTypes';

export let position = 0;
const nextPosition = (): [number, number] => [(position = (position + 220) % 4400), 300];

export function customNode(
	name: string,
	type: string,
	parameters: IDataObject = {},
	typeVersion = 1,
): INode {
	return {
		id: `id-${name}`,
		name,
		type,
		typeVersion,
		position: nextPosition(),
		parameters,
	} as INode;
}

export function manualTriggerNode(name = 'Manual'): INode {
	return customNode(name, MANUAL_TRIGGER_TYPE);
}

export function itemsNode(name: string, items: IDataObject[]): INode {
	return customNode(name, ITEMS_NODE_TYPE, { items: JSON.stringify(items) });
}

export function outreachNode(name: string, parameters: IDataObject): INode {
	return {
		...customNode(name, OUTREACH_NODE_TYPE, parameters),
		credentials: { [CREDENTIAL_TYPE]: CREDENTIAL_REF },
	};
}

/** The trigger node and Contact → Add's parameters: for both ways of running n8n (harness/workflowJson.ts). */
export { contactAddParameters, triggerNode } from '../workflowJson';

/** Connects the named nodes one after another. */
export function chain(...names: string[]): IConnections {
	const connections: IConnections = {};
	for (let i = 0; i + 1 < names.length; i++) {
		connections[names[i]] = { main: [[{ node: names[i + 1], type: 'main', index: 0 }]] };
	}
	return connections;
}

export interface NodeWorkflowOptions {
	/** What the Items node outputs; default one empty item. */
	items?: IDataObject[];
	continueOnFail?: boolean;
}

/** Manual → Items → the Outreach Contact node named "Node" with `parameters`. */
export function nodeWorkflow(
	parameters: IDataObject,
	options: NodeWorkflowOptions = {},
): { nodes: INode[]; connections: IConnections } {
	return {
		nodes: [
			manualTriggerNode(),
			itemsNode('Items', options.items ?? [{}]),
			{ ...outreachNode('Node', parameters), continueOnFail: options.continueOnFail ?? false },
		],
		connections: chain('Manual', 'Items', 'Node'),
	};
}

// ---------------------------------------------------------------------------------------------
// Running
