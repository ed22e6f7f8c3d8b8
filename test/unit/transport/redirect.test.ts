/**
 * The text of a redirect failure (transport/serviceFailure.ts `redirected`): where the service
 * sent the request, as origin and path only, and what to put in the Base URL.
 */
import { redirected } from '../../../nodes/OutreachContact/transport/serviceFailure';

const REQUEST_URL = 'https://app.example.com/api/v2/contact/42/';
const fail = (location: unknown) =>
	redirected('GET /contact/42/', 302, location, REQUEST_URL, '/contact/42/');

describe('redirected', () => {
	it('names origin and path only: no userinfo, query or fragment', () => {
		const failure = fail(
			'https://user:pa55@api.example.org:8443/api/v2/contact/42/?token=abc#frag',
		);
		expect(failure.message).toBe(
			'The service redirected the request (302) to https://api.example.org:8443/api/v2/contact/42/',
		);
		expect(failure.description).toBe(
			"GET /contact/42/ was answered with a redirect. The node does not follow redirects, so that the API key is never sent to another address. If that is the service's new address, set the Base URL in the credential to https://api.example.org:8443/api/v2.",
		);
		expect(JSON.stringify(failure)).not.toMatch(/user|pa55|token|abc|frag/);
		expect(failure.httpCode).toBe(302);
	});

	it('resolves a relative Location against the request URL', () => {
		expect(fail('/v3/contact/42').message).toBe(
			'The service redirected the request (302) to https://app.example.com/v3/contact/42',
		);
		expect(fail('/v3/contact/42').description).toContain(
			'set the Base URL in the credential to https://app.example.com/v3.',
		);
		expect(fail('../../login').message).toBe(
			'The service redirected the request (302) to https://app.example.com/api/v2/login',
		);
	});

	it('when the path does not end with the request path: says to open the Base URL', () => {
		const failure = fail('https://sso.example.com/login?next=/api/v2/contact/42/');
		expect(failure.message).toBe(
			'The service redirected the request (302) to https://sso.example.com/login',
		);
		expect(failure.description).toContain(
			'Open the Base URL in a browser to see where it leads, and set the Base URL in the credential to the API address it ends at (ending in /api/v2).',
		);
	});

	it.each([
		['missing', undefined],
		['empty', '  '],
		['not an http(s) address', 'javascript:alert(1)'],
		['unparsable', 'http://exa mple.com:99999/'],
		['too long', `https://example.com/${'a'.repeat(5_000)}`],
	])('a Location that is %s is not quoted', (_, location) => {
		const failure = fail(location);
		expect(failure.message).toBe('The service redirected the request (302)');
		expect(failure.description).toContain(
			'GET /contact/42/ was answered with a redirect to no readable address.',
		);
	});

	it('takes the first of several Location headers', () => {
		expect(fail(['https://a.example.com/x', 'https://b.example.com/y']).message).toBe(
			'The service redirected the request (302) to https://a.example.com/x',
		);
	});
});
