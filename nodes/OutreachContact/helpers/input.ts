import type { INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/**
 * Reading what a user typed (or an expression produced) and the error for a bad value. Pure,
 * except `toNodeError`, which turns any error into the one n8n shows for an item.
 */

/**
 * A bad value in one field. `problem` reads on after the field's name:
 * "Email" + "must be an email address ...".
 */
export class InputError extends Error {
	constructor(
		readonly field: string,
		readonly problem: string,
	) {
		super(`${field} ${problem}`);
	}
}

/** The error as n8n shows it for item `itemIndex`: node errors pass unchanged. */
export function toNodeError(
	node: INode,
	error: unknown,
	itemIndex?: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	if (error instanceof InputError) {
		const item = itemIndex === undefined ? '' : ` of item ${itemIndex}`;
		return new NodeOperationError(
			node,
			itemIndex === undefined ? error.message : `${error.message} [item ${itemIndex}]`,
			{
				itemIndex,
				description: `Fix "${error.field}"${item}; no request was sent for it.`,
			},
		);
	}
	return new NodeOperationError(node, error instanceof Error ? error : String(error), {
		itemIndex,
	});
}

/*
 * Every check below runs in time linear in the value's length, and the length of every text
 * read is bounded before anything else looks at it: a value of a megabyte (a public form posts
 * one easily) fails its item at once instead of holding n8n's event loop.
 */

/** The longest email address (RFC 5321: a forward-path holds at most 256 octets, 254 for the address). */
const EMAIL_MAX = 254;
/** The longest text read as a number or a boolean ("  9007199254740991 " fits with room to spare). */
export const TOKEN_MAX = 32;
/** How much of a bad value an error quotes. */
const QUOTE_MAX = 50;

/** The error for a text over `max` characters: says the limit and the length, never the text. */
export function tooLong(field: string, max: number, length: number): InputError {
	return new InputError(field, `must be at most ${max} characters, got ${length}`);
}

/** `text` when it is at most `max` characters long; otherwise the error naming `field`. */
export function boundLength(text: string, field: string, max: number): string {
	if (text.length > max) throw tooLong(field, max, text.length);
	return text;
}

/**
 * A whole number from a number or a string of digits, only when it is exact (a safe integer:
 * 2^53 and beyond would be sent as another number, `1e25` as "1e+25"); undefined otherwise.
 */
export function toWholeNumber(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
	if (typeof value !== 'string' || value.length > TOKEN_MAX) return undefined;
	const text = value.trim();
	const digits = text.startsWith('-') ? text.slice(1) : text;
	if (digits === '' || !isDigits(digits)) return undefined;
	const number = Number(text);
	return Number.isSafeInteger(number) ? number : undefined;
}

function isDigits(text: string): boolean {
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		if (code < 48 || code > 57) return false;
	}
	return true;
}

/**
 * A boolean as n8n reads a boolean parameter (n8n-workflow's `tryToParseBoolean`): true or
 * false, the text "true" or "false" in any case, or 1 or 0 as a number or a text ("1", "0",
 * "1.0"). Undefined for anything else ("yes", "", an object): the caller says so in an error,
 * never reads it as false.
 */
export function toBoolean(value: unknown): boolean | undefined {
	if (typeof value === 'boolean') return value;
	if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : undefined;
	if (typeof value !== 'string' || value.length > TOKEN_MAX) return undefined;
	const text = value.trim().toLowerCase();
	if (text === 'true') return true;
	if (text === 'false') return false;
	if (text === '') return undefined;
	const number = Number(text);
	return number === 1 ? true : number === 0 ? false : undefined;
}

/** A boolean field: `fallback` when it is not set, an error when it is not a boolean. */
export function readBoolean(raw: unknown, field: string, fallback: boolean): boolean {
	if (raw === undefined || raw === null) return fallback;
	const flag = toBoolean(raw);
	if (flag === undefined) {
		throw new InputError(field, `must be true or false (or 1 or 0), got ${describeValue(raw)}`);
	}
	return flag;
}

/**
 * How a value is quoted in an error: "nothing" for an empty one; a long one is cut (an error
 * must stay readable, and a megabyte in an error would be stored with every failed item).
 */
export function describeValue(value: unknown): string {
	if (value === undefined || value === null || value === '') return 'nothing';
	let text: string;
	try {
		text = typeof value === 'object' ? (JSON.stringify(value) ?? String(value)) : String(value);
	} catch {
		text = String(value);
	}
	if (text.length <= QUOTE_MAX) return `"${text}"`;
	return `"${text.slice(0, QUOTE_MAX)}…" (${text.length} characters)`;
}

/**
 * Deliberately loose: one @ with something before it, no whitespace, and a dot in the domain
 * with something on both sides. A scan, not a pattern: `/^[^\s@]+@[^\s@]+\.[^\s@]+$/` did the
 * same in time quadratic in the length ("a@" followed by many dots).
 */
function looksLikeEmail(email: string): boolean {
	const at = email.indexOf('@');
	if (at < 1 || email.indexOf('@', at + 1) !== -1) return false;
	const domain = email.slice(at + 1);
	const dot = domain.indexOf('.', 1);
	if (dot === -1 || dot === domain.length - 1) return false;
	return !/\s/.test(email);
}

export function requireEmail(raw: unknown, field = 'Email'): string {
	const email = typeof raw === 'string' ? raw.trim() : '';
	boundLength(email, field, EMAIL_MAX);
	if (!looksLikeEmail(email)) {
		const shown = describeValue(typeof raw === 'string' ? email : raw);
		throw new InputError(field, `must be an email address like name@company.com, got ${shown}`);
	}
	return email;
}

/** Said after a whole number too large to be exact: why it is refused. */
function beyondExact(raw: unknown): string {
	const text = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : NaN;
	return Number.isInteger(text) && !Number.isSafeInteger(text)
		? ` (above ${Number.MAX_SAFE_INTEGER}, the largest exact whole number)`
		: '';
}

/** An id: a positive whole number. `expected` says what the field wants, for the error. */
export function requireId(
	raw: unknown,
	field: string,
	expected = 'a positive whole number',
): number {
	if (typeof raw === 'string') boundLength(raw, field, TOKEN_MAX);
	const id = toWholeNumber(raw);
	if (id === undefined || id < 1)
		throw new InputError(
			field,
			`must be ${expected}, got ${describeValue(raw)}${beyondExact(raw)}`,
		);
	return id;
}

/** An id, or undefined when the field is empty. */
export function optionalId(raw: unknown, field: string, expected?: string): number | undefined {
	if (raw === undefined || raw === null) return undefined;
	if (typeof raw === 'string' && raw.trim() === '') return undefined;
	return requireId(raw, field, expected);
}

export function requireLimit(raw: unknown, field = 'Limit'): number {
	if (typeof raw === 'string') boundLength(raw, field, TOKEN_MAX);
	const limit = toWholeNumber(raw);
	if (limit === undefined || limit < 1) {
		throw new InputError(field, `must be a whole number of at least 1, got ${describeValue(raw)}`);
	}
	return limit;
}

/** The value of a resource locator (`{ mode, value }`), or the raw value of a plain field. */
export function locatorValue(raw: unknown): unknown {
	return raw && typeof raw === 'object' && 'value' in raw ? (raw as { value: unknown }).value : raw;
}
