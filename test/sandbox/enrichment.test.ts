/** The sandbox's enrichment from a professional-network handle: every documented key, deterministically. */
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { api } from './helpers';
import { TestClock } from '../../harness/testClock';

const ENRICHED_CONTACT_KEYS = [
	'first_name',
	'last_name',
	'full_name',
	'headline',
	'summary',
	'occupation',
	'city',
	'state',
	'country',
	'country_full_name',
	'public_identifier',
	'background_cover_image_url',
	'connections',
	'groups',
	'articles',
	'languages',
	'activities',
	'certifications',
	'accomplishment_courses',
	'accomplishment_patents',
	'accomplishment_projects',
	'accomplishment_test_scores',
	'accomplishment_publications',
	'accomplishment_organisations',
	'similarly_named_profiles',
	'education',
	'experiences',
	'volunteer_work',
	'recommendations',
	'people_also_viewed',
	'accomplishment_honors_awards',
].sort();

/** The company fields the interface types as strings. */
const COMPANY_TEXT_KEYS = [
	'name',
	'tagline',
	'website',
	'industry',
	'description',
	'company_type',
	'search_id',
	'universal_name_id',
	'pronet_internal_id',
];

const ENRICHED_COMPANY_KEYS = [
	...COMPANY_TEXT_KEYS,
	'hq',
	'locations',
	'updates',
	'company_size',
	'company_size_on_pronet',
	'founded_year',
	'specialities',
	'follower_count',
	'similar_companies',
].sort();

const keys = (value: object): string[] => Object.keys(value).sort();

describe('sandbox enrichment', () => {
	const clock = new TestClock({ start: Date.parse('2024-05-06T07:08:09.000Z'), sleep: 'still' });
	let sandbox: Sandbox;

	beforeAll(async () => {
		sandbox = await startSandbox({ now: () => clock.now(), rateLimit: 0, processingMs: 0 });
	});
	afterAll(() => sandbox.close());

	it('enriches from the handle with every documented key, deterministically', async () => {
		const handle = 'https://www.pronet.example/in/grace-hopper/';
		for (const sequence_id of [101, 102]) {
			const res = await api(sandbox, 'POST', '/contact/', {
				email: 'grace@example.com',
				sequence_id,
				playbook_id: 201,
				pronet_handle: handle,
				do_enrichment: true,
			});
			expect(res.body).toEqual({ data: { status: 'Contact queued' } });
		}
		const [first, second] = sandbox.store
			.listContacts()
			.slice(-2)
			.map((c) => c.id);
		const a = (await api(sandbox, 'GET', `/contact/${first}/`)).body.data;
		const b = (await api(sandbox, 'GET', `/contact/${second}/`)).body.data;
		expect(a.pro_net_handle).toBe(handle);

		const person = a.enriched_contact_data;
		expect(keys(person)).toEqual(ENRICHED_CONTACT_KEYS);
		expect(person).toMatchObject({
			first_name: 'Grace',
			last_name: 'Hopper',
			public_identifier: 'grace-hopper',
		});
		expect(keys(person.education[0])).toEqual(
			[
				'school',
				'degree_name',
				'field_of_study',
				'description',
				'logo_url',
				'school_pronet_profile_url',
				'starts_at',
				'ends_at',
			].sort(),
		);
		expect(keys(person.education[0].starts_at)).toEqual(['day', 'month', 'year']);
		expect(keys(person.experiences[0])).toEqual(
			[
				'title',
				'company',
				'location',
				'description',
				'logo_url',
				'company_pronet_profile_url',
				'starts_at',
				'ends_at',
			].sort(),
		);
		expect(person.experiences[0].ends_at).toBeNull();
		expect(keys(person.people_also_viewed[0])).toEqual(['link', 'location', 'name', 'summary']);
		expect(keys(person.accomplishment_honors_awards[0])).toEqual([
			'description',
			'issued_on',
			'issuer',
			'title',
		]);

		const company = a.enriched_company_data;
		expect(keys(company)).toEqual(ENRICHED_COMPANY_KEYS);
		const locationKeys = ['city', 'country', 'is_hq', 'line_1', 'postal_code', 'state'];
		expect(keys(company.hq)).toEqual(locationKeys);
		expect(company.hq.is_hq).toBe(true);
		expect(company.locations.every((l: object) => keys(l).join() === locationKeys.join())).toBe(
			true,
		);
		expect(keys(company.updates[0])).toEqual([
			'article_link',
			'image',
			'posted_on',
			'text',
			'total_likes',
		]);
		expect(keys(company.similar_companies[0])).toEqual(['industry', 'link', 'location', 'name']);
		expect(company.company_size).toHaveLength(2);
		expect(company.company_size[0]).toBeLessThan(company.company_size[1]);
		for (const key of ['company_size_on_pronet', 'founded_year', 'follower_count']) {
			expect(Number.isInteger(company[key])).toBe(true);
		}
		for (const key of COMPANY_TEXT_KEYS) {
			expect(typeof company[key]).toBe('string');
		}

		expect(b.enriched_contact_data).toEqual(person);
		expect(b.enriched_company_data).toEqual(company);
	});
});
