import {
	SIMPLIFIED_FIELDS,
	simplifyContact,
} from '../../../nodes/OutreachContact/helpers/simplify';
import { contact } from '../../support/fixtures';

describe('simplifyContact', () => {
	it('returns at most 10 fields, most used first, the enrichment flattened', () => {
		const simple = simplifyContact(contact(3));
		expect(simple).toEqual({
			id: 3,
			email: 'person3@example.com',
			first_name: 'Pat',
			full_name: 'Pat Person3',
			company_name: 'Widgets GmbH',
			job_title: 'Head of Growth',
			sentence_fields: { opener: 'Hi person 3' },
			sequence_name: 'Founders Q3',
			is_enriched: true,
			created_date: '2026-01-04T10:00:00Z',
		});
		expect(Object.keys(simple)).toEqual([...SIMPLIFIED_FIELDS]);
		expect(SIMPLIFIED_FIELDS.length).toBeLessThanOrEqual(10);
		// Only the snippets stay a map (name -> text): no other field holds an object.
		expect(
			Object.entries(simple)
				.filter(([, v]) => typeof v === 'object' && v !== null)
				.map(([k]) => k),
		).toEqual(['sentence_fields']);
	});

	it('copes with a contact that is not enriched', () => {
		const simple = simplifyContact({
			id: 1,
			email: 'a@b.co',
			created_date: '2026-01-01T00:00:00Z',
			enriched_contact_data: null,
			enriched_company_data: null,
		});
		expect(simple).toMatchObject({
			id: 1,
			email: 'a@b.co',
			sequence_name: null,
			is_enriched: false,
			full_name: null,
		});
		expect(simple.sentence_fields).toEqual({});
	});
});
