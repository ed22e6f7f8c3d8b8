import { ExecutionLifecycleHooks } from 'n8n-core';
import type {
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { ICredentialsHelper } from 'n8n-workflow';
import { CredentialsInput, TestCredentialsHelper } from './credentials';

export interface AdditionalDataOptions {
	credentials?: CredentialsInput;
	credentialsHelper?: ICredentialsHelper;
	hooks?: ExecutionLifecycleHooks;
	workflowData?: IWorkflowBase;
	mode?: WorkflowExecuteMode;
}

const BASE = 'http://localhost:5678';

export function makeAdditionalData(
	options: AdditionalDataOptions = {},
): IWorkflowExecuteAdditionalData {
	const mode = options.mode ?? 'manual';
	const workflowData: IWorkflowBase =
		options.workflowData ??
		({
			id: 'wf-test',
			name: 'Test workflow',
			active: false,
			isArchived: false,
			nodes: [],
			connections: {},
			createdAt: new Date(),
			updatedAt: new Date(),
			activeVersionId: null,
		} as unknown as IWorkflowBase);
	const hooks = options.hooks ?? new ExecutionLifecycleHooks(mode, 'exec-1', workflowData);
	const additionalData = {
		credentialsHelper: options.credentialsHelper ?? new TestCredentialsHelper(options.credentials),
		hooks,
		executionId: 'exec-1',
		currentNodeExecutionIndex: 0,
		restApiUrl: `${BASE}/rest`,
		instanceBaseUrl: `${BASE}/`,
		formBaseUrl: `${BASE}/form`,
		formWaitingBaseUrl: `${BASE}/form-waiting`,
		formTestBaseUrl: `${BASE}/form-test`,
		webhookBaseUrl: `${BASE}/webhook`,
		webhookWaitingBaseUrl: `${BASE}/webhook-waiting`,
		webhookTestBaseUrl: `${BASE}/webhook-test`,
		mcpBaseUrl: `${BASE}/mcp`,
		mcpTestBaseUrl: `${BASE}/mcp-test`,
		variables: {},
		userId: 'user-1',
		workflowId: workflowData.id,
		executeWorkflow: async () => {
			throw new Error('executeWorkflow is not available in tests');
		},
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		logAiEvent: () => undefined,
		startRunnerTask: async () => {
			throw new Error('Task runners are not available in tests');
		},
	};
	return additionalData as unknown as IWorkflowExecuteAdditionalData;
}

// ---------------------------------------------------------------------------------------------
// Node types
