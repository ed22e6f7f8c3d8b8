import type { IDataObject } from 'n8n-workflow';

import type { Contact, Playbook, Profile, SearchPage, Sequence } from '../types';

/**
 * Readers of the service's answers: each unwraps the envelope and checks the shape before
 * anything becomes an item, or throws UnexpectedAnswer saying what it expected. `apiRequest`
 * turns that into the user's message with an excerpt of what came back.
 *
 * The service wraps most answers in `{data: ...}`. Where the interface does not show the
 * envelope (profiles), both forms are accepted: a `data` object is unwrapped, a bare object
 * is taken as it is.
 */

/** An answer of the wrong shape: `expected` completes "Expected ...". */
export class UnexpectedAnswer extends Error {
	constructor(readonly expected: string) {
		super(`Expected ${expected}`);
	}
}

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The interface types ids as int; a string of digits (as JSON from some proxies) is taken too. */
function hasId(value: unknown): boolean {
	if (!isObject(value)) return false;
	const id = value.id;
	return (
		(typeof id === 'number' && Number.isFinite(id)) || (typeof id === 'string' && /^\d+$/.test(id))
	);
}

/** A contact as the interface defines it: at least an id and an email. */
export function isContact(value: unknown): value is Contact {
	return hasId(value) && typeof (value as IDataObject).email === 'string';
}

function unwrap(body: unknown): unknown {
	if (isObject(body) && isObject(body.data)) return body.data;
	if (isObject(body) && !('data' in body)) return body;
	return undefined;
}

export function readObject(body: unknown): IDataObject {
	const value = unwrap(body);
	if (isObject(value)) return value;
	throw new UnexpectedAnswer('a JSON object');
}

export function readContact(body: unknown): Contact {
	const value = unwrap(body);
	if (isContact(value)) return value;
	throw new UnexpectedAnswer(
		'a contact: a JSON object with "data" holding at least an "id" and an "email"',
	);
}

export function readProfile(body: unknown): Profile {
	const value = unwrap(body);
	if (hasId(value)) return value as Profile;
	throw new UnexpectedAnswer('a profile: a JSON object with at least an "id"');
}

export function readList<T extends Playbook | Sequence>(body: unknown): T[] {
	const list =
		isObject(body) && Array.isArray(body.data) ? body.data : Array.isArray(body) ? body : undefined;
	if (list === undefined) throw new UnexpectedAnswer('a JSON object with a "data" list');
	const bad = list.findIndex((entry) => !hasId(entry));
	if (bad >= 0)
		throw new UnexpectedAnswer(
			`every entry of the "data" list to have an "id" (entry ${bad + 1} has none)`,
		);
	return list as T[];
}

/**
 * A search page. With `checkContacts`, every contact must have an id and an email (Search's
 * items); without, such contacts pass and the reader skips them (the trigger logs them, so
 * one broken contact cannot stop every later poll).
 */
export function readSearchPage(body: unknown, checkContacts = false): SearchPage {
	const page = isObject(body) && isObject(body.data) && !('contacts' in body) ? body.data : body;
	if (!isObject(page) || !Array.isArray(page.contacts) || !isObject(page.pagination)) {
		throw new UnexpectedAnswer('a JSON object with "contacts" and "pagination"');
	}
	const bad = checkContacts ? page.contacts.findIndex((entry) => !isContact(entry)) : -1;
	if (bad >= 0) {
		throw new UnexpectedAnswer(
			`every contact to have an "id" and an "email" (contact ${bad + 1} of the page has not)`,
		);
	}
	return page as unknown as SearchPage;
}
