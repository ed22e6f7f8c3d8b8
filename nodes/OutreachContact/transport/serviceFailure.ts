import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { withoutTrailingSlashes } from './account';
import { excerpt } from './redact';

/**
 * Service failures: what went wrong with a request, in words a user can act on, and the
 * NodeApiError n8n shows for it. The texts are pure; the request function decides when each
 * applies.
 */

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

/**
 * The NodeApiError n8n shows for a failure; for an item's request, its message ends with
 * `[item N]` as n8n's UX guidelines ask.
 */
export function toNodeApiError(
	node: INode,
	failure: ServiceFailure,
	itemIndex?: number,
): NodeApiError {
	if (itemIndex !== undefined)
		failure = { ...failure, message: `${failure.message} [item ${itemIndex}]` };
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

const CHECK_BASE_URL =
	'Check that the Base URL in the credential is the API address ending in /api/v2.';

/** The service's own explanation, if its error body has one (the body shape is not shown). */
export function serviceMessage(body: unknown): string | undefined {
	if (typeof body === 'string') return body.trim() ? excerpt(body) : undefined;
	if (!body || typeof body !== 'object') return undefined;
	const record = body as Record<string, unknown>;
	for (const key of ['detail', 'message', 'error', 'errors', 'status']) {
		const value = record[key];
		if (typeof value === 'string' && value.trim()) return excerpt(value);
		if (value && typeof value === 'object') return excerpt(JSON.stringify(value));
	}
	return excerpt(JSON.stringify(body));
}

export function forbidden(request: string): ServiceFailure {
	return {
		message: 'The Outreach Contact API rejected the API key (403)',
		description:
			'The API key was missing or is not valid for this account. Open the Outreach Contact API credential and paste the account API key from the account settings of the service.',
		httpCode: 403,
		request,
	};
}

export function notFound(request: string, what: string | undefined): ServiceFailure {
	return {
		message: `${what ?? 'The requested resource'} was not found (404)`,
		description: what
			? `Check the id. If every request fails this way: ${CHECK_BASE_URL}`
			: `The service answered 404 for ${request}. ${CHECK_BASE_URL}`,
		httpCode: 404,
		request,
	};
}

export function rateLimited(
	request: string,
	attempts: number,
	waitedMs: number,
	perMinute: number,
): ServiceFailure {
	return {
		message: `The service kept rate-limiting the requests (429) after ${attempts} attempts`,
		description: `Retried for ${Math.round(waitedMs / 1000)} s in all for ${request}. This credential paces requests at ${perMinute} per minute and shares the account with other workers and tools; if the account allows fewer, lower "Requests per Minute" in the credential, or raise "Max Retry Wait" to keep retrying longer.`,
		httpCode: 429,
		request,
	};
}

export function unavailable(
	request: string,
	httpCode: number,
	attempts: number,
	waitedMs: number,
): ServiceFailure {
	return {
		message: `The service was unavailable (${httpCode}) after ${attempts} attempts`,
		description: `Waited ${Math.round(waitedMs / 1000)} s in all for ${request}. Try again later, or raise "Max Attempts per Request" and "Max Retry Wait" in the credential to wait longer.`,
		httpCode,
		request,
	};
}

export function connectionFailed(
	request: string,
	code: string,
	attempts: number,
	baseUrl: string,
): ServiceFailure {
	return {
		message:
			attempts > 1
				? `The connection to the service failed (${code}) after ${attempts} attempts`
				: `Could not reach the service (${code})`,
		description: `No answer from ${baseUrl} for ${request}. Check the Base URL in the credential and that the service can be reached from this n8n instance.`,
		code,
		request,
	};
}

/**
 * A send that failed before any answer, with an error that is not the network's (retry.ts,
 * NotNetwork): its own message, and where it came from.
 */
export function failedInN8n(request: string, cause: string): ServiceFailure {
	return {
		message: `The request ${request} failed inside n8n: ${excerpt(cause, 300)}`,
		description:
			'This error is not the network and not the service: n8n raised it while sending the request, so it was not retried. Run the workflow again; if the error comes back, report it with your n8n version to the maintainers of this package.',
		request,
	};
}

export function notJson(
	request: string,
	httpCode: number,
	contentType: string,
	body: string,
): ServiceFailure {
	return {
		message: `The service answered with something that is not JSON (HTTP ${httpCode}${contentType ? `, ${contentType}` : ''})`,
		description: `The answer to ${request} starts with: ${excerpt(body) || '(empty)'}. ${CHECK_BASE_URL}`,
		httpCode,
		request,
	};
}

export function unexpectedShape(request: string, expected: string, answer: string): ServiceFailure {
	return {
		message: `The service gave an unexpected answer to ${request}`,
		description: `Expected ${expected}; it sent: ${excerpt(answer)}. ${CHECK_BASE_URL}`,
		request,
	};
}

export function refused(request: string, httpCode: number, body: unknown): ServiceFailure {
	const reason = serviceMessage(body);
	return {
		message:
			httpCode >= 500
				? `The service failed (${httpCode})`
				: `The service refused the request (${httpCode})`,
		description: `${reason ? `The service said: ${reason}. ` : ''}${httpCode >= 500 ? 'Try again later.' : 'Check the values this node sends.'}`,
		httpCode,
		request,
	};
}

/** Longest Location header read; a longer one is not quoted. */
const MAX_LOCATION_LENGTH = 2_000;

/**
 * Where a redirect points, as origin and path only (never userinfo, query or fragment, which
 * may carry secrets); a relative Location is resolved against the request's URL. Undefined
 * when the header is missing, too long, or not an http(s) address.
 */
function redirectTarget(location: unknown, requestUrl: string): URL | undefined {
	const text = Array.isArray(location) ? location[0] : location;
	if (typeof text !== 'string' || text.trim() === '' || text.length > MAX_LOCATION_LENGTH) {
		return undefined;
	}
	try {
		const url = new URL(text.trim(), requestUrl);
		return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
	} catch {
		return undefined;
	}
}

/**
 * A 3xx answer, which the nodes never follow (transport/request.ts says why). `path` is the
 * request's path below the Base URL, e.g. "/contact/42/": when the target's path ends with it,
 * the Base URL it points to is known.
 */
export function redirected(
	request: string,
	httpCode: number,
	location: unknown,
	requestUrl: string,
	path: string,
): ServiceFailure {
	const target = redirectTarget(location, requestUrl);
	const where = target ? excerpt(`${target.origin}${target.pathname}`, 300) : undefined;
	const own = withoutTrailingSlashes(path);
	const theirs = target ? withoutTrailingSlashes(target.pathname) : '';
	const baseUrl =
		target && own && theirs.endsWith(own)
			? `${target.origin}${theirs.slice(0, -own.length)}`
			: undefined;
	const advice = baseUrl
		? `If that is the service's new address, set the Base URL in the credential to ${excerpt(baseUrl, 300)}.`
		: 'Open the Base URL in a browser to see where it leads, and set the Base URL in the credential to the API address it ends at (ending in /api/v2).';
	return {
		message: `The service redirected the request (${httpCode})${where ? ` to ${where}` : ''}`,
		description: `${request} was answered with a redirect${where ? '' : ' to no readable address'}. The node does not follow redirects, so that the API key is never sent to another address. ${advice}`,
		httpCode,
		request,
	};
}
