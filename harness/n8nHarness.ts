/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not shipped: local servers for network failures */
/**
 * Runs this package's nodes through n8n-core for real (WorkflowExecute, PollContext,
 * ExecuteContext, n8n's request helpers and expression engine), with no n8n server.
 *
 * Exports
 * - `OUTREACH_NODE_TYPE`, `OUTREACH_TRIGGER_TYPE`, `ITEMS_NODE_TYPE`, `MANUAL_TRIGGER_TYPE`,
 *   `CREDENTIAL_TYPE`, `CREDENTIAL_REF`: type names and the credential reference put on nodes.
 * - `type OutreachCredentials`: the `outreachContactApi` data (`baseUrl`, `apiKey`, optional
 *   `requestsPerMinute`, `maxAttempts`, `maxRetryWaitSeconds`; defaults are filled in as n8n does).
 * - `class TestCredentialsHelper`: an `ICredentialsHelper`; `getDecrypted` returns a copy of the
 *   given data (defaults applied), `authenticate` applies the credential class's `authenticate`
 *   exactly like n8n's CLI CredentialsHelper (generic: `={{$credentials.x}}` resolved by
 *   `workflow.expression.getSimpleParameterValue`). `requests` records every authenticated request.
 * - `makeAdditionalData({ credentials?, credentialsHelper?, hooks?, workflowData? })
 *     => IWorkflowExecuteAdditionalData`.
 * - `makeNodeTypes(extra?: Record<string, INodeType>) => INodeTypes` and `nodeTypes` (no extras):
 *   serves our two node types (loaded lazily), `test.items`, a manual trigger, and any extras.
 * - `loadOutreachNode()`, `loadOutreachTrigger()`: the classes, required on first use.
 * - Node JSON builders: `manualTriggerNode(name?)`, `itemsNode(name, items)`,
 *   `outreachNode(name, parameters)`, `triggerNode(name, parameters)`, `customNode(name, type, parameters?)`;
 *   `chain(...names) => IConnections` wires nodes one after another (main output 0 -> input 0).
 * - `runWorkflow(workflowJson, { credentials?, startNode?, extraNodeTypes?, mode? })
 *     => Promise<WorkflowResult>` where `WorkflowResult = { run, workflow, credentialsHelper,
 *     outputOf(name, output = 0, runIndex = 0), errorOf(name, runIndex = 0), ranNodes }`.
 *   Nodes of a type that declares `outreachContactApi` get `CREDENTIAL_REF` when they have none.
 * - `pollOnce(triggerNodeJson, { credentials?, mode = 'trigger', staticData?, extraNodeTypes? })
 *     => Promise<{ output, items, staticData, staticDataChanged, workflow, credentialsHelper }>`:
 *   one `poll()` through a real PollContext ('activate' activation). `staticData` is the
 *   workflow's static data: the object passed in (or a new one), mutated in place, so pass it
 *   into the next poll. n8n saves it only when `staticDataChanged`, and never after manual runs.
 * - `secretLeaks(value, secret) => string[]`: paths where a secret shows in a value (deep,
 *   non-enumerable properties included, plus JSON.stringify and String); [] when clean.
 * - `networkError(code, message?) => Error`: for nock `replyWithError` (a plain `{ code }` object
 *   hangs under nock 14).
 * - `runCredentialTest(data) => Promise<{ status: 'OK' | 'Error', message, error?, credentialsHelper }>`:
 *   n8n's credential tester (cli credentials-tester.service.ts) reproduced on n8n-core's
 *   RoutingNode and ExecuteContext, rules included.
 * - `localServer(handler) => Promise<{ origin, hits, close() }>`, `closedPort() => Promise<number>`:
 *   real sockets on 127.0.0.1 for dropped (`req.socket.destroy()`) and refused connections.
 * - `reportedErrors`: what n8n-core passed to its ErrorReporter (collected instead of printed).
 * - `callInNode(fn, { credentials?, items?, parameters? })
 *     => Promise<{ value?: T, error?: unknown, result: WorkflowResult }>`: runs `fn(this)` inside
 *   the execute() of a throwaway node in a real workflow run and hands back exactly what `fn`
 *   returned or threw (the node swallows the error so n8n does not rewrap it).
 *
 * Usage
 *   const { outputOf, errorOf } = await runWorkflow(
 *     { nodes: [manualTriggerNode(), itemsNode('Items', [{ id: 1 }]),
 *               outreachNode('Get', { resource: 'contact', operation: 'get', contactId: '={{$json.id}}' })],
 *       connections: chain('Manual', 'Items', 'Get') },
 *     { credentials: { baseUrl: 'https://api.test/api/v2', apiKey: 'k' } });
 *   expect(outputOf('Get')[0].json.id).toBe(1);
 */
