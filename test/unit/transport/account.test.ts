/**
 * The account a request is for (transport/account.ts `loadSettings`): which Base URLs are
 * refused and with what message, the canonical form that makes one pacer per account, the
 * trimmed key, and the credential's numbers clamped to their bounds. Then `pacerFor`: two
 * credentials of one account share the lower Requests per Minute.
 */
import nock from 'nock';
import type { ICredentialDataDecryptedObject, INode } from 'n8n-workflow';

import { loadSettings } from '../../../nodes/OutreachContact/transport/account';
import { getContact } from '../../../nodes/OutreachContact/transport/api';
import { CREDENTIAL_LIMITS } from '../../../nodes/OutreachContact/transport/defaults';
import { Pacer, pacerFor } from '../../../nodes/OutreachContact/transport/pacer';
import type { RequestContext } from '../../../nodes/OutreachContact/transport/request';
import { callInNode } from '../../../harness/n8nHarness';
import { TestClock } from '../../../harness/testClock';
import { busiestMinute } from '../../../harness/pacingWindow';
import { useVirtualClock } from '../../support/virtualTime';

jest.setTimeout(20_000);

const API_KEY = 'sk-dummy-SECRET-1234567890';
const OTHER_KEY = 'sk-dummy-OTHER-0987654321';
const node = { name: 'Node', type: 'test', typeVersion: 1 } as INode;

/** A context that only reads the credential, as loadSettings does. */
function contextWith(credentials: ICredentialDataDecryptedObject): RequestContext {
	return {
		getCredentials: async () => credentials,
		getNode: () => node,
	} as unknown as RequestContext;
}

const settingsFor = async (credentials: ICredentialDataDecryptedObject, itemIndex?: number) =>
	await loadSettings(contextWith({ apiKey: API_KEY, ...credentials }), itemIndex);

async function refusal(baseUrl: string): Promise<Error & { context?: { itemIndex?: number } }> {
	try {
		await settingsFor({ baseUrl }, 3);
	} catch (error) {
		return error as Error;
	}
	throw new Error(`loadSettings accepted ${baseUrl}`);
}

describe('loadSettings: the Base URL', () => {
	it.each([
		['https://outreach.test/api/v2', 'https://outreach.test/api/v2'],
		['https://outreach.test/api/v2/', 'https://outreach.test/api/v2'],
		['  https://outreach.test/api/v2///  ', 'https://outreach.test/api/v2'],
		['HTTPS://Outreach.TEST:443/api/v2/', 'https://outreach.test/api/v2'],
		['http://outreach.test:80/api/v2', 'http://outreach.test/api/v2'],
		['http://outreach.test:8080/api/v2', 'http://outreach.test:8080/api/v2'],
		['https://outreach.test:80/API/V2', 'https://outreach.test:80/API/V2'],
	])('accepts %p as %p', async (baseUrl, canonical) => {
		expect((await settingsFor({ baseUrl })).baseUrl).toBe(canonical);
	});

	it.each([
		[
			'a user name and password',
			'https://joe:hunter2secret@outreach.test/api/v2',
			'user name or password',
		],
		['a user name alone', 'https://hunter2secret@outreach.test/api/v2', 'user name or password'],
		['an empty user name', 'https://@outreach.test/api/v2', 'user name or password'],
		['a query string', 'https://outreach.test/api/v2?token=hunter2secret', 'query string'],
		['an empty query string', 'https://outreach.test/api/v2?', 'query string'],
		['a fragment', 'https://outreach.test/api/v2#hunter2secret', 'fragment'],
	])('refuses %s, without quoting it', async (_, baseUrl, what) => {
		const error = await refusal(baseUrl);
		expect(error.message).toContain(`The credential's Base URL contains a ${what}`);
		expect(error.message).toContain('here https://outreach.test/api/v2;');
		expect(error.message).not.toContain('hunter2secret');
		expect(error.message).not.toContain('token');
		expect(error.message).not.toContain('joe');
		expect(error.context?.itemIndex).toBe(3);
	});

	it('names every part to remove at once', async () => {
		const error = await refusal('https://joe:hunter2secret@outreach.test/api/v2/?a=1#b');
		expect(error.message).toBe(
			"The credential's Base URL contains a user name or password (user:pass@) and a query string (?...) and a fragment (#...). Enter only the API address (scheme, host and path), here https://outreach.test/api/v2; the API key goes in its own field.",
		);
	});

	it.each([
		['not http(s)', 'ftp://joe:hunter2secret@outreach.test/api/v2'],
		['without a scheme', 'outreach.test/api/v2'],
		['with a space inside', 'https://outreach.test/api v2'],
		['with a line break inside', 'https://outreach.test/api\nv2'],
	])('refuses a Base URL %s, quoting nothing of it', async (_, baseUrl) => {
		const error = await refusal(baseUrl);
		expect(error.message).toBe(
			"The credential's Base URL is not an http(s) URL. It must start with http:// or https://, for example https://app.example.com/api/v2.",
		);
	});

	it('refuses a Base URL over 2,048 characters, and takes one of exactly 2,048', async () => {
		const base = 'https://outreach.test/';
		const fits = base + 'a'.repeat(2_048 - base.length);
		expect((await settingsFor({ baseUrl: fits })).baseUrl).toBe(fits);
		const error = await refusal(`${fits}a`);
		expect(error.message).toBe(
			"The credential's Base URL is longer than 2048 characters. Enter the API address, for example https://app.example.com/api/v2.",
		);
	});

	it('an empty Base URL: says so', async () => {
		expect((await refusal('  ')).message).toBe(
			'The credential has no Base URL. Enter the API address ending in /api/v2.',
		);
	});
});

