import type { IDataObject, IExecuteFunctions, INodeExecutionData, NodeApiError } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { mapConcurrent, SerialQueues } from '../helpers/concurrency';
import { toNodeError } from '../helpers/input';
import { contactOperations } from './contact/Contact.resource';
import type { OutreachContactType, ResourceOperations } from './node.type';
import type { Operation } from './operation';
import { playbookOperations } from './playbook/Playbook.resource';
import { profileOperations } from './profile/Profile.resource';
import { sequenceOperations } from './sequence/Sequence.resource';

const operations: { [R in OutreachContactType['resource']]: ResourceOperations<R> } = {
	contact: contactOperations,
	playbook: playbookOperations,
	sequence: sequenceOperations,
	profile: profileOperations,
};

/**
 * Items in flight at most. The transport admits as many requests at once as the measured
 * latency needs (one with fast answers, up to 25 with slow ones), so that the rate limit, not
 * latency, sets the pace; this only offers it enough items.
 */
const ITEM_CONCURRENCY = 25;

type Prepared = { operation: Operation; input: unknown } | { error: Error };

function operationFor(ctx: IExecuteFunctions, i: number): Operation {
	const resource = ctx.getNodeParameter('resource', i) as string;
	const name = ctx.getNodeParameter('operation', i) as string;
	const operation = (operations as Record<string, Record<string, Operation> | undefined>)[resource]?.[name];
	if (!operation) {
		throw new NodeOperationError(ctx.getNode(), `The operation "${name}" of "${resource}" is not supported`, {
			itemIndex: i,
		});
	}
	return operation;
}

/** The output item of a failed item under Continue On Fail. */
function errorJson(error: Error): IDataObject {
	const json: IDataObject = { error: error.message };
	const description = (error as NodeApiError).description;
	if (description) json.description = description;
	const httpCode = (error as NodeApiError).httpCode;
	if (httpCode) json.httpCode = httpCode;
	return json;
}

/**
 * Runs the node: first checks every item's parameters (no request is sent if one is bad,
 * unless Continue On Fail turns it into an error item), then sends the items' requests a
 * few at a time. Output keeps the input order, each entry paired with its item.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const continueOnFail = this.continueOnFail();

	const prepared: Prepared[] = items.map((_, i) => {
		try {
			const operation = operationFor(this, i);
			return { operation, input: operation.prepare(this, i) };
		} catch (error) {
			const failure = toNodeError(this.getNode(), error, i);
			if (!continueOnFail) throw failure;
			return { error: failure };
		}
	});

	const inOrder = new SerialQueues();
	const results = await mapConcurrent(items.length, ITEM_CONCURRENCY, async (i) => {
		const entry = prepared[i];
		if ('error' in entry) return [{ json: errorJson(entry.error), pairedItem: { item: i } }];
		try {
			const key = entry.operation.serialKey?.(entry.input);
			const send = async () => await entry.operation.run(this, entry.input, i);
			const output = key === undefined ? await send() : await inOrder.run(key, send);
			return output.map((json) => ({ json, pairedItem: { item: i } }));
		} catch (error) {
			const failure = toNodeError(this.getNode(), error, i);
			if (!continueOnFail) throw failure;
			return [{ json: errorJson(failure), pairedItem: { item: i } }];
		}
	});

	return [results.flat()];
}
