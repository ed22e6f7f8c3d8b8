import type { INodeProperties } from 'n8n-workflow';

import { OutreachContact } from '../../nodes/OutreachContact/OutreachContact.node';
import { PROPERTY_RULES } from '../../nodes/OutreachContact/helpers/conditions';
import type { SearchOperator, SearchProperty } from '../../nodes/OutreachContact/types';

const conditionFields = (): INodeProperties[] => {
	const conditions = new OutreachContact().description.properties.find(
		(p) => p.name === 'conditions',
	)!;
	const option = (conditions.options as Array<{ name: string; values: INodeProperties[] }>)[0];
	return option.values;
};

describe('search condition fields', () => {
	it('a new condition starts with an operator its property allows', () => {
		// n8n fills a new entry from the defaults; of fields sharing a name, the last one's wins.
		const defaults: Record<string, unknown> = {};
		for (const field of conditionFields()) defaults[field.name] = field.default;
		const property = defaults.property as SearchProperty;
		expect(PROPERTY_RULES[property].operators).toContain(defaults.operator as SearchOperator);
	});

	it('offers, for every property, exactly the operators the service allows', () => {
		const operatorFields = conditionFields().filter((f) => f.name === 'operator');
		for (const property of Object.keys(PROPERTY_RULES) as SearchProperty[]) {
			const shown = operatorFields.filter((f) =>
				(f.displayOptions?.show?.property as string[]).includes(property),
			);
			expect(shown).toHaveLength(1);
			const values = (shown[0].options as Array<{ value: string }>).map((o) => o.value).sort();
			expect(values).toEqual([...PROPERTY_RULES[property].operators].sort());
			expect(PROPERTY_RULES[property].operators).toContain(shown[0].default);
		}
	});
});
