// Contact search (spec section 4.6): body validation, condition matching, ordering and paging.
// Pure functions; the HTTP layer maps SearchError to 400 and a missing page to 404.

import { daysSince } from './calendar';
import type { ContactRecord } from './types';

export type Order = 'newest' | 'oldest' | 'unordered';

/** The conditions the service allows for each property (interface 4.6). */
export const ALLOWED_CONDITIONS = {
	sequence__id: ['Is', 'Is not'],
	email: ['Is', 'Is not', 'Contains', 'Does not contain'],
	premise_ids_used: ['Is', 'Is not'],
	created_timestamp: ['More than', 'Exactly', 'Less than'],
	updated_timestamp: ['More than', 'Exactly', 'Less than'],
	last_synced_timestamp: ['More than', 'Exactly', 'Less than'],
	is_enriched: ['Is', 'Is not'],
} as const;

export type Property = keyof typeof ALLOWED_CONDITIONS;
export type ConditionName = (typeof ALLOWED_CONDITIONS)[Property][number];

export interface Condition {
	property: Property;
	condition: ConditionName;
	/** Normalised value: int for sequence__id and the timestamps, string, or boolean. */
	value: number | string | boolean;
}

export interface SearchRequest {
	conditions: Condition[];
	page_size: number;
	page: number;
}

export interface SearchContext {
	now: number;
	timeZone: string;
}

export interface Pagination {
	total_contacts: number;
	page: number;
	total_pages: number;
	page_size: number;
}

/** A problem with the search body; `field` names where it is (e.g. "conditions[1].value"). */
export class SearchError extends Error {
	constructor(
		message: string,
		readonly field: string,
	) {
		super(message);
	}
}

export const DEFAULT_PAGE_SIZE = 100;
export const DEFAULT_PAGE = 1;

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPositiveInt(value: unknown): value is number {
	return typeof value === 'number' && Number.isInteger(value) && value >= 1;
}

function parseValue(property: Property, value: unknown, field: string): number | string | boolean {
	switch (property) {
		case 'sequence__id':
			if (typeof value === 'number' && Number.isInteger(value)) return value;
			throw new SearchError(`Value for "${property}" must be an integer.`, field);
		case 'email':
		case 'premise_ids_used':
			if (typeof value === 'string') return value;
			throw new SearchError(`Value for "${property}" must be a string.`, field);
		case 'is_enriched':
			if (typeof value === 'boolean') return value;
			throw new SearchError(`Value for "${property}" must be a boolean.`, field);
		default:
			// Timestamps: whole days since the event, as a non-negative int or a string of digits.
			if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
			if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
			throw new SearchError(
				`Value for "${property}" must be a whole number of days (an integer or a string of digits).`,
				field,
			);
	}
}

function parseCondition(raw: unknown, index: number): Condition {
	const at = `conditions[${index}]`;
	if (!isObject(raw)) throw new SearchError('Each condition must be an object.', at);
	const { property, condition, value } = raw;
	if (
		typeof property !== 'string' ||
		!Object.prototype.hasOwnProperty.call(ALLOWED_CONDITIONS, property)
	) {
		throw new SearchError(`Invalid property "${String(property)}".`, `${at}.property`);
	}
	const allowed: readonly string[] = ALLOWED_CONDITIONS[property as Property];
	if (typeof condition !== 'string' || !allowed.includes(condition)) {
		throw new SearchError(
			`Condition "${String(condition)}" is not allowed for property "${property}"; allowed: ${allowed.join(', ')}.`,
			`${at}.condition`,
		);
	}
	if (!('value' in raw)) throw new SearchError('This field is required.', `${at}.value`);
	return {
		property: property as Property,
		condition: condition as ConditionName,
		value: parseValue(property as Property, value, `${at}.value`),
	};
}

/** Validates a search body and applies the defaults (page_size 100, page 1). */
export function parseSearchBody(body: unknown): SearchRequest {
	if (!isObject(body)) throw new SearchError('The body must be a JSON object.', 'body');
	const { conditions = [], page_size = DEFAULT_PAGE_SIZE, page = DEFAULT_PAGE } = body;
	if (conditions !== null && !Array.isArray(conditions)) {
		throw new SearchError('Must be an array of condition objects.', 'conditions');
	}
	if (!isPositiveInt(page_size))
		throw new SearchError('Must be an integer of at least 1.', 'page_size');
	if (!isPositiveInt(page)) throw new SearchError('Must be an integer of at least 1.', 'page');
	return { conditions: (conditions ?? []).map(parseCondition), page_size, page };
}

