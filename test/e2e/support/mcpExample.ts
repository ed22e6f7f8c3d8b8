/* eslint-disable @n8n/community-nodes/no-restricted-imports -- e2e test code, not shipped: it reads the example with fs */
/**
 * What the MCP end-to-end test (mcp.e2e.test.ts) serves and expects: the example workflow as it
 * ships plus one tool the test adds, n8n's tool names, and the `$fromAI` arguments every tool
 * must show.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { SANDBOX_CREDENTIAL } from '../../../harness/n8n/environment';
import { CREDENTIAL_TYPE, REPO_ROOT, type WorkflowJson } from '../../../harness/n8n/n8n';

export const EXAMPLE = join(REPO_ROOT, 'examples', 'mcp-server-tools.json');
export const TOOL_TYPE = 'n8n-nodes-outreach-contact.outreachContactTool';
export const MCP_TRIGGER_TYPE = '@n8n/n8n-nodes-langchain.mcpTrigger';
/** Per request; n8n shares 2 cores with another suite here, so the first calls can be slow. */
export const CALL_TIMEOUT_MS = 120_000;

/** Asked of the one tool the test adds to the example: Output → Selected Fields. */
export const SELECTED_FIELDS = ['email', 'job_title'];

/**
 * The example as it ships, with every credential reference pointed at the sandbox credential,
 * plus one tool the test adds: Get Contact with Output → Selected Fields (SELECTED_FIELDS).
 */
export function loadExample(): WorkflowJson {
	const workflow = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as WorkflowJson;
	for (const node of workflow.nodes) {
		if (node.credentials?.[CREDENTIAL_TYPE])
			node.credentials[CREDENTIAL_TYPE] = { ...SANDBOX_CREDENTIAL };
	}
	const get = workflow.nodes.find((node) => node.name === 'Get Contact');
	const trigger = workflow.nodes.find((node) => node.type === MCP_TRIGGER_TYPE);
	if (get && trigger) {
		workflow.nodes.push({
			...get,
			id: 'added-by-the-test-selected-fields',
			name: 'Get Contact Fields',
			parameters: {
				...get.parameters,
				toolDescription: `Gets one contact by its id. Argument: contactId. Returns id, ${SELECTED_FIELDS.join(', ')}.`,
				output: 'fields',
				fields: SELECTED_FIELDS,
			},
		});
		workflow.connections['Get Contact Fields'] = {
			ai_tool: [[{ node: trigger.name, type: 'ai_tool', index: 0 }]],
		};
	}
	return workflow;
}

/** n8n's tool name for a node: nodeNameToToolName in n8n-workflow. */
export const toolName = (nodeName: string) => nodeName.replace(/[^a-zA-Z0-9_-]+/g, '_');

/** The `$fromAI` arguments every tool must show, and which of them the model must fill. */
export const EXPECTED_ARGUMENTS: Record<
	string,
	{ properties: Record<string, string>; required: string[] }
> = {
	Add_Contact_to_Sequence: {
		properties: { email: 'string', sequenceId: 'number', playbookId: 'number' },
		required: ['email', 'playbookId', 'sequenceId'],
	},
	Search_Contacts: {
		properties: {
			email: 'string',
			sequenceId: 'number',
			createdInLastDays: 'number',
			limit: 'number',
		},
		required: [],
	},
	Get_Contact: { properties: { contactId: 'number' }, required: ['contactId'] },
	Get_Contact_Fields: { properties: { contactId: 'number' }, required: ['contactId'] },
	List_Sequences: { properties: {}, required: [] },
	List_Playbooks: { properties: {}, required: [] },
};

export interface JsonSchema {
	type?: string;
	description?: string;
	default?: unknown;
	properties?: Record<string, JsonSchema>;
	required?: string[];
}

export interface CallOutcome {
	isError: boolean;
	text: string;
}
