/**
 * Workflow and node JSON in one shape for both ways the tests run n8n: its engine in this process
 * (harness/core) and real n8n importing workflows with `n8n import:workflow` (harness/n8n).
 */
import type { IConnections, IDataObject, INode, INodeParameters, IPinData } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../nodes/OutreachContact/transport/request';

export const PACKAGE_NAME = 'n8n-nodes-outreach-contact';
export const OUTREACH_NODE_TYPE = `${PACKAGE_NAME}.outreachContact`;
export const OUTREACH_TRIGGER_TYPE = `${PACKAGE_NAME}.outreachContactTrigger`;
/** The action node as n8n offers it to AI agents and MCP clients (`usableAsTool`). */
export const OUTREACH_TOOL_TYPE = `${PACKAGE_NAME}.outreachContactTool`;

export interface WorkflowJson {
	id: string;
	name: string;
	active?: boolean;
	nodes: INode[];
	connections: IConnections;
	staticData?: IDataObject;
	pinData?: IPinData;
	settings?: IDataObject;
}

/** A saved credential a node points to. */
export interface CredentialRef {
	id: string;
	name: string;
}

/** The credential the in-process tests give every node of ours. */
export const CREDENTIAL_REF: CredentialRef = { id: 'cred-1', name: 'Outreach Contact account' };

let nodeCounter = 0;

/** A node id in the shape n8n writes (a UUID), unique in this process. */
export function nodeId(): string {
	nodeCounter++;
	return `00000000-0000-4000-8000-${String(nodeCounter).padStart(12, '0')}`;
}

/**
 * The Outreach Contact Trigger node, for n8n's engine in this process and for real n8n alike:
 * New Contact polled every minute unless `parameters` say otherwise.
 */
export function triggerNode(
	name: string,
	parameters: IDataObject | INodeParameters = {},
	credential: CredentialRef = CREDENTIAL_REF,
): INode {
	return {
		id: nodeId(),
		name,
		type: OUTREACH_TRIGGER_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {
			event: 'newContact',
			pollTimes: { item: [{ mode: 'everyMinute' }] },
			...parameters,
		},
		credentials: { [CREDENTIAL_TYPE]: credential },
	} as INode;
}

/**
 * Contact → Add's parameters for both ways of running n8n: `email` (a value or an expression) to
 * the sandbox's sequence 101 with its playbook 201, both by id; `more` adds or replaces parameters.
 */
export function contactAddParameters(
	email: string,
	more: IDataObject = {},
): IDataObject & INodeParameters {
	return {
		resource: 'contact',
		operation: 'add',
		email,
		sequenceId: { __rl: true, mode: 'id', value: '101' },
		playbookId: { __rl: true, mode: 'id', value: '201' },
		...more,
	} as IDataObject & INodeParameters;
}

/** What n8n's engine in this process runs: the id and the name may be left out. */
export type RunnableWorkflow = Omit<WorkflowJson, 'id' | 'name'> & Partial<WorkflowJson>;
