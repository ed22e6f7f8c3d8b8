import { buildConditions, PROPERTY_RULES } from '../../../nodes/OutreachContact/helpers/conditions';
import { InputError } from '../../../nodes/OutreachContact/helpers/input';

describe('buildConditions', () => {
	it('converts digit strings, "true"/"false" and trims text', () => {
		expect(
			buildConditions([
				{ property: 'sequence__id', operator: 'Is not', sequenceId: '42' },
				{ property: 'created_timestamp', operator: 'Exactly', days: '0' },
				{ property: 'is_enriched', operator: 'Is', enriched: 'FALSE' },
				{ property: 'premise_ids_used', operator: 'Is', value: 123 },
				{ property: 'email', operator: 'Does not contain', value: ' spam ' },
			]),
		).toEqual([
			{ property: 'sequence__id', condition: 'Is not', value: 42 },
			{ property: 'created_timestamp', condition: 'Exactly', value: 0 },
			{ property: 'is_enriched', condition: 'Is', value: false },
			{ property: 'premise_ids_used', condition: 'Is', value: '123' },
			{ property: 'email', condition: 'Does not contain', value: 'spam' },
		]);
	});

	it('offers exactly the operators the service allows per property', () => {
		expect(PROPERTY_RULES.sequence__id.operators).toEqual(['Is', 'Is not']);
		expect(PROPERTY_RULES.email.operators).toEqual([
			'Is',
			'Is not',
			'Contains',
			'Does not contain',
		]);
		expect(PROPERTY_RULES.updated_timestamp.operators).toEqual([
			'More than',
			'Exactly',
			'Less than',
		]);
		expect(PROPERTY_RULES.is_enriched.operators).toEqual(['Is', 'Is not']);
	});

	it.each([
		[
			{ property: 'email', operator: 'More than', value: 'a' },
			'Conditions › Condition 1 › Operator',
		],
		[
			{ property: 'created_timestamp', operator: 'Less than', days: -2 },
			'Conditions › Condition 1 › Value (Days Ago)',
		],
		[
			{ property: 'created_timestamp', operator: 'Less than', days: 0.5 },
			'Conditions › Condition 1 › Value (Days Ago)',
		],
		[
			{ property: 'sequence__id', operator: 'Is', sequenceId: 0 },
			'Conditions › Condition 1 › Value (Sequence ID)',
		],
		[
			{ property: 'is_enriched', operator: 'Is', enriched: 2 },
			'Conditions › Condition 1 › Value (Enriched)',
		],
		[
			{ property: 'is_enriched', operator: 'Is', enriched: 'yes' },
			'Conditions › Condition 1 › Value (Enriched)',
		],
		[
			{ property: 'sequence__id', operator: 'Is', sequenceId: '12345678901234567890123' },
			'Conditions › Condition 1 › Value (Sequence ID)',
		],
		[
			{ property: 'sequence__id', operator: 'Is', sequenceId: 1e25 },
			'Conditions › Condition 1 › Value (Sequence ID)',
		],
		[
			{ property: 'email', operator: 'Contains', value: 'x'.repeat(255) },
			'Conditions › Condition 1 › Value',
		],
		[{ property: 'nope', operator: 'Is' }, 'Conditions › Condition 1 › Contact Property'],
	])('refuses %j naming %s', (entry, field) => {
		let error: unknown;
		try {
			buildConditions([entry]);
		} catch (e) {
			error = e;
		}
		expect(error).toBeInstanceOf(InputError);
		expect((error as InputError).field).toBe(field);
		expect((error as InputError).message.startsWith(field)).toBe(true);
	});

	it('reads 1 and 0, as a number or a text, as n8n reads a boolean', () => {
		const read = (enriched: unknown) =>
			buildConditions([{ property: 'is_enriched', operator: 'Is', enriched }])[0].value;
		expect([1, '1', 0, '0', 'True', ' false '].map(read)).toEqual([
			true,
			true,
			false,
			false,
			true,
			false,
		]);
	});

	it('says where the list of conditions is an object, not a JavaScript error', () => {
		const condition = { property: 'email', operator: 'Is', value: 'x' };
		expect(() => buildConditions(condition)).toThrow(
			new InputError(
				'Conditions',
				'must be a list of conditions ([{ property, operator, value }, ...]), got "{"property":"email","operator":"Is","value":"x"}"; put the condition in [ ]',
			),
		);
		expect(() => buildConditions([condition, null])).toThrow(
			'Conditions › Condition 2 must be an object with property, operator and a value, got nothing',
		);
		expect(() => buildConditions(Array(1001).fill(condition))).toThrow(
			'Conditions must be at most 1000, got 1001',
		);
	});

	it('quotes at most 50 characters of a long value', () => {
		expect(() =>
			buildConditions([
				{ property: 'created_timestamp', operator: 'Exactly', days: 'd'.repeat(20) },
			]),
		).toThrow(`got "${'d'.repeat(20)}"`);
		expect(() =>
			buildConditions([
				{ property: 'created_timestamp', operator: 'Exactly', days: 'd'.repeat(100_000) },
			]),
		).toThrow(
			'Conditions › Condition 1 › Value (Days Ago) must be at most 32 characters, got 100000',
		);
	});
});
