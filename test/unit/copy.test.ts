/**
 * The copy of both nodes and the credential, against n8n's UX guidelines for community nodes
 * (n8n-docs, "UX guidelines"): Title Case for names, labels and dropdown titles; sentence case
 * for actions, descriptions and hints; booleans described with "Whether"; placeholders as
 * examples ("e.g. ..."). Texts are read from the descriptions n8n loads.
 */
import type { ICredentialType, INodeTypeDescription } from 'n8n-workflow';

import { OutreachContactApi } from '../../credentials/OutreachContactApi.credentials';
import { OutreachContact } from '../../nodes/OutreachContact/OutreachContact.node';
import { OutreachContactTrigger } from '../../nodes/OutreachContact/OutreachContactTrigger.node';

type Entry = Record<string, unknown>;

const descriptions: Array<[string, INodeTypeDescription | ICredentialType]> = [
	['Outreach Contact', new OutreachContact().description],
	['Outreach Contact Trigger', new OutreachContactTrigger().description],
	['Outreach Contact API', new OutreachContactApi()],
];

/** Every parameter, collection entry and dropdown option, depth first. */
function* entries(value: unknown): Generator<Entry> {
	if (Array.isArray(value)) {
		for (const item of value) yield* entries(item);
		return;
	}
	if (!value || typeof value !== 'object') return;
	const entry = value as Entry;
	yield entry;
	for (const key of ['options', 'values', 'properties', 'modes']) yield* entries(entry[key]);
}

const SMALL_WORDS = new Set([
	'a',
	'an',
	'the',
	'and',
	'but',
	'or',
	'nor',
	'for',
	'on',
	'at',
	'to',
	'by',
	'from',
	'in',
	'of',
	'per',
	'with',
	'as',
	'vs',
]);

/** Title Case: every word capitalized but small words after the first (numbers and "(..." too). */
function isTitleCase(text: string): boolean {
	return text.split(/\s+/).every((word, index) => {
		const bare = word.replace(/^[("']+|[)"'.,:…]+$/g, '');
		if (bare === '' || /^[0-9]/.test(bare)) return true;
		if (index > 0 && SMALL_WORDS.has(bare)) return true;
		return /^[A-Z]/.test(bare);
	});
}

/** Sentence case: starts with a capital, and is not Title Case written as a sentence. */
function isSentenceCase(text: string): boolean {
	const words = text.split(/\s+/).filter((word) => /^[a-zA-Z]/.test(word));
	const capitalized = words
		.slice(1)
		.filter((word) => /^[A-Z][a-z]/.test(word) && !SMALL_WORDS.has(word.toLowerCase()));
	return (
		/^[A-Z0-9"'`(]/.test(text) && !(words.length >= 4 && capitalized.length === words.length - 1)
	);
}

describe.each(descriptions)('%s', (_name, description) => {
	const all = [...entries(description.properties)];
	const parameters = all.filter(
		(entry) => typeof entry.displayName === 'string' && 'name' in entry && entry.type !== 'notice',
	);
	// A notice's display name is the sentence it shows: a hint, in sentence case.
	const notices = all
		.filter((entry) => entry.type === 'notice')
		.map((entry) => String(entry.displayName));
	const options = all.filter(
		(entry) =>
			typeof entry.value !== 'undefined' && typeof entry.name === 'string' && !('type' in entry),
	);

	it('uses Title Case for its name, labels and dropdown titles', () => {
		const texts = [
			String(description.displayName),
			...parameters.map((p) => String(p.displayName)),
			...options.map((o) => String(o.name)),
		];
		expect(texts.filter((text) => !isTitleCase(text))).toEqual([]);
	});

	it('uses sentence case for actions, descriptions and hints', () => {
		const texts = [
			'description' in description ? description.description : undefined,
			...all.flatMap((entry) => [entry.action, entry.description, entry.hint]),
			...notices,
		].filter((text): text is string => typeof text === 'string' && text !== '');
		expect(texts.length).toBeGreaterThan(3);
		expect(texts.filter((text) => !isSentenceCase(text))).toEqual([]);
		// Actions omit articles ("Add contact to sequence", not "Add a contact to a sequence").
		expect(
			all
				.map((entry) => entry.action)
				.filter((action) => typeof action === 'string' && /\b(a|an|the)\b/.test(action)),
		).toEqual([]);
	});

	it('starts the description of every boolean with "Whether"', () => {
		const booleans = parameters.filter((p) => p.type === 'boolean');
		expect(
			booleans.filter((p) => !String(p.description ?? '').startsWith('Whether')).map((p) => p.name),
		).toEqual([]);
	});

	it('gives examples as placeholders ("e.g. ...")', () => {
		// Only free-text fields take an example; collections' and lists' placeholders are button and
		// prompt texts. n8n's linter demands "name@email.com" for an email field, where the
		// guideline would write "e.g. nathan@example.com": the linter wins.
		const examples = parameters.filter(
			(p) => typeof p.placeholder === 'string' && ['string', 'number'].includes(String(p.type)),
		);
		const notExamples = examples.filter(
			(p) => !String(p.placeholder).startsWith('e.g. ') && p.placeholder !== 'name@email.com',
		);
		expect(notExamples.map((p) => `${String(p.name)}: ${String(p.placeholder)}`)).toEqual([]);
	});
});