/** The rule of the three timestamp properties: `days` since the event against the condition's value. */
export function compareDays(days: number, condition: ConditionName, value: number): boolean {
	if (condition === 'More than') return days > value;
	if (condition === 'Less than') return days < value;
	return days === value;
}

function timestampOf(contact: ContactRecord, property: Property): string | null {
	if (property === 'created_timestamp') return contact.created_date;
	if (property === 'updated_timestamp') return contact.updated_date;
	return contact.last_synced_date;
}

/** Whether one contact meets one condition. Email comparisons ignore case. */
export function matchesCondition(
	contact: ContactRecord,
	c: Condition,
	ctx: SearchContext,
): boolean {
	switch (c.property) {
		case 'sequence__id':
			return (contact.sequence_id === c.value) === (c.condition === 'Is');
		case 'email': {
			const email = contact.email.toLowerCase();
			const wanted = String(c.value).toLowerCase();
			if (c.condition === 'Is') return email === wanted;
			if (c.condition === 'Is not') return email !== wanted;
			if (c.condition === 'Contains') return email.includes(wanted);
			return !email.includes(wanted);
		}
		case 'premise_ids_used':
			return contact.premise_ids.includes(String(c.value)) === (c.condition === 'Is');
		case 'is_enriched': {
			const enriched = contact.enriched_contact_data !== null;
			return (enriched === c.value) === (c.condition === 'Is');
		}
		default: {
			const time = timestampOf(contact, c.property);
			if (time === null) return false; // never synced: no "days since" to compare
			return compareDays(
				daysSince(Date.parse(time), ctx.now, ctx.timeZone),
				c.condition,
				Number(c.value),
			);
		}
	}
}

/**
 * Conditions with the same property and condition combine as OR; the groups combine as AND
 * (spec 4.6 rules 2 and 3). Applied literally, so two "Is not" values of one property are ORed too.
 */
export function matchesAll(
	contact: ContactRecord,
	conditions: Condition[],
	ctx: SearchContext,
): boolean {
	return conditionGroups(conditions).every((group) =>
		group.some((c) => matchesCondition(contact, c, ctx)),
	);
}

/** The conditions grouped by property and condition: a contact must meet one of each group. */
export function conditionGroups(conditions: Condition[]): Condition[][] {
	const groups = new Map<string, Condition[]>();
	for (const c of conditions) {
		const key = `${c.property}\u0000${c.condition}`;
		groups.set(key, [...(groups.get(key) ?? []), c]);
	}
	return [...groups.values()];
}

/** A fixed pseudo-random rank of an id (Knuth's multiplicative hash): the 'unordered' order. */
export const scramble = (id: number) => Math.imul(id, 2654435761) >>> 0;

/**
 * Newest first: created_date descending, then id descending; 'oldest' reverses both;
 * 'unordered' is a fixed scramble by id, so a new contact lands anywhere in the list.
 */
export function sortContacts(contacts: ContactRecord[], order: Order): ContactRecord[] {
	if (order === 'unordered') return [...contacts].sort((a, b) => scramble(a.id) - scramble(b.id));
	const sign = order === 'newest' ? -1 : 1;
	return [...contacts].sort((a, b) => {
		const byTime = Date.parse(a.created_date) - Date.parse(b.created_date);
		return sign * (byTime !== 0 ? byTime : a.id - b.id);
	});
}

/** A list a page can be cut from: an array, or a view that builds only the rows asked for. */
export interface Sliceable<T> {
	readonly length: number;
	slice(start: number, end: number): T[];
}

/**
 * One page of `items`. The effective page size is min(asked, cap) and is what `pagination`
 * reports. Returns null for a page past the last one (page 1 of an empty result is allowed).
 */
export function paginate<T>(
	items: Sliceable<T>,
	page: number,
	askedPageSize: number,
	maxPageSize: number,
): { items: T[]; pagination: Pagination } | null {
	const pageSize = Math.min(askedPageSize, maxPageSize);
	const totalPages = Math.ceil(items.length / pageSize);
	if (page > Math.max(totalPages, 1)) return null;
	return {
		items: items.slice((page - 1) * pageSize, page * pageSize),
		pagination: {
			total_contacts: items.length,
			page,
			total_pages: totalPages,
			page_size: pageSize,
		},
	};
}

export function searchContacts(
	contacts: ContactRecord[],
	request: SearchRequest,
	options: SearchContext & { order: Order; maxPageSize: number },
): { items: ContactRecord[]; pagination: Pagination } | null {
	const matching = contacts.filter((c) => matchesAll(c, request.conditions, options));
	return paginate(
		sortContacts(matching, options.order),
		request.page,
		request.page_size,
		options.maxPageSize,
	);
}
