import { ExecuteContext, RoutingNode } from 'n8n-core';
import type {
	IAuthenticateRuleResponseSuccessBody,
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	INodeCredentialTestResult,
	ICredentialType,
	INode,
	INodeExecutionData,
	INodeType,
	INodeTypes,
} from 'n8n-workflow';
import { NodeHelpers, Workflow, createRunExecutionData } from 'n8n-workflow';
import {
	CREDENTIAL_REF,
	CREDENTIAL_TYPE,
	CredentialsInput,
	TestCredentialsHelper,
	credentialType,
	withCredentialDefaults,
} from './credentials';
import { makeAdditionalData } from './additionalData';

export interface CredentialTestOutcome extends INodeCredentialTestResult {
	/** The error RoutingNode threw, if the request failed (for secret checks). */
	error?: unknown;
	credentialsHelper: TestCredentialsHelper;
}

/**
 * What n8n's "Test" button does for a credential with a declarative `test` (packages/cli
 * credentials-tester.service.ts `testCredentials`, copied step by step): defaults applied, a
 * temporary no-op node whose one property routes `test.request`, run by n8n-core's RoutingNode
 * in 'internal' mode, then `rules` applied (`responseCode` on failed answers, the status text
 * otherwise; the network error code; `responseSuccessBody` on success).
 */
export async function runCredentialTest(
	data: CredentialsInput,
	credential: ICredentialType = credentialType,
): Promise<CredentialTestOutcome> {
	const testRequest = credential.test;
	if (!testRequest) throw new Error('The credential has no test');
	const credentialsDecrypted: ICredentialsDecrypted = {
		id: CREDENTIAL_REF.id,
		name: CREDENTIAL_REF.name,
		type: CREDENTIAL_TYPE,
		data: withCredentialDefaults(structuredClone(data) as ICredentialDataDecryptedObject),
	};
	const noOp = {
		displayName: 'No Operation, do nothing',
		name: 'n8n-nodes-base.noOp',
		group: ['transform'],
		version: 1,
		description: 'No Operation',
		defaults: { name: 'No Operation, do nothing' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [],
	} as unknown as INodeType['description'];
	const node: INode = {
		id: 'temp',
		parameters: {},
		name: 'Temp-Node',
		type: noOp.name,
		typeVersion: 1,
		position: [0, 0],
		credentials: {
			[CREDENTIAL_TYPE]: { id: credentialsDecrypted.id, name: credentialsDecrypted.name },
		},
	};
	const nodeTypeCopy: INodeType = {
		description: {
			...noOp,
			credentials: [{ name: CREDENTIAL_TYPE, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					routing: { request: testRequest.request },
					default: '',
				},
			],
		},
	};
	const mockNodeTypes: INodeTypes = {
		getKnownTypes: () => ({}),
		getByName: () => nodeTypeCopy,
		getByNameAndVersion: (_name, version) =>
			NodeHelpers.getVersionedNodeType(nodeTypeCopy, version),
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: mockNodeTypes,
	});
	const credentialsHelper = new TestCredentialsHelper(credentialsDecrypted.data);
	const additionalData = makeAdditionalData({ credentialsHelper, mode: 'internal' });
	const inputData = { main: [[{ json: {} }]] };
	const runExecutionData = createRunExecutionData({ resultData: { runData: {} } } as never);
	const executeFunctions = new ExecuteContext(
		workflow,
		node,
		additionalData,
		'internal',
		runExecutionData,
		0,
		[],
		inputData,
		{ node, data: {}, source: null },
		[],
	);
	const routingNode = new RoutingNode(executeFunctions, nodeTypeCopy, credentialsDecrypted);

	let response: INodeExecutionData[][] | null | undefined;
	try {
		// n8n 2.x evaluates expressions in an isolate when its VM engine is on (no-op otherwise).
		response = await workflow.expression.withIsolate(async () => await routingNode.runNode());
	} catch (caught) {
		const error = caught as {
			message: string;
			cause?: { response?: { status: number; statusText?: string }; code?: string };
		};
		const fail = (message: string): CredentialTestOutcome => ({
			status: 'Error',
			message,
			error,
			credentialsHelper,
		});
		if (error.cause?.response) {
			const statusCode = error.cause.response.status;
			const statusMessage = error.cause.response.statusText;
			for (const rule of testRequest.rules ?? []) {
				if (rule.type === 'responseCode' && statusCode === rule.properties.value) {
					return fail(rule.properties.message);
				}
			}
			if (statusCode < 199 || statusCode > 299) {
				return fail(statusMessage || `Received HTTP status code: ${statusCode}`);
			}
		} else if (error.cause?.code) {
			return fail(error.cause.code);
		}
		return fail(error.message.toString());
	}

	for (const rule of (testRequest.rules ??
		[]) as unknown as IAuthenticateRuleResponseSuccessBody[]) {
		if (rule.type === 'responseSuccessBody') {
			const responseData = response![0][0].json;
			if (lodashGet(responseData, rule.properties.key) === rule.properties.value) {
				return { status: 'Error', message: rule.properties.message, credentialsHelper };
			}
		}
	}
	return { status: 'OK', message: 'Connection successful!', credentialsHelper };
}

/** lodash.get for a dotted path (what the tester uses on the response body). */
function lodashGet(value: unknown, path: string): unknown {
	let current: unknown = value;
	for (const key of path.split('.')) {
		if (current === null || current === undefined) return undefined;
		current = (current as Record<string, unknown>)[key];
	}
	return current;
}

// ---------------------------------------------------------------------------------------------
// Real sockets (for network failures nock cannot fake reliably)
