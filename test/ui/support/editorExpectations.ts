/* eslint-disable @n8n/community-nodes/no-restricted-imports -- UI test code, not shipped: it reads the example with fs */
/**
 * What the editor test (editor.ui.test.ts) expects to see and save: the lists the node offers,
 * the example it imports, and the parameters a saved node runs with.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { NodeHelpers, type INodeParameters, type INodeType } from 'n8n-workflow';
import type { Locator } from 'playwright-core';

import { OutreachContact } from '../../../nodes/OutreachContact/OutreachContact.node';
import { OutreachContactTrigger } from '../../../nodes/OutreachContact/OutreachContactTrigger.node';
import { SANDBOX_CREDENTIAL } from '../../../harness/n8n/environment';
import { CREDENTIAL_TYPE, REPO_ROOT, type WorkflowJson } from '../../../harness/n8n/n8n';

/**
 * examples/mcp-server-tools.json, its credential pointed at the sandbox: the node as an AI tool
 * (type outreachContactTool), where Get and Search show Output instead of Simplify.
 */
export function toolWorkflow(): WorkflowJson {
	const workflow = JSON.parse(
		readFileSync(join(REPO_ROOT, 'examples', 'mcp-server-tools.json'), 'utf8'),
	) as WorkflowJson;
	for (const node of workflow.nodes as Array<{ credentials?: Record<string, unknown> }>) {
		if (node.credentials?.[CREDENTIAL_TYPE])
			node.credentials[CREDENTIAL_TYPE] = { ...SANDBOX_CREDENTIAL };
	}
	return workflow;
}

/** n8n adds this to the resource and operation lists of nodes with credentials; not ours. */
export const N8N_CUSTOM_CALL = 'Custom API Call';

export const OPERATIONS: Record<string, string[]> = {
	Contact: ['Add', 'Get', 'Search'],
	Playbook: ['Get Many'],
	Profile: ['Get'],
	Sequence: ['Get Many'],
};

export const DAYS_OPERATORS = ['Exactly', 'Less Than', 'More Than'];
export const IS_OPERATORS = ['Is', 'Is Not'];

/** Contact property => the operators offered and the value parameter shown. */
export const CONDITION_PROPERTIES: Record<string, { operators: string[]; valueInput: string }> = {
	'Created (Days Ago)': { operators: DAYS_OPERATORS, valueInput: 'days' },
	Email: { operators: ['Contains', 'Does Not Contain', 'Is', 'Is Not'], valueInput: 'value' },
	'Is Enriched': { operators: IS_OPERATORS, valueInput: 'enriched' },
	'Last Synced (Days Ago)': { operators: DAYS_OPERATORS, valueInput: 'days' },
	'Premise ID Used': { operators: IS_OPERATORS, valueInput: 'value' },
	Sequence: { operators: IS_OPERATORS, valueInput: 'sequenceId' },
	'Updated (Days Ago)': { operators: DAYS_OPERATORS, valueInput: 'days' },
};
export const VALUE_INPUTS = ['value', 'days', 'enriched', 'sequenceId'];

/** A sequence that exists only in this sandbox: the list must come from the service. */
export const EXTRA_SEQUENCE = { name: 'Spring Launch', profile: 'Globex Growth' };

export const EMAIL = 'ada@example.com';

export interface StoredNode {
	id: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: INodeParameters;
}

export const actionType = new OutreachContact();
export const triggerType = new OutreachContactTrigger();

/** The parameters a saved node runs with: its stored values plus the defaults n8n fills in. */
export function resolved(node: StoredNode, type: INodeType): INodeParameters {
	const parameters = NodeHelpers.getNodeParameters(
		type.description.properties,
		node.parameters,
		true,
		false,
		node,
		type.description,
	);
	if (!parameters) throw new Error(`n8n could not resolve the parameters of "${node.name}"`);
	return parameters;
}

export function itemTexts(items: Locator): Promise<string[]> {
	return items.allInnerTexts().then((texts) => texts.map((text) => text.trim()));
}
