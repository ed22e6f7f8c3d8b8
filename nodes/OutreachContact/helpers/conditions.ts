import type { SearchCondition, SearchOperator, SearchProperty } from '../types';
import {
	boundLength,
	describeValue,
	InputError,
	readBoolean,
	TOKEN_MAX,
	toWholeNumber,
} from './input';

/**
 * Search conditions: which operators the service allows for each property, what type its
 * value has, and the conversion of what a user (or an expression) typed into what the
 * service takes. Pure: errors are returned with the name of the field they concern.
 */

type ValueKind = 'sequenceId' | 'text' | 'days' | 'boolean';

/** The condition that keeps a search to one sequence; none without a sequence. */
export function inSequence(sequenceId: number | undefined): SearchCondition[] {
	return sequenceId === undefined
		? []
		: [{ property: 'sequence__id', condition: 'Is', value: sequenceId }];
}

/** A hundred years: the most days ago a condition may name. */
export const MAX_DAYS_AGO = 36_500;

interface PropertyRule {
	label: string;
	operators: SearchOperator[];
	kind: ValueKind;
}

export const PROPERTY_RULES: Record<SearchProperty, PropertyRule> = {
	sequence__id: { label: 'Sequence', operators: ['Is', 'Is not'], kind: 'sequenceId' },
	email: {
		label: 'Email',
		operators: ['Is', 'Is not', 'Contains', 'Does not contain'],
		kind: 'text',
	},
	premise_ids_used: { label: 'Premise ID Used', operators: ['Is', 'Is not'], kind: 'text' },
	created_timestamp: {
		label: 'Created (Days Ago)',
		operators: ['More than', 'Exactly', 'Less than'],
		kind: 'days',
	},
	updated_timestamp: {
		label: 'Updated (Days Ago)',
		operators: ['More than', 'Exactly', 'Less than'],
		kind: 'days',
	},
	last_synced_timestamp: {
		label: 'Last Synced (Days Ago)',
		operators: ['More than', 'Exactly', 'Less than'],
		kind: 'days',
	},
	is_enriched: { label: 'Is Enriched', operators: ['Is', 'Is not'], kind: 'boolean' },
};

/** The parameter that holds the value for each kind of property. */
export const VALUE_FIELD: Record<ValueKind, { name: string; label: string }> = {
	sequenceId: { name: 'sequenceId', label: 'Value (Sequence ID)' },
	text: { name: 'value', label: 'Value' },
	days: { name: 'days', label: 'Value (Days Ago)' },
	boolean: { name: 'enriched', label: 'Value (Enriched)' },
};

/** Properties whose value is of the given kind: drives which value field the UI shows. */
export function propertiesOfKind(kind: ValueKind): SearchProperty[] {
	return (Object.keys(PROPERTY_RULES) as SearchProperty[]).filter(
		(p) => PROPERTY_RULES[p].kind === kind,
	);
}

function isProperty(value: unknown): value is SearchProperty {
	return typeof value === 'string' && Object.prototype.hasOwnProperty.call(PROPERTY_RULES, value);
}

/** The longest text value of a condition: an email (RFC 5321), and more than any premise id. */
const CONDITION_TEXT_MAX = 254;
/** The most conditions one search takes. */
const CONDITIONS_MAX = 1_000;

function convertValue(kind: ValueKind, raw: unknown, field: string): string | number | boolean {
	if (typeof raw === 'string' && kind !== 'text') boundLength(raw, field, TOKEN_MAX);
	switch (kind) {
		case 'sequenceId': {
			const id = toWholeNumber(raw);
			if (id === undefined || id < 1) {
				throw new InputError(field, `must be a positive whole number, got ${describeValue(raw)}`);
			}
			return id;
		}
		case 'days': {
			const days = toWholeNumber(raw);
			if (days === undefined || days < 0 || days > MAX_DAYS_AGO) {
				throw new InputError(
					field,
					`must be a whole number of days from 0 (today) to ${MAX_DAYS_AGO}, got ${describeValue(raw)}`,
				);
			}
			return days;
		}
		case 'boolean': {
			if (raw === undefined || raw === null || raw === '') {
				throw new InputError(field, 'must be true or false, got nothing');
			}
			return readBoolean(raw, field, false);
		}
		case 'text': {
			const text = typeof raw === 'number' ? String(raw) : raw;
			if (typeof text !== 'string' || text.trim() === '') {
				throw new InputError(field, `must be a non-empty text, got ${describeValue(raw)}`);
			}
			return boundLength(text.trim(), field, CONDITION_TEXT_MAX);
		}
	}
}

/**
 * Checks and converts the entries of the conditions builder. Entries sharing property and
 * operator are OR-ed by the service, the others AND-ed; that needs nothing here.
 */
export function buildConditions(entries: unknown): SearchCondition[] {
	if (entries === undefined || entries === null) return [];
	if (!Array.isArray(entries)) {
		// An expression gave one object (or a text) where n8n keeps the list of conditions.
		throw new InputError(
			'Conditions',
			`must be a list of conditions ([{ property, operator, value }, ...]), got ${describeValue(entries)}; put the condition in [ ]`,
		);
	}
	if (entries.length > CONDITIONS_MAX) {
		throw new InputError('Conditions', `must be at most ${CONDITIONS_MAX}, got ${entries.length}`);
	}
	return entries.map((raw: unknown, index) => {
		const at = `Conditions › Condition ${index + 1}`;
		if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
			throw new InputError(
				at,
				`must be an object with property, operator and a value, got ${describeValue(raw)}`,
			);
		}
		const entry = raw as Record<string, unknown>;
		const property = entry.property;
		if (!isProperty(property)) {
			throw new InputError(
				`${at} › Contact Property`,
				`must be one of ${Object.keys(PROPERTY_RULES).join(', ')}, got ${describeValue(property)}`,
			);
		}
		const rule = PROPERTY_RULES[property];
		const operator = entry.operator;
		if (typeof operator !== 'string' || !rule.operators.includes(operator as SearchOperator)) {
			throw new InputError(
				`${at} › Operator`,
				`must be one of ${rule.operators.join(', ')} for ${rule.label}, got ${describeValue(operator)}`,
			);
		}
		const valueField = VALUE_FIELD[rule.kind];
		return {
			property,
			condition: operator as SearchOperator,
			value: convertValue(rule.kind, entry[valueField.name], `${at} › ${valueField.label}`),
		};
	});
}
