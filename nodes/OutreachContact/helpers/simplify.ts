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
	const experiences = Array.isArray(person.experiences)
		? (person.experiences as IDataObject[])
		: [];
	return record(experiences.find((e) => record(e).ends_at == null) ?? experiences[0]);
}

/**
 * The fields "Simplify" returns, most used first: at most 10 (n8n's UX guideline). Why these
 * ten: docs/simplify.md. `id`, `email`, `sequence_name` and `created_date` are always there
 * (shared/contract.md).
 */
export const SIMPLIFIED_FIELDS = [
	'id',
	'email',
	'first_name',
	'full_name',
	'company_name',
	'job_title',
	'sentence_fields',
	'sequence_name',
	'is_enriched',
	'created_date',
] as const;

/**
 * The flat view of a contact that "Simplify" returns (SIMPLIFIED_FIELDS): who it is, where they
 * work, the snippets written for them, and where the contact stands. `sentence_fields` stays the
 * service's map of snippet name to text: its keys are the user's own snippet names. The nodes
 * reach it only through shapeContact (shapeContact.ts), the one way they shape a contact.
 */
export function simplifyContact(contact: Contact): IDataObject {
	const person = record(contact.enriched_contact_data);
	const company = record(contact.enriched_company_data);
	const job = currentExperience(person);
	return {
		id: contact.id,
		email: contact.email,
		first_name: text(person.first_name),
		full_name: text(person.full_name),
		company_name: text(company.name) ?? text(job.company),
		job_title: text(job.title) ?? text(person.occupation),
		sentence_fields: record(contact.sentence_fields),
		sequence_name: contact.sequence_name ?? null,
		is_enriched: Object.keys(person).length > 0 || Object.keys(company).length > 0,
		created_date: contact.created_date ?? null,
	};
}
