import { PROPERTY_RULES } from '../../helpers/conditions';
import type { SearchCondition, SearchOperator, SearchProperty } from '../../types';

/**
 * Why a search's conditions can match no contact at all, by the service's rules (conditions of
 * the same property and operator are ORed, all others ANDed), or undefined when some contact
 * could match. Pure; Search says it once in the editor (an execution hint) and still asks the
 * service, which has the last word.
 */
export function whyNothingCanMatch(conditions: SearchCondition[]): string | undefined {
	const byProperty = new Map<
		SearchProperty,
		Map<SearchOperator, Array<string | number | boolean>>
	>();
	for (const { property, condition, value } of conditions) {
		const operators =
			byProperty.get(property) ?? new Map<SearchOperator, Array<string | number | boolean>>();
		operators.set(condition, [...(operators.get(condition) ?? []), value]);
		byProperty.set(property, operators);
	}
	for (const [property, operators] of byProperty) {
		const label = PROPERTY_RULES[property].label;
		const reason =
			PROPERTY_RULES[property].kind === 'days'
				? daysConflict(operators)
				: equalityConflict(operators, property === 'email');
		if (reason) return `${label} ${reason}`;
	}
	return undefined;
}

const show = (values: Array<string | number | boolean>) =>
	values.map((value) => JSON.stringify(value)).join(' or ');

/** `Is` values (any of) against `Is not` values, and for email `Contains` / `Does not contain`. */
function equalityConflict(
	operators: Map<SearchOperator, Array<string | number | boolean>>,
	text: boolean,
): string | undefined {
	const norm = (value: string | number | boolean) =>
		text ? String(value).toLowerCase() : String(value);
	const is = operators.get('Is');
	const isNot = new Set((operators.get('Is not') ?? []).map(norm));
	if (is && is.every((value) => isNot.has(norm(value))))
		return `is ${show(is)} and is not ${show(is)}`;
	const contains = operators.get('Contains');
	if (
		is &&
		contains &&
		is.every((value) => contains.every((part) => !norm(value).includes(norm(part))))
	) {
		return `is ${show(is)} and contains ${show(contains)}`;
	}
	const lacks = operators.get('Does not contain');
	if (is && lacks && is.every((value) => lacks.every((part) => norm(value).includes(norm(part))))) {
		return `is ${show(is)} and does not contain ${show(lacks)}`;
	}
	return undefined;
}

/** Whole days since the event: `Less than` N (any), `More than` M (any), `Exactly` E (any of). */
function daysConflict(
	operators: Map<SearchOperator, Array<string | number | boolean>>,
): string | undefined {
	const numbers = (operator: SearchOperator) => operators.get(operator)?.map(Number);
	const less = numbers('Less than');
	const more = numbers('More than');
	const exactly = numbers('Exactly');
	const below = less ? Math.max(...less) : Infinity;
	const above = more ? Math.min(...more) : -1;
	if (below <= 0) return 'less than 0 days ago: no contact is dated in the future';
	if (above >= below - 1)
		return `more than ${above} and less than ${below} days ago: no whole day lies between`;
	if (exactly && exactly.every((days) => days >= below || days <= above)) {
		return `exactly ${exactly.join(' or ')} days ago, outside ${less ? `less than ${below}` : `more than ${above}`}`;
	}
	return undefined;
}
