import { ExecutionLifecycleHooks, PollContext, WorkflowExecute } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeType,
	INodeTypes,
	IRun,
	IVersionedNodeType,
	IWorkflowBase,
	ExecutionError,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';
import {
	CREDENTIAL_REF,
	CREDENTIAL_TYPE,
	CredentialsInput,
	TestCredentialsHelper,
} from './credentials';
import { makeAdditionalData } from './additionalData';
import { makeNodeTypes } from './nodeTypes';
import type { RunnableWorkflow } from '../workflowJson';

export type { RunnableWorkflow, WorkflowJson } from '../workflowJson';

export interface RunOptions {
	credentials?: CredentialsInput;
	/** Name of the node to start from; default: the first trigger, else the first node without inputs. */
	startNode?: string;
	extraNodeTypes?: Record<string, INodeType | IVersionedNodeType>;
	mode?: WorkflowExecuteMode;
	/**
	 * Called once the run has started with what stops it: n8n-core's own cancellation (the
	 * execution's cancel signal aborts, as when a user presses Stop).
	 */
	onStart?: (stop: () => void) => void;
	/**
	 * The credentials helper n8n-core calls inside every authenticated request (default: a
	 * TestCredentialsHelper of `credentials`): a test may make n8n's side of a request throw.
	 */
	credentialsHelper?: TestCredentialsHelper;
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

function buildWorkflow(json: RunnableWorkflow, types: INodeTypes): Workflow {
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

export async function runWorkflow(
	json: RunnableWorkflow,
	options: RunOptions = {},
): Promise<WorkflowResult> {
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
	const credentialsHelper =
		options.credentialsHelper ?? new TestCredentialsHelper(options.credentials);
	const additionalData = makeAdditionalData({ credentialsHelper, hooks, workflowData, mode });

	const startNode = pickStartNode(workflow, options.startNode);
	const running = new WorkflowExecute(additionalData, mode).run({
		workflow,
		startNode,
		pinData: json.pinData,
	});
	options.onStart?.(() => running.cancel());
	const returned = await running;
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
	/** n8n 2.x's poll budget (`getPollBudgetMs`); default PollContext's own (5 minutes). */
	pollBudgetMs?: number;
	/**
	 * Called with the real PollContext before poll() runs: a test may route its HTTP helper to a
	 * service in process, or give it a logger of its own, and keep everything else of n8n-core.
	 */
	prepare?: (context: PollContext) => void;
	/** As RunOptions.credentialsHelper. */
	credentialsHelper?: TestCredentialsHelper;
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
	const credentialsHelper =
		options.credentialsHelper ?? new TestCredentialsHelper(options.credentials);
	const additionalData = makeAdditionalData({ credentialsHelper, mode });
	const budget = options.pollBudgetMs;
	const context =
		budget === undefined
			? new PollContext(workflow, node, additionalData, mode, 'activate')
			: new PollContext(
					workflow,
					node,
					additionalData,
					mode,
					'activate',
					undefined,
					undefined,
					undefined,
					undefined,
					undefined,
					() => budget,
				);
	options.prepare?.(context);
	const type = types.getByNameAndVersion(node.type, node.typeVersion);
	if (!type.poll) throw new Error(`${node.type} has no poll()`);
	const output = await type.poll.call(context);
	// Workflow wraps the given object in a proxy and mutates it in place.
	const staticDataChanged = Boolean((workflow.staticData as IDataObject).__dataChanged);
	return {
		output,
		items: output?.[0] ?? [],
		staticData,
		staticDataChanged,
		workflow,
		credentialsHelper,
	};
}
