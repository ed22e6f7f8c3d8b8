import type { IDataObject, IExecuteFunctions, INodeType } from 'n8n-workflow';
import { CREDENTIAL_TYPE, CredentialsInput } from './credentials';
import { chain, customNode, itemsNode } from './nodes';
import { WorkflowResult, runWorkflow } from './run';

export interface CallInNodeOptions {
	credentials?: CredentialsInput;
	/** Input items of the throwaway node (default one empty item). */
	items?: IDataObject[];
	parameters?: IDataObject;
}

export interface CallInNodeResult<T> {
	value?: T;
	error?: unknown;
	threw: boolean;
	result: WorkflowResult;
}

const CALL_NODE_TYPE = 'test.callInNode';

/**
 * Runs `fn` with a real n8n-core ExecuteContext (`this` of a node's execute()) that has the
 * `outreachContactApi` credential attached.
 */
export async function callInNode<T>(
	fn: (ctx: IExecuteFunctions) => Promise<T>,
	options: CallInNodeOptions = {},
): Promise<CallInNodeResult<T>> {
	const outcome: { value?: T; error?: unknown; threw: boolean } = { threw: false };
	const callNode: INodeType = {
		description: {
			displayName: 'Call',
			name: CALL_NODE_TYPE,
			group: ['transform'],
			version: 1,
			description: 'Test helper',
			defaults: { name: 'Call' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: CREDENTIAL_TYPE, required: true }],
			properties: [],
		} as unknown as INodeType['description'],
		async execute(this: IExecuteFunctions) {
			try {
				outcome.value = await fn(this);
			} catch (error) {
				outcome.error = error;
				outcome.threw = true;
			}
			return [[{ json: {} }]];
		},
	};
	const result = await runWorkflow(
		{
			nodes: [
				itemsNode('Input', options.items ?? [{}]),
				customNode('Call', CALL_NODE_TYPE, options.parameters ?? {}),
			],
			connections: chain('Input', 'Call'),
		},
		{ credentials: options.credentials, extraNodeTypes: { [CALL_NODE_TYPE]: callNode } },
	);
	const failed = result.errorOf('Call') ?? result.errorOf('Input');
	if (failed) throw failed;
	return { ...outcome, result };
}

// ---------------------------------------------------------------------------------------------
// Secrets
