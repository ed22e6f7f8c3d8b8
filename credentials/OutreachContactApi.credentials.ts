import type {
	IAuthenticateRuleResponseCode,
	IAuthenticateRuleResponseSuccessBody,
	Icon,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { CREDENTIAL_LIMITS } from '../nodes/OutreachContact/transport/defaults';

const { requestsPerMinute, maxAttempts, maxRetryWaitSeconds } = CREDENTIAL_LIMITS;

/**
 * The base URL with trailing slashes removed. A URL that is not http(s), is longer than 2,048
 * characters, or holds spaces, a user name or password (`user:pass@`), a query string or a
 * fragment makes the expression throw, so no request is sent (the nodes refuse the same with
 * their own message: transport/account.ts). The pattern is anchored, and its two repeated
 * classes cannot both take the character at their border (the host class excludes `/`), so it
 * runs in linear time. n8n swallows errors thrown inside expressions (legacy and VM engines
 * alike): the test then fails with n8n's own "Invalid URL" (ERR_INVALID_URL), not with this
 * text. The Base URL description and the nodes' own check give the hint.
 */
const TEST_BASE_URL =
	'={{ String($credentials.baseUrl).trim().length <= 2048 && /^https?:\\/\\/[^\\s/?#@\\\\]+(\\/[^\\s?#]*)?$/i.test(String($credentials.baseUrl).trim()) ? String($credentials.baseUrl).trim().replace(/\\/+$/, "") : (() => { throw new Error("The Base URL must be an http:// or https:// address with no user name, query or fragment, for example https://app.example.com/api/v2") })() }}';

export class OutreachContactApi implements ICredentialType {
	name = 'outreachContactApi';

	displayName = 'Outreach Contact API';

	icon: Icon = {
		light: 'file:../nodes/OutreachContact/outreachContact.svg',
		dark: 'file:../nodes/OutreachContact/outreachContact.dark.svg',
	};

	documentationUrl = 'https://github.com/outreach-contact/n8n-nodes-outreach-contact#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. https://app.example.com/api/v2',
			description:
				'The address of the API, ending in /api/v2 (a trailing slash is fine). Must start with http:// or https://, with no user name or password, query string (?) or fragment (#).',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'The account API key from the account settings of the service. It works for every profile of the account. Spaces and line breaks around it are ignored.',
		},
		{
			displayName: 'Requests per Minute',
			name: 'requestsPerMinute',
			type: 'number',
			typeOptions: { minValue: requestsPerMinute.min, maxValue: requestsPerMinute.max },
			default: requestsPerMinute.default,
			description:
				"The account's rate limit, at most 10,000 (a larger value counts as 10,000). Credentials of the same account (same Base URL and key) share the lowest value any of them set in the last 10 minutes. Every node and execution of this n8n process using the credential shares it; when other n8n workers or tools use the same account, each process lowers its share on the service's 429 answers and takes it back when they stop.",
		},
		{
			displayName: 'Max Attempts per Request',
			name: 'maxAttempts',
			type: 'number',
			typeOptions: { minValue: maxAttempts.min, maxValue: maxAttempts.max },
			default: maxAttempts.default,
			description:
				'How often one request is tried, at most 20 (a larger value counts as 20), when the service answers 503 (unavailable), a gateway in front of it answers 502 or 504, or the connection drops, before the node gives up. Rate-limited requests (429) are retried as long as Max Retry Wait allows.',
		},
		{
			displayName: 'Max Retry Wait (Seconds)',
			name: 'maxRetryWaitSeconds',
			type: 'number',
			typeOptions: { minValue: maxRetryWaitSeconds.min, maxValue: maxRetryWaitSeconds.max },
			default: maxRetryWaitSeconds.default,
			description:
				'The longest time one request keeps retrying after its first 429, 502, 503, 504 or dropped connection, at most 3,600 seconds (a larger value counts as 3,600). Raise it when several workers or tools share the account.',
		},
	];

	/**
	 * The key is the whole Authorization header value, with no scheme word in front: trimmed (a
	 * key pasted with a space or line break), and made a text first whatever the credential holds.
	 * The credential test's request gets its header from here too.
	 *
	 * A function, not an expression (issue 50): n8n evaluates an expression of a generic
	 * `authenticate` before every request, and on n8n 2.x that needs the workflow's expression
	 * isolate, which two polling triggers of one workflow polling at the same second take from
	 * each other ("No bridge acquired for this context"). A function needs nothing of n8n's.
	 */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		return {
			...requestOptions,
			headers: {
				...requestOptions.headers,
				Authorization: String(credentials.apiKey || '').trim(),
			},
		};
	}

	test: ICredentialTestRequest = {
		request: {
			baseURL: TEST_BASE_URL,
			url: '/me',
			method: 'GET',
			// Never follow a redirect (the nodes do not either, see transport/request.ts): n8n would
			// send the key on to wherever the Base URL points. Older n8n ignores unknown fields.
			disableFollowRedirect: true,
			sendCredentialsOnCrossOriginRedirect: false,
		},
		// n8n's credential tester reads one list with both kinds of rule (status codes on failed
		// answers, body checks on successful ones); the declared type only allows one kind.
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message:
						'The service rejected the API key (403). Copy the key again from the account settings of the service.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message:
						'The Base URL has no /me endpoint (404). Check that it is the API address of the service and ends in /api/v2.',
				},
			},
			...[301, 302, 303, 307, 308].map(
				(value): IAuthenticateRuleResponseCode => ({
					type: 'responseCode',
					properties: {
						value,
						message: `The Base URL redirects to another address (${value}), which this credential does not follow, so that the API key is never sent elsewhere. Open the Base URL in a browser to see where it leads, and enter the API address it ends at (ending in /api/v2).`,
					},
				}),
			),
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'message',
					value: undefined,
					message:
						'The Base URL answered, but not like the Outreach Contact API (no confirmation message). Check that it is the API address ending in /api/v2, not the web app.',
				},
			} satisfies IAuthenticateRuleResponseSuccessBody,
		] as unknown as IAuthenticateRuleResponseCode[],
	};
}
