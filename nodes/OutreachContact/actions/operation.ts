import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/** An operation's entry in its resource's Operation dropdown; `value` is saved in workflows. */
export interface OperationOption<Value extends string = string> {
	name: string;
	value: Value;
	description: string;
	action: string;
}

/**
 * One operation of the node, all in its file: its dropdown entry, its fields (the resource
 * shows them for this operation only) and how it runs. `prepare` reads and checks an item's
 * parameters without any request (so every item is validated before the first request); `run`
 * sends the request(s) and returns the output entries of that item.
 */
export interface Operation<Input = unknown, Value extends string = string> {
	option: OperationOption<Value>;
	fields: INodeProperties[];
	prepare(ctx: IExecuteFunctions, itemIndex: number): Input;
	/** One item's requests; an operation with `runAll` has none. */
	run?(ctx: IExecuteFunctions, input: Input, itemIndex: number): Promise<IDataObject[]>;
	/**
	 * Runs all the items of this operation at once, instead of `run` one by one, for an
	 * operation whose items share requests (Add's batched look-ups). Returns each item's output
	 * entries or its error, in the order of `items`. With Continue On Fail off it may throw the
	 * first error instead.
	 */
	runAll?(
		ctx: IExecuteFunctions,
		items: Array<PreparedItem<Input>>,
	): Promise<Array<IDataObject[] | Error>>;
}

export interface PreparedItem<Input> {
	index: number;
	input: Input;
}

/**
 * Items in flight at most. The transport admits as many requests at once as the measured
 * latency needs (one with fast answers, up to 25 with slow ones), so that the rate limit, not
 * latency, sets the pace; this only offers it enough items.
 */
export const ITEM_CONCURRENCY = 25;

/** Keeps the option's value as a literal type: node.type.ts derives the node's map from it. */
export function defineOperation<Input, Value extends string>(
	operation: Operation<Input, Value>,
): Operation<unknown, Value> {
	return operation as Operation<unknown, Value>;
}
