import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/**
 * One operation of the node. `prepare` reads and checks an item's parameters without any
 * request (so every item is validated before the first request); `run` sends the request(s)
 * and returns the output entries of that item.
 */
export interface Operation<Input = unknown> {
	description: INodeProperties[];
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

export function defineOperation<Input>(operation: Operation<Input>): Operation<unknown> {
	return operation as Operation<unknown>;
}
