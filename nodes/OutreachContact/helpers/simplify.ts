import type { IDataObject } from 'n8n-workflow';

import type { Contact } from '../types';

function text(value: unknown): string | null {
	return typeof value === 'string' && value !== '' ? value : null;
}

function record(value: unknown): IDataObject {
	return value && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : {};
}

/** The current job of the enriched person: the first experience without an end date. */
function currentExperience(person: IDataObject): IDataObject {
	const experiences = Array.isArray(person.experiences) ? (person.experiences as IDataObject[]) : [];
	return record(experiences.find((e) => record(e).ends_at == null) ?? experiences[0]);
}

/**
 * The flat view of a contact that "Simplify" returns: identity, sequence, the snippets and
 * custom fields (small name/value maps), and the most used enrichment facts. Always has
 * `id`, `email`, `sequence_name` and `created_date`.
 */
export function simplifyContact(contact: Contact): IDataObject {
	const person = record(contact.enriched_contact_data);
	const company = record(contact.enriched_company_data);
	const job = currentExperience(person);
	const hq = record(company.hq);
	return {
		id: contact.id,
		email: contact.email,
		sequence_name: contact.sequence_name ?? null,
		created_date: contact.created_date ?? null,
		pro_net_handle: text(contact.pro_net_handle),
		is_enriched: Object.keys(person).length > 0 || Object.keys(company).length > 0,
		first_name: text(person.first_name),
		last_name: text(person.last_name),
		full_name: text(person.full_name),
		headline: text(person.headline),
		job_title: text(job.title) ?? text(person.occupation),
		city: text(person.city),
		country: text(person.country_full_name) ?? text(person.country),
		company_name: text(company.name) ?? text(job.company),
		company_website: text(company.website),
		company_industry: text(company.industry),
		company_hq_country: text(hq.country),
		sentence_fields: record(contact.sentence_fields),
		custom_fields: record(contact.custom_fields),
	};
}
