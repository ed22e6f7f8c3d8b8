/**
 * Issue 50, point 2, through n8n-core over real HTTP: an exception raised on n8n's side of a
 * request (inside `httpRequestWithAuthentication`, where n8n applies the credential) keeps its
 * own message, names the request, is not retried as a network fault, takes no slot of the
 * account's pacing and leaves the account's next request to go out. A network failure still is
 * one, also in the form n8n 1.x gives it (its own text, no code).
 *
 * The errors are thrown where n8n 2.41.1 throws them: by the credentials helper's `authenticate`,
 * which n8n-core calls inside `httpRequestWithAuthentication` and whose error it wraps in a
 * NodeApiError (n8n-core's authentication.js).
 */
import type {
	ICredentialDataDecryptedObject,
	IHttpRequestOptions,
	INode,
	IRequestOptionsSimplified,
	JsonObject,
	Workflow,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import {
	nodeWorkflow,
	pollOnce,
	runWorkflow,
	TestCredentialsHelper,
	type CredentialsInput,
} from '../../harness/n8nHarness';
import { sandboxOnTestClock } from '../support/sandboxClock';
import { triggerNode } from '../../harness/workflowJson';

jest.setTimeout(30_000);

/** n8n 2.41.1's text when two polls of one workflow share its expression isolate. */
const NO_BRIDGE = 'No bridge acquired for this context. Call acquire() first.';
/** The text of isolated-vm when an expression runs too long: "timed out", not the network. */
const SCRIPT_TIMED_OUT = 'Script execution timed out.';
/** n8n 1.x's NodeApiError for a dropped connection: its own text, the code dropped. */
const N8N1_RESET =
	'The connection to the server was closed unexpectedly, perhaps it is offline. You can retry the request immediately or wait and retry later.';

/** A credentials helper whose next `authenticate` calls throw the given errors, then work. */
class FailingAuthentication extends TestCredentialsHelper {
	calls = 0;

	constructor(
		credentials: CredentialsInput,
		private readonly failures: Array<() => unknown>,
	) {
		super(credentials);
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		options: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		this.calls++;
		const failure = this.failures.shift();
		if (failure) throw failure();
		return await super.authenticate(credentials, typeName, options, workflow, node);
	}
}

const env = sandboxOnTestClock({ start: Date.UTC(2026, 10, 27, 9, 0, 0), random: () => 0.5 });

function account(): CredentialsInput {
	// One request a minute: a request that counted as a send would hold the next one for 60 s.
	return {
		baseUrl: env.sandbox.baseUrl,
		apiKey: env.sandbox.apiKey,
		requestsPerMinute: 1,
		maxAttempts: 3,
	};
}

function contactGet(contactId: number, continueOnFail = false) {
	return nodeWorkflow(
		{ resource: 'contact', operation: 'get', contactId: String(contactId) },
		{ continueOnFail },
	);
}

function addContact(): number {
	return env.sandbox.store.addContact({
		email: 'errors@example.com',
		sequence_id: 101,
		created_date: env.clock.now(),
	}).id;
}

describe("An error on n8n's side of a request keeps its cause", () => {
	it.each([
		['n8n 2.41.1\'s "No bridge acquired"', () => new Error(NO_BRIDGE), NO_BRIDGE],
		['a text that says "timed out"', () => new Error(SCRIPT_TIMED_OUT), SCRIPT_TIMED_OUT],
		[
			'the same, already a NodeApiError',
			() =>
				new NodeApiError(
					{ name: 'Node', type: 'x', typeVersion: 1 } as unknown as INode,
					new Error(NO_BRIDGE) as unknown as JsonObject,
				),
			NO_BRIDGE,
		],
	])(
		'%s: the item fails naming it and the request, nothing is retried, and the next request goes out at once',
		async (_, error, text) => {
			const id = addContact();
			const credentialsHelper = new FailingAuthentication(account(), [error]);
			const start = env.clock.now();
			const failed = await runWorkflow(contactGet(id, true), { credentialsHelper });
			const json = failed.outputOf('Node')[0]?.json;
			expect(String(json?.error)).toContain(text);
			expect(String(json?.error)).toContain(`GET /contact/${id}/`);
			expect(String(json?.error)).not.toMatch(/Could not reach|connection to the service/);
			expect(String(json?.error)).toMatch(/\[item 0\]$/);
			// Tried once: not retried as a network fault, and nothing reached the service.
			expect(credentialsHelper.calls).toBe(1);
			expect(env.sandbox.stats.requests).toBe(0);

			// The account is not marked unreachable, and the failed try took no slot of the one a
			// minute: the next execution's request is sent now.
			const next = await runWorkflow(contactGet(id), { credentials: account() });
			expect(next.errorOf('Node')).toBeUndefined();
			expect(next.outputOf('Node')[0]?.json.id).toBe(id);
			expect(env.sandbox.stats.requests).toBe(1);
			expect(env.clock.now() - start).toBeLessThan(10_000);
		},
	);

	it('the error says where it came from and how to go on, without the key', async () => {
		const id = addContact();
		const apiKey = env.sandbox.apiKey;
		const credentialsHelper = new FailingAuthentication(account(), [
			() => new Error(`${NO_BRIDGE} (key ${apiKey})`),
		]);
		const failed = await runWorkflow(contactGet(id), { credentialsHelper });
		const error = failed.errorOf('Node');
		expect(error?.message).toBe(
			`The request GET /contact/${id}/ failed inside n8n: ${NO_BRIDGE} (key [redacted]) [item 0]`,
		);
		expect(error?.description).toContain('not the network');
		expect(JSON.stringify(error)).not.toContain(apiKey);
	});

	it('a poll whose search fails inside n8n names the cause, and the next poll reads', async () => {
		// The trigger's own share (a quarter of Requests per Minute) counts the failed try: 12 a
		// minute leaves the next poll, right after it, the 2 requests of a step.
		const credentials = { ...account(), requestsPerMinute: 12 };
		const credentialsHelper = new FailingAuthentication(credentials, [() => new Error(NO_BRIDGE)]);
		const node = triggerNode('Trigger', { event: 'newContact' });
		await expect(pollOnce(node, { credentialsHelper })).rejects.toThrow(
			`The request POST /contact/search/ failed inside n8n: ${NO_BRIDGE}`,
		);
		expect(env.sandbox.stats.requests).toBe(0);
		const next = await pollOnce(node, { credentials });
		expect(next.output).toBeNull();
		expect(env.sandbox.stats.requests).toBeGreaterThan(0);
	});
});

describe('A network failure is still one', () => {
	it("n8n 1.x's dropped connection (its own text, no code) is retried like ECONNRESET", async () => {
		const id = addContact();
		const credentialsHelper = new FailingAuthentication(account(), [
			() =>
				new NodeApiError(
					{ name: 'Node', type: 'x', typeVersion: 1 } as unknown as INode,
					new Error(N8N1_RESET) as unknown as JsonObject,
				),
		]);
		const result = await runWorkflow(contactGet(id), { credentialsHelper });
		expect(result.errorOf('Node')).toBeUndefined();
		expect(result.outputOf('Node')[0]?.json.id).toBe(id);
		expect(credentialsHelper.calls).toBe(2);
		expect(env.sandbox.stats.requests).toBe(1);
	});

	it("n8n 1.x's dropped connection, every try: the connection failed after the attempts", async () => {
		const id = addContact();
		const reset = () => new Error(N8N1_RESET);
		const credentialsHelper = new FailingAuthentication(account(), [reset, reset, reset]);
		const result = await runWorkflow(contactGet(id), { credentialsHelper });
		expect(result.errorOf('Node')?.message).toBe(
			'The connection to the service failed (ECONNRESET) after 3 attempts [item 0]',
		);
	});
});
