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
			{ property: 'is_enriched', operator: 'Is', enriched: 1 },
			'Conditions › Condition 1 › Value (Enriched)',
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
});
