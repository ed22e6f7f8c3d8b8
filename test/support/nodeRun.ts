import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { testHooks } from '../../nodes/OutreachContact/testHooks';
import { credentials } from './fixtures';
import {
	chain,
	itemsNode,
	manualTriggerNode,
	outreachNode,
	runWorkflow,
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

export interface NodeRunOptions {
	items?: IDataObject[];
	continueOnFail?: boolean;
}

/** Runs Manual → Items → the Outreach Contact node named "Node" with the given parameters. */
export async function runNode(
	parameters: IDataObject,
	options: NodeRunOptions = {},
): Promise<WorkflowResult> {
	return await runWorkflow(
		{
			nodes: [
				manualTriggerNode(),
				itemsNode('Items', options.items ?? [{}]),
				{ ...outreachNode('Node', parameters), continueOnFail: options.continueOnFail ?? false },
			],
			connections: chain('Manual', 'Items', 'Node'),
		},
		{ credentials },
	);
}
