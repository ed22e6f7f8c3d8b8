// Resource shapes of the Outreach Contact Service (spec section 2), plus the
// internal fields the sandbox keeps beside them.

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export interface Profile {
	id: number;
	profile_name: string;
	profile_domain: string;
	is_active: boolean;
	current_tool: string;
	created_timestamp: string;
}

export interface Playbook {
	id: number;
	profile_name: string;
	playbook_name: string;
	created_timestamp: string;
}

export interface Sequence {
	id: number;
	profile_name: string;
	sequence_name: string;
	is_request: boolean;
	create_date: string;
}

export interface DateParts {
	day: number;
	month: number;
	year: number;
}

export interface Education {
	school: string | null;
	degree_name: string | null;
	field_of_study: string | null;
	description: string | null;
	logo_url: string | null;
	school_pronet_profile_url: string | null;
	starts_at: DateParts | null;
	ends_at: DateParts | null;
}

export interface Experience {
	title: string | null;
	company: string | null;
	location: string | null;
	description: string | null;
	logo_url: string | null;
	company_pronet_profile_url: string | null;
	starts_at: DateParts | null;
	ends_at: DateParts | null;
}

export interface VolunteerWork {
	cause: string | null;
	title: string | null;
	company: string | null;
	description: string | null;
	logo_url: string | null;
	company_pronet_profile_url: string | null;
	starts_at: DateParts | null;
	ends_at: DateParts | null;
}

export interface PersonLink {
	link: string | null;
	name: string | null;
	summary: string | null;
	location: string | null;
}

export interface HonorAward {
	title: string;
	issuer: string;
	description: string;
	issued_on: DateParts;
}

export interface EnrichedContactData {
	first_name: string | null;
	last_name: string | null;
	full_name: string | null;
	headline: string | null;
	summary: string | null;
	occupation: string | null;
	city: string | null;
	state: string | null;
	country: string | null;
	country_full_name: string | null;
	public_identifier: string | null;
	background_cover_image_url: string | null;
	connections: number | null;
	groups: Json[];
	articles: Json[];
	languages: Json[];
	activities: Json[];
	certifications: Json[];
	accomplishment_courses: Json[];
	accomplishment_patents: Json[];
	accomplishment_projects: Json[];
	accomplishment_test_scores: Json[];
	accomplishment_publications: Json[];
	accomplishment_organisations: Json[];
	similarly_named_profiles: Json[];
	education: Education[];
	experiences: Experience[];
	volunteer_work: VolunteerWork[];
	recommendations: string[];
	people_also_viewed: PersonLink[];
	accomplishment_honors_awards: HonorAward[];
}

export interface CompanyLocation {
	city: string | null;
	state: string | null;
	country: string | null;
	line_1: string | null;
	postal_code: string | null;
	is_hq: boolean;
}

export interface CompanyUpdate {
	text: string | null;
	image: string | null;
	posted_on: string | null;
	article_link: string | null;
	total_likes: number;
}

export interface SimilarCompany {
	link: string;
	name: string;
	industry: string;
	location: string;
}

export interface EnrichedCompanyData {
	name: string;
	tagline: string;
	website: string;
	industry: string;
	description: string;
	company_type: string;
	search_id: string;
	universal_name_id: string;
	pronet_internal_id: string;
	hq: CompanyLocation;
	locations: CompanyLocation[];
	updates: CompanyUpdate[];
	company_size: [number, number];
	company_size_on_pronet: number;
	founded_year: number;
	specialities: string[];
	follower_count: number;
	similar_companies: SimilarCompany[];
}

/** A contact as the API returns it (spec section 2). */
export interface Contact {
	id: number;
	email: string;
	custom_fields: Record<string, Json>;
	sentence_fields: Record<string, string>;
	sequence_name: string;
	pro_net_handle: string | null;
	enriched_contact_data: EnrichedContactData | null;
	enriched_company_data: EnrichedCompanyData | null;
	created_date: string;
}

/** A contact as the sandbox stores it: the public fields plus search-only data. */
export interface ContactRecord extends Contact {
	sequence_id: number;
	playbook_id: number;
	/** Internal ids of the sentence premises generated for the contact (premise_ids_used). */
	premise_ids: string[];
	/** ISO time of the last update; equals created_date until changed. */
	updated_date: string;
	/** ISO time of the last sync, or null when never synced. */
	last_synced_date: string | null;
}
