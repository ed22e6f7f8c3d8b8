/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a demo helper, not shipped */
import { readFileSync } from 'node:fs';

import type { WorkflowJson } from '../harness/n8n/n8n';
import type { CredentialRef } from '../harness/n8n/workflows';

/** A workflow file with every Outreach Contact credential reference pointed at `credential`. */
export function workflowUsing(file: string, credential: CredentialRef): WorkflowJson {
	const workflow = JSON.parse(readFileSync(file, 'utf8')) as WorkflowJson;
	for (const node of workflow.nodes as Array<{ credentials?: Record<string, CredentialRef> }>) {
		if (node.credentials?.outreachContactApi) node.credentials.outreachContactApi = credential;
	}
	return workflow;
}
