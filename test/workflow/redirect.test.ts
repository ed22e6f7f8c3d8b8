/**
 * A Base URL that answers with a redirect (issue 26, point 2), over real HTTP through n8n-core:
 * the sandbox redirects every request to the same path on a second server of its own (another
 * origin), which answers like the service and records what reaches it. The nodes and the
 * credential test follow no redirect: the key never reaches that server, and the item fails with
 * where the service sent it (origin and path, never the query) and what to put in the Base URL.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	contactAddParameters,
	nodeWorkflow,
	runCredentialTest,
	runWorkflow,
	secretLeaks,
} from '../../harness/n8nHarness';
import { sandboxOnTestClock } from '../support/sandboxClock';

jest.setTimeout(30_000);

/** Long enough that any piece of it in an error would be found. */
const API_KEY = 'sk-dummy-redirect-SECRET-0123456789';

const env = sandboxOnTestClock(
	{ start: Date.UTC(2026, 10, 24, 9, 0, 0), random: () => 0.5 },
	{ apiKey: API_KEY },
);

/** The requests that carried an Authorization header to where the redirect points. */
const keysSent = () =>
	env.sandbox.redirectTarget.requests.filter((r) => r.headers.authorization !== undefined);

const credentials = () => ({
	baseUrl: env.sandbox.baseUrl,
	apiKey: API_KEY,
	requestsPerMinute: 60000,
	maxAttempts: 3,
});

async function run(parameters: IDataObject) {
	const result = await runWorkflow(nodeWorkflow(parameters), { credentials: credentials() });
	return { result, items: result.outputOf('Node'), error: result.errorOf('Node') };
}

/** Every operation kind: a GET, two POSTs, a list with a query string. */
const operations: Array<[string, () => IDataObject, string]> = [
	[
		'Contact Get',
		() => ({
			resource: 'contact',
			operation: 'get',
			contactId: String(env.sandbox.store.listContacts()[0].id),
		}),
		'/contact/<id>/',
	],
	[
		'Contact Add',
		() =>
			contactAddParameters('new.person@example.com', {
				// Without the look-up (a search) first: the add itself meets the redirect.
				options: { lookUpContact: false },
			}),
		'/contact/',
	],
	[
		'Contact Search',
		() => ({ resource: 'contact', operation: 'search', returnAll: true, conditions: {} }),
		'/contact/search/',
	],
	[
		'Playbook Get Many',
		() => ({
			resource: 'playbook',
			operation: 'getAll',
			returnAll: true,
			filters: { profileId: 7 },
		}),
		'/playbooks/list/',
	],
];

const cases = operations.flatMap(([name, parameters, path]) =>
	[302, 307, 308].map((status) => [name, status, parameters, path] as const),
);

describe('A Base URL that redirects to another origin', () => {
	beforeEach(() => env.sandbox.store.seedContacts(1));

	it.each(cases)(
		'%s, %i: the other origin gets no request, the item fails naming where it was sent',
		async (_name, status, parameters, path) => {
			const params = parameters();
			env.sandbox.settings.redirect = status;
			const { result, items, error } = await run(params);

			expect(keysSent()).toEqual([]);
			// Best case, and what the nodes do: the other origin saw no request at all.
			expect(env.sandbox.redirectTarget.requests).toEqual([]);
			expect(env.sandbox.stats.requests).toBe(1);
			expect(items).toEqual([]);

			const requestPath = path.replace('<id>', String(params.contactId));
			const target = `${env.sandbox.redirectTarget.origin}/api/v2${requestPath}`;
			expect(error?.message).toBe(
				`The service redirected the request (${status}) to ${target} [item 0]`,
			);
			expect(error?.description).toContain(
				`The node does not follow redirects, so that the API key is never sent to another address. If that is the service's new address, set the Base URL in the credential to ${env.sandbox.redirectTarget.origin}/api/v2.`,
			);
			expect((error as { httpCode?: string } | undefined)?.httpCode).toBe(String(status));
			// The Location carried the query (profile_id=7); the message names origin and path only.
			expect(`${error?.message} ${error?.description}`).not.toContain('profile_id');
			expect(secretLeaks(error, API_KEY)).toEqual([]);
			expect(secretLeaks(result.run, API_KEY)).toEqual([]);
		},
	);
});

describe('A Base URL that redirects on its own origin', () => {
	it('is not followed either: the moved path gets no request, the message names it', async () => {
		env.sandbox.settings.redirect = 301;
		env.sandbox.settings.redirectOrigin = 'same';
		const { error } = await run({ resource: 'playbook', operation: 'getAll', returnAll: true });
		expect(env.sandbox.redirectTarget.requests).toEqual([]);
		const origin = new URL(env.sandbox.baseUrl).origin;
		expect(error?.message).toBe(
			`The service redirected the request (301) to ${origin}/moved/api/v2/playbooks/list/ [item 0]`,
		);
		expect(error?.description).toContain(
			`set the Base URL in the credential to ${origin}/moved/api/v2.`,
		);
	});
});

describe('The credential test against a Base URL that redirects to another origin', () => {
	it.each([301, 302, 303, 307, 308])(
		'%i: fails with the redirect message, the other origin gets no request',
		async (status) => {
			env.sandbox.settings.redirect = status;
			const outcome = await runCredentialTest({ baseUrl: env.sandbox.baseUrl, apiKey: API_KEY });
			expect(outcome.status).toBe('Error');
			expect(outcome.message).toBe(
				`The Base URL redirects to another address (${status}), which this credential does not follow, so that the API key is never sent elsewhere. Open the Base URL in a browser to see where it leads, and enter the API address it ends at (ending in /api/v2).`,
			);
			expect(keysSent()).toEqual([]);
			expect(env.sandbox.redirectTarget.requests).toEqual([]);
			expect(env.sandbox.stats.requests).toBe(1);
			expect(secretLeaks(outcome.message, API_KEY)).toEqual([]);
		},
	);
});
