import { InputError, toWholeNumber } from './conditions';

/** Checks of single fields, shared by the operations. Pure; errors name the field. */

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

export function requireId(raw: unknown, field: string): number {
	const id = toWholeNumber(raw);
	if (id === undefined || id < 1) {
		const shown = raw === undefined || raw === null || raw === '' ? 'nothing' : `"${String(raw)}"`;
		throw new InputError(field, `must be a positive whole number, got ${shown}`);
	}
	return id;
}

export function optionalId(raw: unknown, field: string): number | undefined {
	return raw === undefined || raw === null || raw === '' || raw === 0 ? undefined : requireId(raw, field);
}

export function requireLimit(raw: unknown, field = 'Limit'): number {
	const limit = toWholeNumber(raw);
	if (limit === undefined || limit < 1) {
		throw new InputError(field, `must be a whole number of at least 1, got "${String(raw)}"`);
	}
	return limit;
}