import type { IncomingMessage, ServerResponse } from 'http';
import { createServer as createHttpServer } from 'http';
import type { AddressInfo, Socket } from 'net';
import { createServer as createNetServer } from 'net';
import {
	ErrorReporter,
	ExecuteContext,
	ExecutionLifecycleHooks,
	PollContext,
	RoutingNode,
	WorkflowExecute,
} from 'n8n-core';
import type {
	IAuthenticateRuleResponseSuccessBody,
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	INodeCredentialTestResult,
	ICredentialType,
	ICredentials,
	IConnections,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	INode,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypes,
	IPinData,
	IRequestOptionsSimplified,
	IRun,
	ITriggerFunctions,
	ITriggerResponse,
	IVersionedNodeType,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	ExecutionError,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { ICredentialsHelper, NodeHelpers, Workflow, createRunExecutionData } from 'n8n-workflow';

import { OutreachContactApi } from '../credentials/OutreachContactApi.credentials';

export { ExecuteContext };

/**
 * Errors n8n-core handed to its ErrorReporter (which would otherwise print every failed
 * node's error and stack to the console). Cleared by nobody: read or splice it in tests.
 */
export const reportedErrors: unknown[] = [];
ErrorReporter.prototype.error = function (error: unknown) {
	reportedErrors.push(error);
};

export const CREDENTIAL_TYPE = 'outreachContactApi';
export const OUTREACH_NODE_TYPE = 'n8n-nodes-outreach-contact.outreachContact';
export const OUTREACH_TRIGGER_TYPE = 'n8n-nodes-outreach-contact.outreachContactTrigger';
export const ITEMS_NODE_TYPE = 'test.items';
export const MANUAL_TRIGGER_TYPE = 'n8n-nodes-base.manualTrigger';
export const CREDENTIAL_REF = { id: 'cred-1', name: 'Outreach Contact account' };

export interface OutreachCredentials {
	baseUrl: string;
	apiKey: string;
	requestsPerMinute?: number;
	maxAttempts?: number;
	maxRetryWaitSeconds?: number;
}

/** What tests pass as credentials: our fields, or any decrypted data (e.g. deliberately broken). */
export type CredentialsInput = OutreachCredentials | ICredentialDataDecryptedObject;

const credentialType: ICredentialType = new OutreachContactApi();

/** The credential data with the credential's defaults filled in, as n8n does before use. */
export function withCredentialDefaults(data: ICredentialDataDecryptedObject): ICredentialDataDecryptedObject {
	const out: ICredentialDataDecryptedObject = {};
	for (const property of credentialType.properties) {
		if (property.default !== undefined) out[property.name] = property.default as never;
	}
	for (const [key, value] of Object.entries(data)) {
		if (value !== undefined) out[key] = value;
	}
	return out;
}

/** Resolves `={{$credentials.x}}` without a workflow (only used when n8n passes none). */
function resolveSimply(value: string, credentials: ICredentialDataDecryptedObject): string {
	if (!value.startsWith('=')) return value;
	return value.slice(1).replace(/\{\{\s*\$credentials\.(\w+)\s*\}\}/g, (_, key: string) =>
		String(credentials[key] ?? ''),
	);
}

export class TestCredentialsHelper extends ICredentialsHelper {
	/** Every request that went through `authenticate`, after the auth was applied. */
	readonly requests: IHttpRequestOptions[] = [];

	constructor(private readonly credentials: CredentialsInput | undefined) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	/** Same steps as packages/cli credentials-helper.ts `authenticate`. */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		incomingRequestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		if (typeName !== CREDENTIAL_TYPE) throw new Error(`Unknown credential type ${typeName}`);
		const requestOptions = incomingRequestOptions as IHttpRequestOptions;
		const { authenticate } = credentialType;
		if (typeof authenticate === 'function') {
			const out = await authenticate(credentials, requestOptions);
			this.requests.push(out);
			return out;
		}
		if (authenticate && authenticate.type === 'generic') {
			requestOptions.headers ??= {};
			const resolve = (value: string): string => {
				if (!workflow || !node) return resolveSimply(value, credentials);
				if (typeof value !== 'string' || value.charAt(0) !== '=') return value;
				const resolved = workflow.expression.getSimpleParameterValue(
					node,
					value,
					'internal',
					{ $credentials: credentials },
					undefined,
					'',
				);
				return resolved ? resolved.toString() : '';
			};
			for (const [outerKey, outerValue] of Object.entries(authenticate.properties)) {
				const target = ((requestOptions as unknown as Record<string, IDataObject>)[outerKey] ??= {});
				for (const [key, value] of Object.entries(outerValue as IDataObject)) {
					target[resolve(key)] = resolve(value as string);
				}
			}
		}
		this.requests.push(requestOptions);
		return requestOptions;
	}

	async preAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('getCredentials is not available in tests; use getDecrypted');
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: unknown,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		if (type !== CREDENTIAL_TYPE) throw new Error(`No test credentials of type ${type}`);
		if (!this.credentials) throw new Error('The test gave no credentials');
		return withCredentialDefaults(structuredClone(this.credentials) as ICredentialDataDecryptedObject);
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(type: string): INodeProperties[] {
		if (type !== CREDENTIAL_TYPE) throw new Error(`Unknown credential type ${type}`);
		return credentialType.properties;
	}
}

