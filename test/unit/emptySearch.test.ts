import { whyNothingCanMatch } from '../../nodes/OutreachContact/actions/contact/emptySearch';
import type { SearchCondition } from '../../nodes/OutreachContact/types';

const c = (
	property: SearchCondition['property'],
	condition: SearchCondition['condition'],
	value: SearchCondition['value'],
): SearchCondition => ({
	property,
	condition,
	value,
});

describe('whyNothingCanMatch (the service: same property and operator ORed, the rest ANDed)', () => {
	it.each<[string, SearchCondition[], string]>([
		[
			'Is and Is not the same sequence',
			[c('sequence__id', 'Is', 3), c('sequence__id', 'Is not', 3)],
			'Sequence is 3 and is not 3',
		],
		[
			'enriched and not enriched',
			[c('is_enriched', 'Is', true), c('is_enriched', 'Is not', true)],
			'Is Enriched is true and is not true',
		],
		[
			'an email that does not contain its required part',
			[c('email', 'Is', 'a@b.co'), c('email', 'Contains', 'acme')],
			'Email is "a@b.co" and contains "acme"',
		],
		[
			'an email that contains what it must not',
			[c('email', 'Is', 'Ann@Acme.io'), c('email', 'Does not contain', 'acme')],
			'Email is "Ann@Acme.io" and does not contain "acme"',
		],
		[
			'no whole day between',
			[c('created_timestamp', 'More than', 3), c('created_timestamp', 'Less than', 4)],
			'Created (Days Ago) more than 3 and less than 4 days ago: no whole day lies between',
		],
		[
			'less than 0 days',
			[c('updated_timestamp', 'Less than', 0)],
			'Updated (Days Ago) less than 0 days ago: no contact is dated in the future',
		],
		[
			'exactly, outside the range',
			[c('created_timestamp', 'Less than', 7), c('created_timestamp', 'Exactly', 9)],
			'Created (Days Ago) exactly 9 days ago, outside less than 7',
		],
	])('%s', (_name, conditions, reason) => {
		expect(whyNothingCanMatch(conditions)).toBe(reason);
	});

	it.each<[string, SearchCondition[]]>([
		['no conditions', []],
		['two sequences ORed', [c('sequence__id', 'Is', 3), c('sequence__id', 'Is', 4)]],
		[
			'Is one of two, Is not one of them',
			[c('sequence__id', 'Is', 3), c('sequence__id', 'Is', 4), c('sequence__id', 'Is not', 3)],
		],
		[
			'a day between',
			[c('created_timestamp', 'More than', 3), c('created_timestamp', 'Less than', 5)],
		],
		[
			'an email that contains the part',
			[c('email', 'Is', 'ann@acme.io'), c('email', 'Contains', 'ACME')],
		],
		[
			'conditions on different properties',
			[c('sequence__id', 'Is', 3), c('is_enriched', 'Is not', true)],
		],
	])('%s: could match', (_name, conditions) => {
		expect(whyNothingCanMatch(conditions)).toBeUndefined();
	});
});
