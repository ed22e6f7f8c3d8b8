import type { IExecuteFunctions, IHttpRequestOptions, INode } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../../nodes/OutreachContact/transport/account';
import { excerpt, redact } from '../../nodes/OutreachContact/transport/redact';
import { quote, shape } from './report';

/**
 * HTTP for check-service: raw requests for the probes that must see everything (status, headers,
 * the Date header, a wrong key), and a context in which the nodes' own transport
 * (transport/api.ts: pacing, retries, the answer readers, the failure texts) runs with Node's
 * fetch in place of n8n's request helper, so that a verdict is what the nodes really do.
 * Redirects are never followed (as in the nodes): the key is never sent elsewhere.
 */

const TIMEOUT_MS = 30_000;

const NODE_TYPE = 'n8n-nodes-outreach-contact.outreachContact';

/** The nodes' retries for this tool: fewer and shorter than the credential's defaults. */
const NODE_RETRIES = { maxAttempts: 3, maxRetryWaitSeconds: 30 };

export interface Answer {
	/** e.g. "GET /contact/42/". */
	request: string;
	/** 0: no answer (see `failure`). */
	status: number;
	/** Header names in lower case. */
	headers: Record<string, string>;
	text: string;
	/** The parsed body when it is JSON, else undefined. */
	body: unknown;
	isJson: boolean;
	/** The service's clock: its Date header, in epoch ms. */
	dateMs?: number;
	/** The network error code and message when there was no answer. */
	failure?: string;
	code?: string;
}

export interface SendOptions {
	qs?: Record<string, string | number | boolean | undefined>;
	/** A JSON body (an object), or the body as the nodes' transport serialized it. */
	body?: unknown;
	/** Sent as the Authorization header instead of the key (a wrong key, on purpose). */
	authorization?: string;
	signal?: AbortSignal;
}

function failureCode(error: unknown): string {
	const e = error as { name?: string; code?: unknown; cause?: { code?: unknown } };
	if (e?.name === 'TimeoutError') return 'ETIMEDOUT';
	const code = e?.cause?.code ?? e?.code;
	return typeof code === 'string' && /^E[A-Z_]{1,40}$/.test(code) ? code : 'ENETWORK';
}

export class ServiceClient {
	/** The last answer of any request, the nodes' included (after their retries: the one they kept). */
	last: Answer | undefined;

	/** Requests sent so far. */
	sent = 0;

	constructor(
		readonly baseUrl: string,
		private readonly apiKey: string,
	) {}

	async send(method: 'GET' | 'POST', path: string, options: SendOptions = {}): Promise<Answer> {
		const query = new URLSearchParams();
		for (const [key, value] of Object.entries(options.qs ?? {}))
			if (value !== undefined) query.append(key, String(value));
		const search = query.toString();
		const request = `${method} ${path}${search ? `?${search}` : ''}`;
		const headers: Record<string, string> = {
			Accept: 'application/json',
			Authorization: options.authorization ?? this.apiKey,
		};
		let body: string | undefined;
		if (options.body !== undefined) {
			body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
			headers['Content-Type'] = 'application/json';
		}
		const timeout = AbortSignal.timeout(TIMEOUT_MS);
		const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
		this.sent++;
		let answer: Answer;
		try {
			const response = await fetch(`${this.baseUrl}${path}${search ? `?${search}` : ''}`, {
				method,
				headers,
				body,
				redirect: 'manual',
				signal,
			});
			const text = await response.text();
			const responseHeaders: Record<string, string> = {};
			response.headers.forEach((value, key) => (responseHeaders[key] = value));
			let parsed: unknown;
			let isJson = false;
			try {
				parsed = text.trim() === '' ? undefined : JSON.parse(text);
				isJson = parsed !== undefined;
			} catch {
				parsed = undefined;
			}
			const date = Date.parse(responseHeaders.date ?? '');
			answer = {
				request,
				status: response.status,
				headers: responseHeaders,
				text,
				body: parsed,
				isJson,
				dateMs: Number.isNaN(date) ? undefined : date,
			};
		} catch (error) {
			const code = failureCode(error);
			const cause = (error as { cause?: { message?: string } })?.cause?.message;
			answer = {
				request,
				status: 0,
				headers: {},
				text: '',
				body: undefined,
				isJson: false,
				code,
				failure: redact(`${code}: ${cause ?? (error as Error)?.message ?? String(error)}`, [
					this.apiKey,
				]),
			};
		}
		this.last = answer;
		return answer;
	}

	/**
	 * `this` of a node for the nodes' transport functions (transport/api.ts), with the credential
	 * of this check. Only what the transport uses is there.
	 */
	nodeContext(): IExecuteFunctions {
		// What NodeApiError reads of a node: its name and type.
		const node = { name: 'check-service', type: NODE_TYPE, typeVersion: 1 } as INode;
		const credentials = { baseUrl: this.baseUrl, apiKey: this.apiKey, ...NODE_RETRIES };
		const httpRequestWithAuthentication = async (type: string, options: IHttpRequestOptions) => {
			if (type !== CREDENTIAL_TYPE) throw new Error(`Unknown credential type ${type}`);
			const answer = await this.send(options.method as 'GET' | 'POST', options.url, {
				qs: options.qs as SendOptions['qs'],
				body: options.body,
				signal: options.abortSignal as AbortSignal | undefined,
			});
			if (answer.status === 0)
				throw Object.assign(new Error(answer.failure), { code: answer.code });
			return { statusCode: answer.status, headers: answer.headers, body: answer.text };
		};
		return {
			getNode: () => node,
			getCredentials: async () => credentials,
			helpers: { httpRequestWithAuthentication },
		} as unknown as IExecuteFunctions;
	}
}

/**
 * What came back, in a few words: the status and, for a success, the shape of its JSON (no
 * data); for a failure, a quote of its body (the service's own message).
 */
export function describeAnswer(answer: Answer): string {
	if (answer.status === 0) return `no answer (${answer.failure ?? 'network failure'})`;
	const type = (answer.headers['content-type'] ?? '').split(';')[0];
	if (answer.text.trim() === '') return `${answer.status} with an empty body`;
	if (!answer.isJson)
		return `${answer.status}, ${type || 'a body'} that is not JSON: ${quote(answer.text, 60)}`;
	if (answer.status >= 200 && answer.status < 300) return `${answer.status} ${shape(answer.body)}`;
	return `${answer.status} ${excerpt(answer.text, 160)}`;
}

/** The message and description of what the nodes threw (a NodeApiError), on one line. */
export function nodeError(error: unknown): string {
	const e = error as { message?: string; description?: string | null };
	const message = e?.message ?? String(error);
	return e?.description ? `${message} (${e.description})` : message;
}
