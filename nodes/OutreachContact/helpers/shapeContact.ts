import type { IDataObject } from 'n8n-workflow';

import type { Contact } from '../types';
import { simplifyContact } from './simplify';

/**
 * What a node outputs for each contact. In a workflow, Simplify on or off; as an AI tool (Get
 * and Search, n8n's `@tool` display option), Output: Simplified (as Simplify), Raw, or Selected
 * Fields (the ID always comes too).
 */
export type ContactOutput =
	| { mode: 'simple' }
	| { mode: 'raw' }
	| { mode: 'fields'; fields: string[] };

/** Whether the service has written the contact's sentence snippets: `sentence_fields` holds one. */
export function hasSnippets(contact: Contact | undefined): boolean {
	const fields = contact?.sentence_fields;
	return !!fields && typeof fields === 'object' && Object.keys(fields).length > 0;
}

/** The output a Simplify switch asks for: on, the flat contact; off, the whole one. */
export function simplifyOutput(simplify: boolean): ContactOutput {
	return simplify ? { mode: 'simple' } : { mode: 'raw' };
}

/**
 * One contact as `output` asks. The one way a node shapes a contact for its output (Get, Search,
 * Add with Wait for Processing, the trigger), so that Simplify returns the same everywhere and a
 * change to it shows in every node's saved-workflow goldens (test/compat/).
 */
export function shapeContact(contact: Contact, output: ContactOutput): IDataObject {
	if (output.mode === 'raw') return contact;
	const simple = simplifyContact(contact);
	if (output.mode === 'simple') return simple;
	const picked: IDataObject = { id: contact.id };
	for (const field of output.fields)
		picked[field] = field in contact ? contact[field] : (simple[field] ?? null);
	return picked;
}
