// Tiny HTTP client for the sandbox tests (Node's global fetch).

import type { Sandbox } from '../../sandbox/server';

export interface ApiResponse {
	status: number;
	headers: Headers;
	/** Parsed JSON, or the raw text when the body is not JSON. */
	body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export async function api(
	sandbox: Sandbox,
	method: 'GET' | 'POST' | 'PUT',
	path: string,
	body?: unknown,
	headers: Record<string, string> = { Authorization: sandbox.apiKey },
): Promise<ApiResponse> {
	const init: RequestInit = { method, headers: { ...headers } };
	if (body !== undefined) {
		init.body = JSON.stringify(body);
		(init.headers as Record<string, string>)['Content-Type'] = 'application/json';
	}
	const response = await fetch(`${sandbox.baseUrl}${path}`, init);
	const text = await response.text();
	let parsed: unknown = text;
	if ((response.headers.get('content-type') ?? '').startsWith('application/json'))
		parsed = JSON.parse(text);
	return { status: response.status, headers: response.headers, body: parsed };
}

/** The documented fields of a Contact, sorted: what every contact answer must hold, no more. */
export const CONTACT_KEYS = [
	'created_date',
	'custom_fields',
	'email',
	'enriched_company_data',
	'enriched_contact_data',
	'id',
	'pro_net_handle',
	'sentence_fields',
	'sequence_name',
];
