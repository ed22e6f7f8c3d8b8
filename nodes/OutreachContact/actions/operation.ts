import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/**
 * One operation of the node. `prepare` reads and checks an item's parameters without any
 * request (so every item is validated before the first request); `run` sends the request(s)
 * and returns the output entries of that item.
 */
export interface Operation<Input = unknown> {
	description: INodeProperties[];
	prepare(ctx: IExecuteFunctions, itemIndex: number): Input;
	run(ctx: IExecuteFunctions, input: Input, itemIndex: number): Promise<IDataObject[]>;
	/**
	 * Items with the same key are sent one after the other, in input order, while others run
	 * in parallel: e.g. the same email added twice to a sequence is queued by the first item
	 * and reported as already there by the second, never the other way round.
	 */
	serialKey?(input: Input): string;
}

export function defineOperation<Input>(operation: Operation<Input>): Operation<unknown> {
	return operation as Operation<unknown>;
}
