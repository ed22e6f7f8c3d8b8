import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

/**
 * What went wrong with one request, in plain data: never the request options or headers,
 * so nothing that n8n attaches to the error can carry the API key.
 */
export interface ServiceFailure {
	message: string;
	description: string;
	httpCode?: number;
	/** e.g. "GET /contact/42/": lets a user see which call failed. */
	request: string;
	code?: string;
}

export function toNodeApiError(node: INode, failure: ServiceFailure, itemIndex?: number): NodeApiError {
	const cause: JsonObject = { message: failure.message, request: failure.request };
	if (failure.httpCode !== undefined) cause.httpCode = String(failure.httpCode);
	if (failure.code !== undefined) cause.code = failure.code;
	const error = new NodeApiError(node, cause, {
		message: failure.message,
		description: failure.description,
		httpCode: failure.httpCode !== undefined ? String(failure.httpCode) : undefined,
		itemIndex,
	});
	// NodeApiError swaps a message that names a network code (ECONNRESET, ...) for its own
	// generic text, which would drop "after N attempts" and the code: keep ours.
	if (error.message !== failure.message) {
		error.message = failure.message;
		error.messages = error.messages.filter((m) => m !== failure.message);
	}
	return error;
}
