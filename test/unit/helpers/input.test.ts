import {
	describeValue,
	readBoolean,
	requireEmail,
	requireId,
	requireLimit,
	toBoolean,
	toWholeNumber,
} from '../../../nodes/OutreachContact/helpers/input';

describe('toBoolean reads a boolean as n8n reads a boolean parameter (tryToParseBoolean)', () => {
	it.each([
		[true, true],
		[false, false],
		['true', true],
		['True', true],
		['FALSE', false],
		[' true ', true],
		['1', true],
		['0', false],
		[1, true],
		[0, false],
		['1.0', true],
	])('%j is %s', (value, expected) => {
		expect(toBoolean(value)).toBe(expected);
	});

	it.each([['yes'], ['no'], [''], ['  '], [2], [-1], ['2'], [{}], [[]], ['t'.repeat(1_000_000)]])(
		'%j is not a boolean',
		(value) => {
			expect(toBoolean(value)).toBeUndefined();
		},
	);

	it('is the fallback when not set, an error naming the field otherwise: never a silent false', () => {
		expect(readBoolean(undefined, 'Simplify', true)).toBe(true);
		expect(readBoolean(null, 'Simplify', true)).toBe(true);
		expect(() => readBoolean('yes', 'Additional Fields › Enrich Contact', false)).toThrow(
			'Additional Fields › Enrich Contact must be true or false (or 1 or 0), got "yes"',
		);
	});
});

describe('ids are exact whole numbers', () => {
	it.each([
		[12, 12],
		['12', 12],
		[' 12 ', 12],
		[Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
		[String(Number.MAX_SAFE_INTEGER), Number.MAX_SAFE_INTEGER],
	])('%j is %d', (value, expected) => {
		expect(requireId(value, 'Contact ID')).toBe(expected);
	});

	it.each([
		['1234567890123456789012345', ' (above 9007199254740991, the largest exact whole number)'],
		[1e25, ' (above 9007199254740991, the largest exact whole number)'],
		['1e25', ' (above 9007199254740991, the largest exact whole number)'],
		[Number.MAX_SAFE_INTEGER + 1, ' (above 9007199254740991, the largest exact whole number)'],
		['9007199254740993', ' (above 9007199254740991, the largest exact whole number)'],
		['12.0', ''],
		['1.2e1', ''],
		[12.5, ''],
		['0x10', ''],
	])('%j is refused', (value, why) => {
		expect(toWholeNumber(value)).toBeUndefined();
		expect(() => requireId(value, 'Contact ID')).toThrow(
			`Contact ID must be a positive whole number, got ${describeValue(value)}${why}`,
		);
	});

	it('bounds the text of an id, a limit before reading it', () => {
		expect(() => requireId(`${'1'.repeat(40)}`, 'Contact ID')).toThrow(
			'Contact ID must be at most 32 characters, got 40',
		);
		expect(() => requireLimit('9'.repeat(1_000_000))).toThrow(
			'Limit must be at most 32 characters, got 1000000',
		);
	});
});

describe('requireEmail', () => {
	it.each([['a@b.co'], [' name@company.com '], ['x@sub.domain.org'], ['a.b@c.d']])(
		'takes %j',
		(email) => {
			expect(requireEmail(email)).toBe(email.trim());
		},
	);

	it.each([
		['a@b'],
		['a@.b'],
		['a@b.'],
		['@b.co'],
		['a@@b.co'],
		['a@b@c.co'],
		['a b@c.co'],
		['a@b.c\u00a0o'],
		['a@' + '.'.repeat(50) + '@'],
		[''],
	])('refuses %j', (email) => {
		expect(() => requireEmail(email)).toThrow(
			'Email must be an email address like name@company.com',
		);
	});

	it('refuses more than 254 characters whatever they are, saying the limit', () => {
		const email = `${'a'.repeat(242)}@example.com`;
		expect(requireEmail(email)).toBe(email);
		expect(() => requireEmail(`a${email}`)).toThrow(
			'Email must be at most 254 characters, got 255',
		);
	});
});

describe('describeValue', () => {
	it('quotes a short value whole, and at most 50 characters of a long one', () => {
		expect(describeValue('abc')).toBe('"abc"');
		expect(describeValue('x'.repeat(1_048_576))).toBe(`"${'x'.repeat(50)}…" (1048576 characters)`);
		expect(describeValue({ a: 'y'.repeat(100) })).toBe(
			`"{"a":"${'y'.repeat(44)}…" (108 characters)`,
		);
	});
});
