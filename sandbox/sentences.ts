// Generated sentence snippets and the internal premise ids behind them.

import { hashString } from './prng';
import type { EnrichedContactData, Json } from './types';

function firstNameFrom(
	email: string,
	customFields: Record<string, Json>,
	enriched: EnrichedContactData | null,
): string {
	const fromFields = customFields.first_name;
	if (typeof fromFields === 'string' && fromFields) return fromFields;
	if (enriched?.first_name) return enriched.first_name;
	const local = email.split('@')[0] ?? '';
	const word = local.split(/[._+-]/)[0] ?? '';
	return word ? word.charAt(0).toUpperCase() + word.slice(1) : 'there';
}

/** Snippet names mapped to sentences, as found in Contact.sentence_fields. */
export function generateSentences(
	email: string,
	customFields: Record<string, Json>,
	enriched: EnrichedContactData | null,
): Record<string, string> {
	const name = firstNameFrom(email, customFields, enriched);
	const domain = email.split('@')[1] ?? 'your company';
	return {
		opener: `Hi ${name}, I noticed the team at ${domain} is growing fast.`,
		pain_point: `Scaling outreach without losing the personal touch is hard.`,
		call_to_action: `Would a 15-minute call next week make sense, ${name}?`,
	};
}

/** Two stable internal premise ids per contact, e.g. "prm_3f2a9c1b". */
export function generatePremiseIds(contactId: number, email: string): string[] {
	return [0, 1].map(
		(n) => `prm_${hashString(`${contactId}:${email}:${n}`).toString(16).padStart(8, '0')}`,
	);
}
