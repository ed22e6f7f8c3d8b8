import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypes,
	ITriggerFunctions,
	ITriggerResponse,
	IVersionedNodeType,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { OUTREACH_NODE_TYPE, OUTREACH_TOOL_TYPE, OUTREACH_TRIGGER_TYPE } from '../workflowJson';

export { OUTREACH_NODE_TYPE, OUTREACH_TOOL_TYPE, OUTREACH_TRIGGER_TYPE };
export const ITEMS_NODE_TYPE = 'test.items';
export const MANUAL_TRIGGER_TYPE = 'n8n-nodes-base.manualTrigger';

/** Outputs the items given as JSON in its `items` parameter (an array of objects). */
export class ItemsNode implements INodeType {
	description = {
		displayName: 'Items',
		name: ITEMS_NODE_TYPE,
		group: ['input'],
		version: 1,
		description: 'Test helper: outputs fixed items',
		defaults: { name: 'Items' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [{ displayName: 'Items', name: 'items', type: 'json', default: '[]' }],
	} as unknown as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const raw = this.getNodeParameter('items', 0, '[]') as unknown;
		const list = (typeof raw === 'string' ? JSON.parse(raw) : raw) as IDataObject[];
		return [list.map((json) => ({ json, pairedItem: { item: 0 } }))];
	}
}

/** Behaves like n8n-nodes-base.manualTrigger: emits one empty item when run manually. */
export class ManualTriggerNode implements INodeType {
	description = {
		displayName: 'Manual Trigger',
		name: MANUAL_TRIGGER_TYPE,
		group: ['trigger'],
		version: 1,
		description: 'Runs the flow on clicking a button in n8n',
		eventTriggerDescription: '',
		maxNodes: 1,
		defaults: { name: 'Manual' },
		inputs: [],
		outputs: ['main'],
		properties: [],
	} as unknown as INodeType['description'];

	async trigger(this: ITriggerFunctions): Promise<ITriggerResponse> {
		const manualTriggerFunction = async () => {
			this.emit([this.helpers.returnJsonArray([{}])]);
		};
		return { manualTriggerFunction };
	}
}

type NodeClass = new () => INodeType | IVersionedNodeType;

function loadClass(file: string, exportName: string): NodeClass {
	// Lazy on purpose: the node files may not exist while this harness is imported.
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const module = require(file) as Record<string, NodeClass>;
	const cls = module[exportName];
	if (!cls) throw new Error(`${file} does not export ${exportName}`);
	return cls;
}

export function loadOutreachNode(): NodeClass {
	return loadClass('../../nodes/OutreachContact/OutreachContact.node', 'OutreachContact');
}

export function loadOutreachTrigger(): NodeClass {
	return loadClass(
		'../../nodes/OutreachContact/OutreachContactTrigger.node',
		'OutreachContactTrigger',
	);
}

/**
 * The action node under the name n8n gives its AI tool variant: n8n-workflow reads the `@tool`
 * display option from a type name ending in "Tool", so Get and Search show Output instead of
 * Simplify, as they do for an agent or the MCP Server Trigger. Run in a main flow here; n8n
 * passes a tool call's arguments as the input item's `query`, which `$fromAI` reads.
 */
function outreachToolNode(): INodeType {
	const node = new (loadOutreachNode())() as INodeType;
	return {
		description: { ...node.description, name: 'outreachContactTool' },
		methods: node.methods,
		execute: node.execute,
	};
}

export function makeNodeTypes(
	extra: Record<string, INodeType | IVersionedNodeType> = {},
): INodeTypes {
	const cache = new Map<string, INodeType | IVersionedNodeType>();
	const factories: Record<string, () => INodeType | IVersionedNodeType> = {
		[OUTREACH_NODE_TYPE]: () => new (loadOutreachNode())(),
		[OUTREACH_TRIGGER_TYPE]: () => new (loadOutreachTrigger())(),
		[OUTREACH_TOOL_TYPE]: outreachToolNode,
		[ITEMS_NODE_TYPE]: () => new ItemsNode(),
		[MANUAL_TRIGGER_TYPE]: () => new ManualTriggerNode(),
	};
	const get = (name: string): INodeType | IVersionedNodeType => {
		if (extra[name]) return extra[name];
		let type = cache.get(name);
		if (!type) {
			const factory = factories[name];
			if (!factory) throw new Error(`Unknown node type ${name}`);
			type = factory();
			cache.set(name, type);
		}
		return type;
	};
	return {
		getByName: (name) => get(name),
		getByNameAndVersion: (name, version) => NodeHelpers.getVersionedNodeType(get(name), version),
		getKnownTypes: () => ({}),
	};
}

export const nodeTypes: INodeTypes = makeNodeTypes();

// ---------------------------------------------------------------------------------------------
// Workflow JSON builders
