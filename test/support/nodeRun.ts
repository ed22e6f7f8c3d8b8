import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { testHooks } from '../../nodes/OutreachContact/testHooks';
import { credentials } from './fixtures';
import {
	nodeWorkflow,
	runWorkflow,
	type NodeWorkflowOptions,
	type WorkflowResult,
} from '../../harness/n8nHarness';

/** Each test starts with fresh pacing state and no real network; leftover interceptors are dropped. */
export function isolateNetwork(): void {
	beforeEach(() => {
		testHooks.resetPacers();
		nock.disableNetConnect();
	});
	afterEach(() => {
		nock.cleanAll();
		nock.enableNetConnect();
	});
}

/** Runs Manual → Items → the Outreach Contact node named "Node" with the given parameters. */
export async function runNode(
	parameters: IDataObject,
	options: NodeWorkflowOptions = {},
): Promise<WorkflowResult> {
	return await runWorkflow(nodeWorkflow(parameters, options), { credentials });
}
