import type {
	IDataObject,
	IHttpRequestOptions,
	INode,
	INodeExecutionData,
	IPollFunctions,
} from 'n8n-workflow';

import { testHooks } from '../../nodes/OutreachContact/testHooks';
import { MINUTE_MS } from '../../nodes/OutreachContact/trigger/shared/serviceTime';

/**
 * n8n's side of the trigger's simulations (newContactSimulation.ts, enrichedSimulation.ts): a
 * poll context whose HTTP helper answers in process (a simulated service), with the node's
 * static data, the credential at 200 requests a minute and a logger that keeps the warnings.
 */
export interface SimulatedPoll {
	/** The node's id and the workflow's: a trigger's pacing and budget are kept per both. */
	nodeId: string;
	workflowId: string;
	/** The node's parameters (filters, simplify, options, event). */
	params: IDataObject;
	staticData: IDataObject;
	/** Answers a request of the real transport (the HTTP call n8n would make). */
	answer(request: IHttpRequestOptions): Promise<unknown> | unknown;
	/** Where the poll's warnings go (none kept when absent). */
	warnings?: string[];
}

export function simulatedPollContext(poll: SimulatedPoll): IPollFunctions {
	const node: INode = {
		id: poll.nodeId,
		name: 'Outreach Contact Trigger',
		type: 'n8n-nodes-outreach-contact.outreachContactTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { outreachContactApi: { id: 'c1', name: 'Outreach' } },
	};
	const ctx = {
		getNode: () => node,
		getWorkflow: () => ({ id: poll.workflowId, name: 'Simulation', active: true }),
		getMode: () => 'trigger',
		getActivationMode: () => 'activate',
		getPollBudgetMs: () => 5 * MINUTE_MS,
		getWorkflowStaticData: (type: string) => {
			expect(type).toBe('node');
			return poll.staticData;
		},
		getNodeParameter: (name: string, fallback?: unknown) => poll.params[name] ?? fallback,
		getCredentials: async () => ({
			baseUrl: 'https://outreach.test/api/v2',
			apiKey: 'sim-key',
			requestsPerMinute: 200,
			maxAttempts: 4,
			maxRetryWaitSeconds: 60,
		}),
		logger: {
			debug: () => undefined,
			info: () => undefined,
			warn: (message: string) => poll.warnings?.push(message),
			error: () => undefined,
		},
		helpers: {
			returnJsonArray: (items: IDataObject[]): INodeExecutionData[] =>
				items.map((json) => ({ json })),
			httpRequestWithAuthentication: async (_type: string, request: IHttpRequestOptions) =>
				poll.answer(request),
		},
	};
	return ctx as unknown as IPollFunctions;
}

/**
 * n8n restarts: the static data comes back from the database (through JSON), and the pacing and
 * the trigger states kept in process memory start afresh. Returns the static data as it comes back.
 */
export function restartN8n(staticData: IDataObject): IDataObject {
	testHooks.resetPacers();
	testHooks.forgetTriggerStates();
	return JSON.parse(JSON.stringify(staticData)) as IDataObject;
}
