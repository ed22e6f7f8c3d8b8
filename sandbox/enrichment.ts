// Deterministic enrichment data derived from a professional-network handle.
// Every key of the documented shapes is always present (spec section 2).

import { createPrng, hashString, pick } from './prng';
import type { CompanyLocation, DateParts, EnrichedCompanyData, EnrichedContactData } from './types';

const FIRST_NAMES = ['Ada', 'Grace', 'Linus', 'Margaret', 'Alan', 'Barbara', 'Dennis', 'Katherine'];
const LAST_NAMES = ['Lovelace', 'Hopper', 'Torvalds', 'Hamilton', 'Turing', 'Liskov', 'Ritchie'];
const COMPANIES = ['Initech', 'Hooli', 'Vandelay Industries', 'Soylent Corp', 'Umbrella Labs'];
const INDUSTRIES = ['Computer Software', 'Logistics', 'Financial Services', 'Marketing'];
const CITIES: ReadonlyArray<[string, string, string, string]> = [
	['Austin', 'Texas', 'US', 'United States'],
	['Toronto', 'Ontario', 'CA', 'Canada'],
	['Berlin', 'Berlin', 'DE', 'Germany'],
	['Manchester', 'England', 'GB', 'United Kingdom'],
];
const TITLES = ['Head of Sales', 'VP Marketing', 'Growth Lead', 'Founder', 'Account Executive'];

/** Reduces a handle or profile URL to its identifier: "https://pronet.com/in/jane-doe/" -> "jane-doe". */
export function normalizeHandle(handle: string): string {
	const trimmed = handle.trim().replace(/\/+$/, '');
	const last = trimmed.split('/').pop() ?? trimmed;
	return last.replace(/^@/, '').toLowerCase();
}

function capitalize(word: string): string {
	return word.charAt(0).toUpperCase() + word.slice(1);
}

function slugify(text: string): string {
	return text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

function date(year: number, month: number, day = 1): DateParts {
	return { day, month, year };
}

function namesFor(identifier: string, random: () => number): [string, string] {
	const words = identifier.split(/[-_.]+/).filter((w) => /^[a-z]+$/.test(w));
	if (words.length >= 2) return [capitalize(words[0] as string), capitalize(words[1] as string)];
	return [pick(random, FIRST_NAMES), pick(random, LAST_NAMES)];
}

/** The company a handle is associated with; shared by contact and company data. */
function companyFor(identifier: string): { name: string; industry: string; slug: string } {
	const random = createPrng(hashString(`company:${identifier}`));
	const name = pick(random, COMPANIES);
	return { name, industry: pick(random, INDUSTRIES), slug: slugify(name) };
}

export function enrichContact(handle: string): EnrichedContactData {
	const identifier = normalizeHandle(handle);
	const random = createPrng(hashString(`contact:${identifier}`));
	const [firstName, lastName] = namesFor(identifier, random);
	const [city, state, country, countryFull] = pick(random, CITIES);
	const title = pick(random, TITLES);
	const company = companyFor(identifier);
	const startYear = 2010 + Math.floor(random() * 12);
	return {
		first_name: firstName,
		last_name: lastName,
		full_name: `${firstName} ${lastName}`,
		headline: `${title} at ${company.name}`,
		summary: `${firstName} helps ${company.industry.toLowerCase()} teams grow revenue.`,
		occupation: `${title} at ${company.name}`,
		city,
		state,
		country,
		country_full_name: countryFull,
		public_identifier: identifier,
		background_cover_image_url: null,
		connections: 100 + Math.floor(random() * 400),
		groups: [],
		articles: [],
		languages: ['English'],
		activities: [],
		certifications: [],
		accomplishment_courses: [],
		accomplishment_patents: [],
		accomplishment_projects: [],
		accomplishment_test_scores: [],
		accomplishment_publications: [],
		accomplishment_organisations: [],
		similarly_named_profiles: [],
		education: [
			{
				school: 'State University',
				degree_name: 'Bachelor of Science',
				field_of_study: 'Business Administration',
				description: null,
				logo_url: null,
				school_pronet_profile_url: 'https://www.pronet.example/school/state-university/',
				starts_at: date(startYear - 4, 9),
				ends_at: date(startYear, 6),
			},
		],
		experiences: [
			{
				title,
				company: company.name,
				location: `${city}, ${state}`,
				description: null,
				logo_url: null,
				company_pronet_profile_url: `https://www.pronet.example/company/${company.slug}/`,
				starts_at: date(startYear, 1 + Math.floor(random() * 12)),
				ends_at: null,
			},
		],
		volunteer_work: [],
		recommendations: [`${firstName} is a pleasure to work with.`],
		people_also_viewed: [
			{
				link: 'https://www.pronet.example/in/sample-peer/',
				name: 'Sample Peer',
				summary: 'Sales leader',
				location: city,
			},
		],
		accomplishment_honors_awards: [
			{
				title: 'Top Performer',
				issuer: company.name,
				description: 'Exceeded annual quota.',
				issued_on: date(startYear + 2, 12, 15),
			},
		],
	};
}

export function enrichCompany(handle: string): EnrichedCompanyData {
	const identifier = normalizeHandle(handle);
	const company = companyFor(identifier);
	const random = createPrng(hashString(`company-details:${company.slug}`));
	const [city, state, country] = pick(random, CITIES);
	const hq: CompanyLocation = {
		city,
		state,
		country,
		line_1: '1 Main Street',
		postal_code: null,
		is_hq: true,
	};
	const lower = pick(random, [11, 51, 201, 501]);
	const upper = lower === 11 ? 50 : lower === 51 ? 200 : lower === 201 ? 500 : 1000;
	const internalId = String(1_000_000 + (hashString(company.slug) % 9_000_000));
	return {
		name: company.name,
		tagline: `${company.name}: better ${company.industry.toLowerCase()}`,
		website: `https://www.${company.slug}.example`,
		industry: company.industry,
		description: `${company.name} is a ${company.industry.toLowerCase()} company.`,
		company_type: 'PRIVATELY_HELD',
		search_id: internalId,
		universal_name_id: company.slug,
		pronet_internal_id: internalId,
		hq,
		locations: [hq, { ...hq, line_1: '200 Harbour Road', is_hq: false }],
		updates: [
			{
				text: `${company.name} is hiring.`,
				image: null,
				posted_on: null,
				article_link: null,
				total_likes: Math.floor(random() * 500),
			},
		],
		company_size: [lower, upper],
		company_size_on_pronet: lower + Math.floor(random() * (upper - lower)),
		founded_year: 1990 + Math.floor(random() * 30),
		specialities: [company.industry, 'Sales'],
		follower_count: 1000 + Math.floor(random() * 50_000),
		similar_companies: [
			{
				link: 'https://www.pronet.example/company/globex/',
				name: 'Globex',
				industry: company.industry,
				location: `${city}, ${country}`,
			},
		],
	};
}
