import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	NodeApiError,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { mapConcurrent } from '../helpers/concurrency';
import { toNodeError } from '../helpers/input';
import { contactOperations } from './contact/Contact.resource';
import type { OutreachContactType } from './node.type';
import { ITEM_CONCURRENCY, type Operation, type PreparedItem } from './operation';
import { playbookOperations } from './playbook/Playbook.resource';
import { profileOperations } from './profile/Profile.resource';
import { sequenceOperations } from './sequence/Sequence.resource';

/** Each resource's operations, as its Operation dropdown lists them. */
const operations: Record<OutreachContactType['resource'], readonly Operation[]> = {
	contact: contactOperations,
	playbook: playbookOperations,
	sequence: sequenceOperations,
	profile: profileOperations,
};

/** An item checked and ready to run, or the output of its failure (Continue On Fail). */
type Prepared = { operation: Operation; input: unknown } | { failedAs: INodeExecutionData[] };

function operationFor(ctx: IExecuteFunctions, i: number): Operation {
	const resource = ctx.getNodeParameter('resource', i) as string;
	const name = ctx.getNodeParameter('operation', i) as string;
	const operation = (operations as Record<string, readonly Operation[] | undefined>)[
		resource
	]?.find((candidate) => candidate.option.value === name);
	if (!operation) {
		throw new NodeOperationError(
			ctx.getNode(),
			`The operation "${name}" of "${resource}" is not supported`,
			{
				itemIndex: i,
			},
		);
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
	/** The one place an item's failure becomes its output (Continue On Fail) or stops the node. */
	const failed = (i: number, error: unknown): INodeExecutionData[] => {
		const failure = toNodeError(this.getNode(), error, i);
		if (!continueOnFail) throw failure;
		return [{ json: errorJson(failure), pairedItem: { item: i } }];
	};
	const toItems = (i: number, outcome: IDataObject[] | Error): INodeExecutionData[] =>
		outcome instanceof Error
			? failed(i, outcome)
			: outcome.map((json) => ({ json, pairedItem: { item: i } }));

	const prepared: Prepared[] = items.map((_, i) => {
		try {
			const operation = operationFor(this, i);
			return { operation, input: operation.prepare(this, i) };
		} catch (error) {
			return { failedAs: failed(i, error) };
		}
	});

	// Operations that run their items together (see Operation.runAll), one batch per operation.
	const outputs = new Map<number, INodeExecutionData[]>();
	const batches = new Map<Operation, Array<PreparedItem<unknown>>>();
	prepared.forEach((entry, index) => {
		if ('failedAs' in entry || !entry.operation.runAll) return;
		const batch = batches.get(entry.operation) ?? [];
		batch.push({ index, input: entry.input });
		batches.set(entry.operation, batch);
	});
	for (const [operation, batch] of batches) {
		const outcomes = (await operation.runAll?.(this, batch)) ?? [];
		batch.forEach(({ index }, n) => outputs.set(index, toItems(index, outcomes[n])));
	}

	const results = await mapConcurrent(items.length, ITEM_CONCURRENCY, async (i) => {
		const entry = prepared[i];
		if ('failedAs' in entry) return entry.failedAs;
		const done = outputs.get(i);
		if (done) return done;
		try {
			return toItems(i, (await entry.operation.run?.(this, entry.input, i)) ?? []);
		} catch (error) {
			return failed(i, error);
		}
	});

	return [results.flat()];
}
