// Validation of the POST /contact/ body (spec section 4.4).

import type { AddContactInput, Store } from './store';
import type { Json } from './types';

export type FieldErrors = Record<string, string[]>;

// Deliberately loose: one "@", no spaces, a dot in the domain.
const PLAUSIBLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isInt(value: unknown): value is number {
	return typeof value === 'number' && Number.isInteger(value);
}

/** Returns the contact to create, or every field error found (keyed by field name). */
export function parseContactBody(
	body: unknown,
	store: Store,
): { ok: true; input: AddContactInput } | { ok: false; errors: FieldErrors } {
	if (!isObject(body))
		return { ok: false, errors: { non_field_errors: ['The body must be a JSON object.'] } };
	const errors: FieldErrors = {};
	const fail = (field: string, message: string): void => {
		(errors[field] ??= []).push(message);
	};
	const { email, sequence_id, playbook_id, pronet_handle, do_enrichment, custom_fields } = body;

	if (email === undefined || email === null) fail('email', 'This field is required.');
	else if (typeof email !== 'string') fail('email', 'Must be a string.');
	else if (!PLAUSIBLE_EMAIL.test(email.trim())) fail('email', 'Enter a valid email address.');

	if (sequence_id === undefined || sequence_id === null)
		fail('sequence_id', 'This field is required.');
	else if (!isInt(sequence_id)) fail('sequence_id', 'A valid integer is required.');
	else if (!store.getSequence(sequence_id))
		fail('sequence_id', `Invalid pk "${sequence_id}" - object does not exist.`);

	if (playbook_id === undefined || playbook_id === null)
		fail('playbook_id', 'This field is required.');
	else if (!isInt(playbook_id)) fail('playbook_id', 'A valid integer is required.');
	else if (!store.getPlaybook(playbook_id))
		fail('playbook_id', `Invalid pk "${playbook_id}" - object does not exist.`);

	if (pronet_handle !== undefined && pronet_handle !== null && typeof pronet_handle !== 'string') {
		fail('pronet_handle', 'Must be a string.');
	}
	if (do_enrichment !== undefined && do_enrichment !== null && typeof do_enrichment !== 'boolean') {
		fail('do_enrichment', 'Must be a boolean.');
	}
	const hasHandle = typeof pronet_handle === 'string' && pronet_handle.trim() !== '';
	if (do_enrichment === true && !hasHandle)
		fail('pronet_handle', 'This field is required when do_enrichment is true.');

	if (custom_fields !== undefined && custom_fields !== null && !isObject(custom_fields)) {
		fail('custom_fields', 'Must be an object of field names to values.');
	}

	if (Object.keys(errors).length > 0) return { ok: false, errors };
	return {
		ok: true,
		input: {
			email: (email as string).trim(),
			sequence_id: sequence_id as number,
			playbook_id: playbook_id as number,
			pronet_handle: hasHandle ? (pronet_handle as string).trim() : null,
			do_enrichment: do_enrichment === true,
			custom_fields: (custom_fields ?? {}) as Record<string, Json>,
		},
	};
}
