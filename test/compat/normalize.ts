/**
 * What a golden output records of a run: each item as n8n stores it in an execution (its `json`
 * and `pairedItem`, through JSON as n8n writes them), with the values that differ between runs
 * replaced by stand-ins that keep what a saved workflow depends on.
 *
 * - Times: every string that is an ISO 8601 date-time (the service's `created_date`,
 *   `create_date`, `created_timestamp`) has each digit replaced by `#`:
 *   "2026-11-23T03:00:00.000Z" becomes "####-##-##T##:##:##.###Z". The format and the zone
 *   suffix stay checked (a node that started to rewrite dates, or to pass a number, fails); the
 *   instant does not, since it follows the test clock and the sandbox's processing times.
 * - Ids are kept as they are: each saved workflow runs against a fresh sandbox with the same seed,
 *   which numbers contacts in creation order from 1001 (sequences from 101, playbooks from 201),
 *   so an id is the same on every run and an output that carries another contact's id fails.
 *   Node ids, execution ids and the like are not part of an item.
 */
import type { INodeExecutionData } from 'n8n-workflow';

/** A date-time in ISO 8601: a date, a time to the minute or finer, an optional zone. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A JSON value with its times masked. */
export function maskTimes(value: unknown): unknown {
	if (typeof value === 'string') return ISO_TIME.test(value) ? value.replace(/\d/g, '#') : value;
	if (Array.isArray(value)) return value.map(maskTimes);
	if (value !== null && typeof value === 'object') {
		return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, maskTimes(inner)]));
	}
	return value;
}

/** One output as a golden records it: the items' `json` and `pairedItem`, times masked. */
export function recordedItems(items: INodeExecutionData[]): unknown[] {
	const stored = items.map(({ json, pairedItem }) =>
		pairedItem === undefined ? { json } : { json, pairedItem },
	);
	// Through JSON, as n8n keeps an execution: a field set to undefined is not there.
	return maskTimes(JSON.parse(JSON.stringify(stored))) as unknown[];
}