describe('loadSettings: one account however it is spelled', () => {
	it('the same account key for every spelling of one Base URL, and for a key with spaces around', async () => {
		const a = await settingsFor({ baseUrl: 'HTTPS://Host.Example:443/api/v2/' });
		const b = await settingsFor({
			baseUrl: 'https://host.example/api/v2',
			apiKey: ` ${API_KEY}\n`,
		});
		expect(b.apiKey).toBe(API_KEY);
		expect(a.accountKey).toBe(b.accountKey);
		expect(pacerFor(a.accountKey, a.perMinute, () => new TestClock())).toBe(
			pacerFor(b.accountKey, b.perMinute, () => new TestClock()),
		);
	});

	it('another path, port or key is another account', async () => {
		const spellings: ICredentialDataDecryptedObject[] = [
			{ baseUrl: 'https://host.example/api/v2' },
			{ baseUrl: 'https://host.example/API/v2' },
			{ baseUrl: 'https://host.example:8443/api/v2' },
			{ baseUrl: 'http://host.example/api/v2' },
			{ baseUrl: 'https://host.example/api/v2', apiKey: OTHER_KEY },
		];
		const keys = await Promise.all(
			spellings.map(async (credentials) => (await settingsFor(credentials)).accountKey),
		);
		expect(new Set(keys).size).toBe(keys.length);
	});
});