export interface AdditionalDataOptions {
	credentials?: CredentialsInput;
	credentialsHelper?: ICredentialsHelper;
	hooks?: ExecutionLifecycleHooks;
	workflowData?: IWorkflowBase;
	mode?: WorkflowExecuteMode;
}

const BASE = 'http://localhost:5678';

export function makeAdditionalData(options: AdditionalDataOptions = {}): IWorkflowExecuteAdditionalData {
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
	return loadClass('../nodes/OutreachContact/OutreachContact.node', 'OutreachContact');
}

export function loadOutreachTrigger(): NodeClass {
	return loadClass('../nodes/OutreachContact/OutreachContactTrigger.node', 'OutreachContactTrigger');
}

export function makeNodeTypes(extra: Record<string, INodeType | IVersionedNodeType> = {}): INodeTypes {
	const cache = new Map<string, INodeType | IVersionedNodeType>();
	const factories: Record<string, () => INodeType | IVersionedNodeType> = {
		[OUTREACH_NODE_TYPE]: () => new (loadOutreachNode())(),
		[OUTREACH_TRIGGER_TYPE]: () => new (loadOutreachTrigger())(),
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

let position = 0;
const nextPosition = (): [number, number] => [(position = (position + 220) % 4400), 300];

export function customNode(name: string, type: string, parameters: IDataObject = {}, typeVersion = 1): INode {
	return { id: `id-${name}`, name, type, typeVersion, position: nextPosition(), parameters } as INode;
}

export function manualTriggerNode(name = 'Manual'): INode {
	return customNode(name, MANUAL_TRIGGER_TYPE);
}

export function itemsNode(name: string, items: IDataObject[]): INode {
	return customNode(name, ITEMS_NODE_TYPE, { items: JSON.stringify(items) });
}

export function outreachNode(name: string, parameters: IDataObject): INode {
	return { ...customNode(name, OUTREACH_NODE_TYPE, parameters), credentials: { [CREDENTIAL_TYPE]: CREDENTIAL_REF } };
}

export function triggerNode(name: string, parameters: IDataObject = {}): INode {
	return {
		...customNode(name, OUTREACH_TRIGGER_TYPE, parameters),
		credentials: { [CREDENTIAL_TYPE]: CREDENTIAL_REF },
	};
}

/** Connects the named nodes one after another. */
export function chain(...names: string[]): IConnections {
	const connections: IConnections = {};
	for (let i = 0; i + 1 < names.length; i++) {
		connections[names[i]] = { main: [[{ node: names[i + 1], type: 'main', index: 0 }]] };
	}
	return connections;
}

// ---------------------------------------------------------------------------------------------
// Running

export interface WorkflowJson {
	nodes: INode[];
	connections: IConnections;
	staticData?: IDataObject;
	pinData?: IPinData;
	settings?: IDataObject;
	id?: string;
	name?: string;
}

export interface RunOptions {
	credentials?: CredentialsInput;
	/** Name of the node to start from; default: the first trigger, else the first node without inputs. */
	startNode?: string;
	extraNodeTypes?: Record<string, INodeType | IVersionedNodeType>;
	mode?: WorkflowExecuteMode;
}

export interface WorkflowResult {
	run: IRun;
	workflow: Workflow;
	credentialsHelper: TestCredentialsHelper;
	/** Items of one output of one run of a node ([] when it did not run or output nothing). */
	outputOf(nodeName: string, output?: number, runIndex?: number): INodeExecutionData[];
	/** The error of a node's run, if it failed. */
	errorOf(nodeName: string, runIndex?: number): ExecutionError | undefined;
	ranNodes: string[];
}

function declaresOurCredential(type: INodeType | IVersionedNodeType, version: number): boolean {
	try {
		const concrete = NodeHelpers.getVersionedNodeType(type, version);
		return (concrete.description.credentials ?? []).some((c) => c.name === CREDENTIAL_TYPE);
	} catch {
		return false;
	}
}

function buildWorkflow(json: WorkflowJson, types: INodeTypes): Workflow {
	const nodes = json.nodes.map((node) => {
		if (node.credentials?.[CREDENTIAL_TYPE]) return node;
		const type = types.getByName(node.type);
		return declaresOurCredential(type, node.typeVersion)
			? { ...node, credentials: { ...node.credentials, [CREDENTIAL_TYPE]: CREDENTIAL_REF } }
			: node;
	});
	return new Workflow({
		id: json.id ?? 'wf-test',
		name: json.name ?? 'Test workflow',
		nodes,
		connections: json.connections,
		active: false,
		nodeTypes: types,
		staticData: json.staticData,
		pinData: json.pinData,
		settings: { executionOrder: 'v1', ...(json.settings ?? {}) },
	});
}

function pickStartNode(workflow: Workflow, name: string | undefined): INode {
	if (name) {
		const node = workflow.getNode(name);
		if (!node) throw new Error(`No node named ${name} in the workflow`);
		return node;
	}
	const nodes = Object.values(workflow.nodes);
	const hasInput = new Set(
		Object.values(workflow.connectionsBySourceNode).flatMap((byType) =>
			Object.values(byType).flatMap((outputs) =>
				outputs.flatMap((list) => (list ?? []).map((c) => c.node)),
			),
		),
	);
	const roots = nodes.filter((n) => !hasInput.has(n.name));
	const trigger = roots.find((n) => {
		const type = workflow.nodeTypes.getByNameAndVersion(n.type, n.typeVersion);
		return !!(type.trigger || type.poll || type.description.group.includes('trigger'));
	});
	const start = trigger ?? roots[0] ?? nodes[0];
	if (!start) throw new Error('The workflow has no nodes');
	return start;
}

export async function runWorkflow(json: WorkflowJson, options: RunOptions = {}): Promise<WorkflowResult> {
	const mode = options.mode ?? 'manual';
	const types = makeNodeTypes(options.extraNodeTypes);
	const workflow = buildWorkflow(json, types);
	const workflowData = {
		id: workflow.id,
		name: workflow.name,
		active: false,
		isArchived: false,
		nodes: Object.values(workflow.nodes),
		connections: json.connections,
		createdAt: new Date(),
		updatedAt: new Date(),
		activeVersionId: null,
	} as unknown as IWorkflowBase;
	const hooks = new ExecutionLifecycleHooks(mode, 'exec-1', workflowData);
	let captured: IRun | undefined;
	const ranNodes: string[] = [];
	hooks.addHandler('workflowExecuteAfter', (run) => {
		captured = run;
	});
	hooks.addHandler('nodeExecuteAfter', (nodeName) => {
		ranNodes.push(nodeName);
	});
	const credentialsHelper = new TestCredentialsHelper(options.credentials);
	const additionalData = makeAdditionalData({ credentialsHelper, hooks, workflowData, mode });

	const startNode = pickStartNode(workflow, options.startNode);
	const returned = await new WorkflowExecute(additionalData, mode).run({
		workflow,
		startNode,
		pinData: json.pinData,
	});
	const run = captured ?? returned;
	const runData = run.data.resultData.runData;

	return {
		run,
		workflow,
		credentialsHelper,
		ranNodes,
		outputOf: (nodeName, output = 0, runIndex = 0) =>
			runData[nodeName]?.[runIndex]?.data?.main?.[output] ?? [],
		errorOf: (nodeName, runIndex = 0) => {
			const own = runData[nodeName]?.[runIndex]?.error;
			if (own) return own;
			const last = run.data.resultData;
			return last.lastNodeExecuted === nodeName ? last.error : undefined;
		},
	};
}

export interface PollOptions {
	credentials?: CredentialsInput;
	mode?: 'trigger' | 'manual';
	/** The workflow's static data from an earlier poll (mutated in place and returned). */
	staticData?: IDataObject;
	extraNodeTypes?: Record<string, INodeType | IVersionedNodeType>;
}

export interface PollResult {
	output: INodeExecutionData[][] | null;
	/** Items of the first output ([] when poll() returned null). */
	items: INodeExecutionData[];
	/** The static data passed in (or a new object), mutated in place by poll(). */
	staticData: IDataObject;
	/** Whether poll() changed the static data (n8n saves it only then, and never for manual runs). */
	staticDataChanged: boolean;
	workflow: Workflow;
	credentialsHelper: TestCredentialsHelper;
}

export async function pollOnce(trigger: INode, options: PollOptions = {}): Promise<PollResult> {
	const mode = options.mode ?? 'trigger';
	const types = makeNodeTypes(options.extraNodeTypes);
	const staticData = options.staticData ?? {};
	const workflow = buildWorkflow({ nodes: [trigger], connections: {}, staticData }, types);
	const node = workflow.getNode(trigger.name)!;
	const credentialsHelper = new TestCredentialsHelper(options.credentials);
	const additionalData = makeAdditionalData({ credentialsHelper, mode });
	const context = new PollContext(workflow, node, additionalData, mode, 'activate');
	const type = types.getByNameAndVersion(node.type, node.typeVersion);
	if (!type.poll) throw new Error(`${node.type} has no poll()`);
	const output = await type.poll.call(context);
	// Workflow wraps the given object in a proxy and mutates it in place.
	const staticDataChanged = Boolean((workflow.staticData as IDataObject).__dataChanged);
	return { output, items: output?.[0] ?? [], staticData, staticDataChanged, workflow, credentialsHelper };
}

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

/**
 * Where a secret appears anywhere in a value: every string reachable through own properties,
 * enumerable or not (message, stack, cause, description, context, node, ...), through
 * JSON.stringify, and through String(). Returns the paths of the hits ([] when clean).
 */
export function secretLeaks(value: unknown, secret: string): string[] {
	const hits: string[] = [];
	const seen = new Set<unknown>();
	const walk = (current: unknown, path: string, depth: number): void => {
		if (typeof current === 'string') {
			if (current.includes(secret)) hits.push(path);
			return;
		}
		if (typeof current === 'function' || !current || typeof current !== 'object' || depth > 12) return;
		if (seen.has(current)) return;
		seen.add(current);
		for (const name of Object.getOwnPropertyNames(current)) {
			let child: unknown;
			try {
				child = (current as Record<string, unknown>)[name];
			} catch {
				continue;
			}
			walk(child, `${path}.${name}`, depth + 1);
		}
		if (current instanceof Map) for (const [k, v] of current) walk(v, `${path}[${String(k)}]`, depth + 1);
	};
	walk(value, '$', 0);
	try {
		if ((JSON.stringify(value) ?? '').includes(secret)) hits.push('JSON.stringify($)');
	} catch {
		// circular: the walk above covers it
	}
	if (value && typeof value === 'object') {
		try {
			const names = Object.getOwnPropertyNames(value);
			if ((JSON.stringify(value, names) ?? '').includes(secret)) hits.push('JSON.stringify($, ownNames)');
		} catch {
			// ignore
		}
	}
	if (String(value).includes(secret)) hits.push('String($)');
	return hits;
}

/**
 * An Error with a network code, for nock's `replyWithError`. Pass this, not a plain object:
 * with nock 14 a plain `{ code }` object never reaches the client (the request hangs until
 * its timeout). Even so, nock's mock socket sometimes emits the error with no listener on a
 * busy machine ("Unhandled error", a flaky failure): for dropped connections prefer
 * `localServer` and `req.socket.destroy()`, for refused ones `closedPort()`.
 */
export function networkError(code: string, message = `${code.toLowerCase()} ${code}`): Error {
	return Object.assign(new Error(message), { code });
}

// ---------------------------------------------------------------------------------------------
// Credential test

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
		credentials: { [CREDENTIAL_TYPE]: { id: credentialsDecrypted.id, name: credentialsDecrypted.name } },
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
		getByNameAndVersion: (_name, version) => NodeHelpers.getVersionedNodeType(nodeTypeCopy, version),
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes: mockNodeTypes });
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

	for (const rule of (testRequest.rules ?? []) as unknown as IAuthenticateRuleResponseSuccessBody[]) {
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

export interface LocalServer {
	/** e.g. http://127.0.0.1:41234 */
	origin: string;
	/** Requests received so far. */
	hits: number;
	close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 (remember `nock.enableNetConnect('127.0.0.1')`). The handler
 * gets the 1-based request number; `req.socket.destroy()` drops the connection (the client sees
 * ECONNRESET, "socket hang up").
 */
export async function localServer(
	handler: (req: IncomingMessage, res: ServerResponse, hit: number) => void,
): Promise<LocalServer> {
	const sockets = new Set<Socket>();
	const state = { hits: 0 };
	const server = createHttpServer((req, res) => handler(req, res, ++state.hits));
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const address = server.address() as AddressInfo;
	return {
		origin: `http://127.0.0.1:${address.port}`,
		get hits() {
			return state.hits;
		},
		close: async () => {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

/** A localhost port nothing listens on (bound, then closed): connecting gives ECONNREFUSED. */
export async function closedPort(): Promise<number> {
	const server = createNetServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}
