import type { IExecuteFunctions } from 'n8n-workflow';

import type { CheckOptions } from './args';
import type { Answer, ServiceClient } from './client';
import type { Report } from './report';

/** What every probe of check-service works with. */
export interface Probe {
	client: ServiceClient;
	/** `this` of a node, for the nodes' own transport functions (transport/api.ts). */
	ctx: IExecuteFunctions;
	report: Report;
	options: CheckOptions;
}

export type NodeOutcome<T> =
	| { ok: true; value: T; answer: Answer | undefined }
	| { ok: false; error: unknown; answer: Answer | undefined };

/**
 * Runs one of the nodes' calls and keeps what it returned or threw, beside the raw answer the
 * transport kept (after its retries).
 */
export async function viaNodes<T>(probe: Probe, call: () => Promise<T>): Promise<NodeOutcome<T>> {
	probe.client.last = undefined;
	try {
		const value = await call();
		return { ok: true, value, answer: probe.client.last };
	} catch (error) {
		return { ok: false, error, answer: probe.client.last };
	}
}

/** The HTTP status a NodeApiError carries, if any. */
export function httpCodeOf(error: unknown): number | undefined {
	const code = Number((error as { httpCode?: unknown })?.httpCode);
	return Number.isInteger(code) && code > 0 ? code : undefined;
}