describe('loadSettings: the numbers of the credential', () => {
	const { requestsPerMinute, maxAttempts, maxRetryWaitSeconds } = CREDENTIAL_LIMITS;
	const base = { baseUrl: 'https://outreach.test/api/v2' };

	it('missing or not numbers: the defaults', async () => {
		for (const value of [undefined, null, '', 'lots']) {
			const settings = await settingsFor({
				...base,
				requestsPerMinute: value as never,
				maxAttempts: value as never,
				maxRetryWaitSeconds: value as never,
			});
			expect(settings).toMatchObject({
				perMinute: requestsPerMinute.default,
				maxAttempts: maxAttempts.default,
				maxWaitMs: maxRetryWaitSeconds.default * 1000,
			});
		}
	});

	it('above the maximum: clamped to it', async () => {
		const settings = await settingsFor({
			...base,
			requestsPerMinute: 1e9,
			maxAttempts: '500',
			maxRetryWaitSeconds: Infinity,
		});
		expect(settings).toMatchObject({ perMinute: 10_000, maxAttempts: 20, maxWaitMs: 3_600_000 });
	});

	it('below the minimum: clamped to it', async () => {
		const settings = await settingsFor({
			...base,
			requestsPerMinute: 0,
			maxAttempts: -3,
			maxRetryWaitSeconds: -60,
		});
		expect(settings).toMatchObject({ perMinute: 1, maxAttempts: 1, maxWaitMs: 0 });
	});

	it('within bounds: as set', async () => {
		const settings = await settingsFor({
			...base,
			requestsPerMinute: 150,
			maxAttempts: 3,
			maxRetryWaitSeconds: 20,
		});
		expect(settings).toMatchObject({ perMinute: 150, maxAttempts: 3, maxWaitMs: 20_000 });
	});
});

describe('pacerFor: two credentials of one account', () => {
	afterEach(() => jest.restoreAllMocks());

	it('uses the lowest Requests per Minute asked for in the last 10 minutes', () => {
		const limits: number[] = [];
		jest.spyOn(Pacer.prototype, 'setLimit').mockImplementation((limit) => {
			limits.push(limit);
		});
		const clock = new TestClock({ sleep: 'still' });
		const account = 'account-lowest-rate';
		const pacer = pacerFor(account, 100, () => clock);
		expect(pacerFor(account, 50, () => clock)).toBe(pacer);
		expect(pacerFor(account, 100, () => clock)).toBe(pacer);
		clock.time += 10 * 60_000;
		expect(pacerFor(account, 100, () => clock)).toBe(pacer);
		clock.time += 1;
		// 50 was last asked for more than 10 minutes ago: the raised value applies.
		expect(pacerFor(account, 100, () => clock)).toBe(pacer);
		expect(limits).toEqual([50, 50, 50, 100]);
	});
});

describe('pacing over n8n-core: one pacer per account', () => {
	const time = useVirtualClock();
	const ORIGIN = 'https://outreach.test';

	type Credential = { baseUrl: string; requestsPerMinute: number };

	/** 15 Gets with each credential; the second starts once the first has all its answers. */
	async function twoCredentials(first: Credential, second: Credential): Promise<number[]> {
		const times: number[] = [];
		nock(ORIGIN)
			.get(/^\/api\/v2\/contact\/\d+\/$/)
			.times(30)
			.reply(function (uri) {
				times.push(time.clock.now());
				const id = Number(/contact\/(\d+)\//.exec(uri)![1]);
				return [200, { data: { id, email: `c${id}@example.com` } }];
			});
		const run = (credentials: Credential, from: number) =>
			callInNode(
				async (ctx) =>
					await Promise.all(
						Array.from({ length: 15 }, async (_, i) => await getContact(ctx, from + i)),
					),
				{ credentials: { ...credentials, apiKey: API_KEY } },
			);
		const a = await time.clock.run(run(first, 1));
		const b = await time.clock.run(run(second, 101));
		expect(a.threw || b.threw).toBe(false);
		expect(times).toHaveLength(30);
		return times;
	}

	it('two spellings of one Base URL share one limit', async () => {
		const times = await twoCredentials(
			{ baseUrl: 'HTTPS://Outreach.TEST:443/api/v2/', requestsPerMinute: 10 },
			{ baseUrl: `${ORIGIN}/api/v2`, requestsPerMinute: 10 },
		);
		expect(busiestMinute(times)).toBeLessThanOrEqual(10);
	});

	it('a credential with 30 per minute after one of the same account with 10: still 10 per minute', async () => {
		const times = await twoCredentials(
			{ baseUrl: `${ORIGIN}/api/v2`, requestsPerMinute: 10 },
			{ baseUrl: `${ORIGIN}/api/v2/`, requestsPerMinute: 30 },
		);
		expect(busiestMinute(times)).toBeLessThanOrEqual(10);
	});
});
