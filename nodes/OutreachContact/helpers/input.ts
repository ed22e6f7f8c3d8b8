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

/** A whole number from a number or a string of digits; undefined for anything else. */
export function toWholeNumber(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
	if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value.trim());
	return undefined;
}

export function toBoolean(value: unknown): boolean | undefined {
	if (typeof value === 'boolean') return value;
	if (typeof value === 'string') {
		const text = value.trim().toLowerCase();
		if (text === 'true') return true;
		if (text === 'false') return false;
	}
	return undefined;
}

/** How a value is quoted in an error: "nothing" for an empty one. */
export function describeValue(value: unknown): string {
	if (value === undefined || value === null || value === '') return 'nothing';
	return `"${typeof value === 'object' ? JSON.stringify(value) : String(value)}"`;
}

// Deliberately loose: one @, something on both sides, a dot in the domain, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function requireEmail(raw: unknown, field = 'Email'): string {
	const email = typeof raw === 'string' ? raw.trim() : '';
	if (!EMAIL.test(email)) {
		const shown = typeof raw === 'string' && raw.trim() ? `"${raw}"` : 'nothing';
		throw new InputError(field, `must be an email address like name@company.com, got ${shown}`);
	}
	return email;
}

/** An id: a positive whole number. `expected` says what the field wants, for the error. */
export function requireId(
	raw: unknown,
	field: string,
	expected = 'a positive whole number',
): number {
	const id = toWholeNumber(raw);
	if (id === undefined || id < 1)
		throw new InputError(field, `must be ${expected}, got ${describeValue(raw)}`);
	return id;
}

/** An id, or undefined when the field is empty. */
export function optionalId(raw: unknown, field: string, expected?: string): number | undefined {
	if (raw === undefined || raw === null) return undefined;
	if (typeof raw === 'string' && raw.trim() === '') return undefined;
	return requireId(raw, field, expected);
}

export function requireLimit(raw: unknown, field = 'Limit'): number {
	const limit = toWholeNumber(raw);
	if (limit === undefined || limit < 1) {
		throw new InputError(field, `must be a whole number of at least 1, got "${String(raw)}"`);
	}
	return limit;
}

/** The value of a resource locator (`{ mode, value }`), or the raw value of a plain field. */
export function locatorValue(raw: unknown): unknown {
	return raw && typeof raw === 'object' && 'value' in raw ? (raw as { value: unknown }).value : raw;
}
