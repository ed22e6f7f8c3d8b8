import type { IDataObject, IHttpRequestMethods, IHttpRequestOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { Cancelled, cancelSignalOf, getClock } from '../helpers/clock';
import { CREDENTIAL_TYPE, loadSettings } from './account';
import type { RequestContext } from './context';
import { UnexpectedAnswer } from './envelope';
import { outageFor } from './outage';
import { pacerFor } from './pacer';
import { redact } from './redact';
import { NotNetwork } from './networkFailure';
import { deliver, header, type RawResponse } from './retry';
import * as failures from './serviceFailure';
import { toNodeApiError, type ServiceFailure } from './serviceFailure';

export type { RequestContext };

export { CREDENTIAL_TYPE };

const REQUEST_TIMEOUT_MS = 60_000;

export interface ApiRequest<T = unknown> {
	method: IHttpRequestMethods;
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	/** What a 404 means for this request, e.g. "Contact 42". */
	notFound?: string;
	/** Whether a 404 answers the request (the resource is not there): apiRequest returns undefined. */
	notFoundIsAnswer?: boolean;
	itemIndex?: number;
	/**
	 * Whether the request may be sent again after the service may have seen it (502/503/504, a
	 * dropped connection). Every request states it, so that a future operation that must not
	 * run twice opts out here; 429s and connections that never opened are retried regardless.
	 */
	mayRetry: boolean;
	/** Asked before every send, retries included; false ends the request with Withheld (retry.ts). */
	permit?: () => boolean;
	/** Checks and unwraps a 2xx answer (transport/envelope.ts); throws UnexpectedAnswer on a wrong shape. */
	read?: (body: unknown) => T;
}

/** Parses a text body as JSON; undefined for an empty body, a marker for anything else. */
function parseBody(body: unknown): { json: unknown } | { text: string } {
	if (body === undefined || body === null || body === '') return { json: undefined };
	if (typeof body !== 'string') {
		if (Buffer.isBuffer(body)) return parseBody(body.toString('utf8'));
		return { json: body };
	}
	try {
		return { json: JSON.parse(body) };
	} catch {
		return { text: body };
	}
}

/**
 * The one function that talks to the service. Every operation, list method and the trigger
 * call it. It paces and retries through `deliver` (429 after Retry-After, pausing every caller
 * of the account; 502, 503, 504 and dropped connections with exponential backoff), and turns every
 * failure into an error a user can act on, with the API key removed from anything it quotes.
 *
 * Retrying is safe for every request the nodes send: GETs and the search are read-only, and
 * POST /contact/ answers a repeated email in the same sequence with success and creates no
 * second contact, so a retried add cannot duplicate a contact.
 */
export async function apiRequest<T = unknown>(ctx: RequestContext, req: ApiRequest<T>): Promise<T> {
	const settings = await loadSettings(ctx, req.itemIndex);
	const clock = getClock();
	const signal = cancelSignalOf(ctx);
	const pacer = pacerFor(settings.accountKey, settings.perMinute, getClock);
	const label = `${req.method} ${req.path}`;
	const fail = (failure: ServiceFailure) => {
		failure.description = redact(failure.description, [settings.apiKey]);
		failure.message = redact(failure.message, [settings.apiKey]);
		return toNodeApiError(ctx.getNode(), failure, req.itemIndex);
	};

	const options: IHttpRequestOptions = {
		method: req.method,
		baseURL: settings.baseUrl,
		url: req.path,
		qs: req.qs,
		headers: { Accept: 'application/json' },
		json: false,
		encoding: 'text',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: REQUEST_TIMEOUT_MS,
		// No redirect is followed, not even to the same origin: the interface never redirects;
		// n8n would re-send the key to another origin, and a 301/302 turns a POST into a GET.
		// A same-origin one (e.g. a trailing-slash rewrite) means the Base URL or the path is
		// wrong, so the request fails with where it was sent (below). Both fields are set since
		// older n8n versions ignore the ones they do not know.
		disableFollowRedirect: true,
		sendCredentialsOnCrossOriginRedirect: false,
	};
	// Stop aborts a request in flight too (n8n 2.x also does this itself; older versions may not).
	if (signal) options.abortSignal = signal;
	if (req.body !== undefined) {
		options.body = JSON.stringify(req.body);
		options.headers = { ...options.headers, 'Content-Type': 'application/json' };
	}

	const delivery = await deliver(
		pacer,
		clock,
		{
			maxAttempts: settings.maxAttempts,
			maxWaitMs: settings.maxWaitMs,
			mayRetry: req.mayRetry,
			signal,
			outage: outageFor(settings.accountKey),
			permit: req.permit,
			log: (message) => ctx.logger?.debug(`Outreach Contact: ${label} ${message}`),
		},
		async () =>
			(await ctx.helpers.httpRequestWithAuthentication.call(
				ctx,
				CREDENTIAL_TYPE,
				options,
			)) as RawResponse,
	).catch((error: unknown) => {
		if (error instanceof Cancelled) throw stopped(ctx, req.itemIndex);
		if (error instanceof NotNetwork) throw fail(failures.failedInN8n(label, error.message));
		throw error;
	});
	if ('gaveUp' in delivery) {
		const { attempts, waitedMs } = delivery;
		if (delivery.gaveUp === 'network') {
			throw fail(
				failures.connectionFailed(label, delivery.code ?? 'ENETWORK', attempts, settings.baseUrl),
			);
		}
		throw fail(
			delivery.gaveUp === 'rateLimited'
				? failures.rateLimited(label, attempts, waitedMs, settings.perMinute)
				: failures.unavailable(label, delivery.status ?? 503, attempts, waitedMs),
		);
	}

	const { statusCode: status, headers, body } = delivery.response;
	if (status >= 300 && status < 400) {
		const location = header(headers, 'location');
		const url = `${settings.baseUrl}${req.path}`;
		throw fail(failures.redirected(label, status, location, url, req.path));
	}
	// Whatever its body (a gateway's HTML page too): the caller asked for the 404 itself.
	if (status === 404 && req.notFoundIsAnswer) return undefined as T;
	const parsed = parseBody(body);
	if ('text' in parsed) {
		const contentType = String(header(headers, 'content-type') ?? '').split(';')[0];
		throw fail(
			failures.notJson(label, status, contentType, redact(parsed.text, [settings.apiKey])),
		);
	}
	if (status >= 200 && status < 300) {
		if (!req.read) return parsed.json as T;
		try {
			return req.read(parsed.json);
		} catch (error) {
			const expected =
				error instanceof UnexpectedAnswer ? error.expected : 'an answer this node can read';
			const answer =
				parsed.json === undefined
					? '(empty)'
					: redact(JSON.stringify(parsed.json), [settings.apiKey]);
			throw fail(failures.unexpectedShape(label, expected, answer));
		}
	}
	if (status === 403 || status === 401) throw fail(failures.forbidden(label));
	if (status === 404) throw fail(failures.notFound(label, req.notFound));
	throw fail(failures.refused(label, status, redactJson(parsed.json, settings.apiKey)));
}

/** What an item waiting for the account gets when the execution is stopped. */
function stopped(ctx: RequestContext, itemIndex: number | undefined): NodeOperationError {
	return new NodeOperationError(
		ctx.getNode(),
		'The execution was stopped before this request was sent',
		{
			itemIndex,
			description: 'Nothing was sent for it after the stop.',
		},
	);
}

function redactJson(value: unknown, apiKey: string): unknown {
	if (value === undefined) return undefined;
	return JSON.parse(redact(JSON.stringify(value), [apiKey]));
}
