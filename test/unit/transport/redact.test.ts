/**
 * Redaction (transport/redact.ts): the key is removed from a text in every form a service may
 * quote it in: as is, inside a JSON string, URL-encoded and form-encoded.
 */
import { redact } from '../../../nodes/OutreachContact/transport/redact';

// A key with a space, quotes, a slash, a plus and a backslash: each form differs from the others.
const KEY = 'sk "live"/1+2 x\\y';

describe('redact', () => {
	it.each([
		['as is', KEY],
		['inside a JSON string', JSON.stringify(KEY).slice(1, -1)],
		['URL-encoded', encodeURIComponent(KEY)],
		['form-encoded with + for spaces', encodeURIComponent(KEY).replace(/%20/g, '+')],
		[
			'form-encoded as URLSearchParams writes it',
			new URLSearchParams({ k: KEY }).toString().slice(2),
		],
	])('removes the key %s', (_, form) => {
		const text = `before ${form} after ${form}`;
		expect(redact(text, [KEY])).toBe('before [redacted] after [redacted]');
	});

	it('removes it from a JSON body that quotes it', () => {
		const body = JSON.stringify({
			detail: `Invalid key ${KEY}`,
			url: `/me?key=${encodeURIComponent(KEY)}`,
		});
		const out = redact(body, [KEY]);
		expect(JSON.parse(out)).toEqual({
			detail: 'Invalid key [redacted]',
			url: '/me?key=[redacted]',
		});
	});

	it('leaves a text without the key as it is, and ignores keys shorter than 4 characters', () => {
		expect(redact('nothing secret here', [KEY])).toBe('nothing secret here');
		expect(redact('a b c', ['a b'])).toBe('a b c');
	});
});
