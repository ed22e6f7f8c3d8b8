/**
 * Workflow JSON for the e2e suite, in the shape `n8n import:workflow` takes. Only our nodes and
 * n8n's own core nodes (Manual Trigger, Edit Fields, Split Out) are used.
 */
import { createHash } from 'node:crypto';

import type { IConnections, IDataObject, INode, INodeParameters } from 'n8n-workflow';

import {
	contactAddParameters,
	nodeId,
	OUTREACH_NODE_TYPE,
	type CredentialRef,
	type WorkflowJson,
} from '../workflowJson';
import { CREDENTIAL_TYPE } from './n8n';

export type { CredentialRef } from '../workflowJson';

type Parameters = INodeParameters;
type NodeJson = INode;

/** A 16-character workflow id (n8n's length), readable and unique per `name`. */
export function workflowId(name: string): string {
	const hash = createHash('sha1').update(name).digest('hex').slice(0, 6);
	return `${name
		.replace(/[^A-Za-z0-9]/g, '')
		.slice(0, 10)
		.padEnd(10, '0')}${hash}`;
}

export function manualTrigger(name = 'Manual'): NodeJson {
	return {
		id: nodeId(),
		name,
		type: 'n8n-nodes-base.manualTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
}

/** Edit Fields (Set) in JSON mode: one item holding `json`. */
export function setJson(name: string, json: Record<string, unknown>): NodeJson {
	return {
		id: nodeId(),
		name,
		type: 'n8n-nodes-base.set',
		typeVersion: 3.4,
		position: [200, 0],
		parameters: { mode: 'raw', jsonOutput: JSON.stringify(json), options: {} },
	};
}

/** Split Out: one item per entry of the array field `field`. */
export function splitOut(name: string, field: string): NodeJson {
	return {
		id: nodeId(),
		name,
		type: 'n8n-nodes-base.splitOut',
		typeVersion: 1,
		position: [400, 0],
		parameters: { fieldToSplitOut: field, options: {} },
	};
}

export function actionNode(
	name: string,
	parameters: Parameters,
	credential: CredentialRef,
	extra: Partial<INode> = {},
): NodeJson {
	return {
		id: nodeId(),
		name,
		type: OUTREACH_NODE_TYPE,
		typeVersion: 1,
		position: [600, 0],
		parameters,
		credentials: { [CREDENTIAL_TYPE]: credential },
		...extra,
	};
}

/**
 * Contact Add of `email` (an expression or a value) to the sandbox's sequence 101 with playbook
 * 201; `more` adds or replaces parameters.
 */
export function addContactNode(
	name: string,
	email: string,
	credential: CredentialRef,
	extra: Partial<INode> = {},
	more: IDataObject = {},
): NodeJson {
	return actionNode(name, contactAddParameters(email, more), credential, extra);
}

/** The trigger node: one builder for both ways of running n8n (harness/workflowJson.ts). */
export { triggerNode } from '../workflowJson';

/**
 * Connections for `from -> to` pairs (main output 0 to input 0). A name may fan out to several
 * targets by listing the pair several times.
 */
export function connect(...pairs: Array<[string, string]>): IConnections {
	const connections: Record<
		string,
		{ main: Array<Array<{ node: string; type: 'main'; index: number }>> }
	> = {};
	for (const [from, to] of pairs) {
		connections[from] ??= { main: [[]] };
		connections[from].main[0].push({ node: to, type: 'main', index: 0 });
	}
	return connections;
}

/** Lays nodes out left to right so the workflows look sane when opened in the editor. */
export function workflow(name: string, nodes: NodeJson[], connections: IConnections): WorkflowJson {
	return {
		id: workflowId(name),
		name,
		active: false,
		nodes: nodes.map((node, index) => ({ ...node, position: [index * 220, 0] })),
		connections,
		settings: { executionOrder: 'v1' },
		pinData: {},
	};
}

/** A workflow whose Manual Trigger feeds `node` (and, in order, any `rest`). */
export function chainWorkflow(name: string, ...nodes: NodeJson[]): WorkflowJson {
	const all = [manualTrigger(), ...nodes];
	const pairs = all.slice(1).map((node, i) => [all[i].name, node.name] as [string, string]);
	return workflow(name, all, connect(...pairs));
}
