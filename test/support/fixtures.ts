/** Sample answers of the service, in the documented shapes. */

export const KEY_UNDER_TEST = 'dummy-oc-key-7f3a9c2e5b1d';
export const BASE_URL = 'https://outreach.test/api/v2';
export const HOST = 'https://outreach.test';

/** Fast pacing for workflow tests: they check requests and items, not timing. */
export const credentials = { baseUrl: BASE_URL, apiKey: KEY_UNDER_TEST, requestsPerMinute: 60000 };

export const sequences = [
	{
		id: 11,
		profile_name: 'Acme',
		sequence_name: 'Founders Q3',
		is_request: false,
		create_date: '2026-01-02T10:00:00Z',
	},
	{
		id: 12,
		profile_name: 'Beta Corp',
		sequence_name: 'CTO outreach',
		is_request: true,
		create_date: '2026-02-03T10:00:00Z',
	},
	{
		id: 13,
		profile_name: 'Acme',
		sequence_name: 'Agencies',
		is_request: false,
		create_date: '2026-03-04T10:00:00Z',
	},
];

export const playbooks = [
	{
		id: 21,
		profile_name: 'Acme',
		playbook_name: 'Warm intro',
		created_timestamp: '2026-01-02T10:00:00Z',
	},
	{
		id: 22,
		profile_name: 'Beta Corp',
		playbook_name: 'Cold opener',
		created_timestamp: '2026-01-05T10:00:00Z',
	},
];

export const profile = {
	id: 7,
	profile_name: 'Acme',
	profile_domain: 'acme.example',
	is_active: true,
	current_tool: 'hubspot',
	created_timestamp: '2025-12-01T09:00:00Z',
};

export function contact(id: number, overrides: Record<string, unknown> = {}) {
	return {
		id,
		email: `person${id}@example.com`,
		custom_fields: { team: 'sales' },
		sentence_fields: { opener: `Hi person ${id}` },
		sequence_name: 'Founders Q3',
		pro_net_handle: `person-${id}`,
		enriched_contact_data: {
			first_name: 'Pat',
			last_name: `Person${id}`,
			full_name: `Pat Person${id}`,
			headline: 'Head of Growth',
			occupation: 'Head of Growth at Widgets',
			city: 'Berlin',
			state: null,
			country: 'DE',
			country_full_name: 'Germany',
			experiences: [
				{
					title: 'Head of Growth',
					company: 'Widgets',
					starts_at: { day: 1, month: 1, year: 2024 },
					ends_at: null,
				},
			],
		},
		enriched_company_data: {
			name: 'Widgets GmbH',
			website: 'https://widgets.example',
			industry: 'Software',
			hq: {
				city: 'Berlin',
				state: null,
				country: 'DE',
				line_1: null,
				postal_code: null,
				is_hq: true,
			},
		},
		created_date: `2026-01-0${(id % 9) + 1}T10:00:00Z`,
		...overrides,
	};
}
