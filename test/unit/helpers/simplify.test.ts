import { simplifyContact } from '../../../nodes/OutreachContact/helpers/simplify';
import { contact } from '../../support/fixtures';

describe('simplifyContact', () => {
	it('keeps the fields every simplified contact has and flattens enrichment', () => {
		expect(simplifyContact(contact(3))).toEqual({
			id: 3,
			email: 'person3@example.com',
			sequence_name: 'Founders Q3',
			created_date: '2026-01-04T10:00:00Z',
			pro_net_handle: 'person-3',
			is_enriched: true,
			first_name: 'Pat',
			last_name: 'Person3',
			full_name: 'Pat Person3',
			headline: 'Head of Growth',
			job_title: 'Head of Growth',
			city: 'Berlin',
			country: 'Germany',
			company_name: 'Widgets GmbH',
			company_website: 'https://widgets.example',
			company_industry: 'Software',
			company_hq_country: 'DE',
			sentence_fields: { opener: 'Hi person 3' },
			custom_fields: { team: 'sales' },
		});
	});

	it('copes with a contact that is not enriched', () => {
		const simple = simplifyContact({
			id: 1,
			email: 'a@b.co',
			created_date: '2026-01-01T00:00:00Z',
			enriched_contact_data: null,
			enriched_company_data: null,
		});
		expect(simple).toMatchObject({ id: 1, email: 'a@b.co', sequence_name: null, is_enriched: false, full_name: null });
		expect(simple.sentence_fields).toEqual({});
	});
});
