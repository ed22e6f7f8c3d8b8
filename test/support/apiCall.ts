import nock from 'nock';

import type { ApiRequest } from '../../nodes/OutreachContact/transport/request';
import { apiRequest } from '../../nodes/OutreachContact/transport/request';
import type { CredentialsInput } from '../../harness/n8nHarness';
import { callInNode, secretLeaks } from '../../harness/n8nHarness';
import { useVirtualClock } from './virtualTime';

/**
 * The transport's request tests (test/unit/transport/request*.test.ts): apiRequest sent through
 * a real n8n-core ExecuteContext (callInNode) on the virtual clock, and what every error path
 * must hold (no key anywhere in it).
 */

export const API_KEY = 'sk-dummy-SECRET-1234567890';
export const ORIGIN = 'https://outreach.test';
export const BASE = `${ORIGIN}/api/v2`;
export const credentials = { baseUrl: BASE, apiKey: API_KEY };

/** What the tests read of a thrown node error. */
export type NodeErrorLike = Record<string, unknown> & {
	message: string;
	description?: string;
	httpCode?: string;
};

/** A reply of the service: status, body and headers. */
export type Reply = [number, unknown, Record<string, string>?];

/** The 200 of a request that went through. */
export const OK: Reply = [200, { message: 'ok' }];

export interface Outcome {
	value?: unknown;
	/** The thrown error (read only when `threw`). */
	error: NodeErrorLike;
	threw: boolean;
}

/** Fails the test if the key shows anywhere in the error or the parts n8n shows and stores. */
export function expectNoKey(thrown: unknown): void {
	const error = thrown as NodeErrorLike;
	expect(error).toBeDefined();
	expect(secretLeaks(error, API_KEY)).toEqual([]);
	for (const part of [
		error.cause,
		error.description,
		error.messages,
		error.context,
		error.message,
	]) {
		expect(JSON.stringify(part) ?? '').not.toContain(API_KEY);
	}
	expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain(API_KEY);
}

/**
 * The virtual clock of every test in the file (useVirtualClock), and the request sent through a
 * node's context on it.
 */
export function useApiCalls() {
	const time = useVirtualClock();
	/** Sends `req` (a retried request unless it says otherwise) through a node's context. */
	async function call(
		req: Omit<ApiRequest, 'mayRetry'> & { mayRetry?: boolean },
		creds: CredentialsInput = credentials,
	): Promise<Outcome> {
		const { value, error, threw } = await time.clock.run(
			callInNode(async (ctx) => await apiRequest(ctx, { mayRetry: true, ...req }), {
				credentials: creds,
			}),
		);
		// Every error path: the key must not show anywhere in what was thrown.
		if (threw) expectNoKey(error);
		return { value, error: error as NodeErrorLike, threw };
	}

	/**
	 * The service answers `GET /me` with these replies in turn (a reply may be computed when the
	 * request comes); returns the virtual time of each request it received.
	 */
	function meAnswers(...replies: Array<Reply | (() => Reply)>): number[] {
		const times: number[] = [];
		const scope = nock(ORIGIN);
		for (const reply of replies)
			scope.get('/api/v2/me').reply(() => {
				times.push(time.clock.now());
				return typeof reply === 'function' ? reply() : reply;
			});
		return times;
	}
	return { time, call, meAnswers };
}
