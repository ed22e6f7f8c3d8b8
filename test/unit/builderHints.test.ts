/**
 * The builder hints (`builderHint`, read by n8n's AI Workflow Builder) on the nodes' descriptions
 * as n8n loads them: every hint is where a builder would otherwise guess wrong, and no hint
 * text leaks into what users see (display names, descriptions, hints, placeholders, actions).
 */
import type { INodeTypeDescription } from 'n8n-workflow';

import { OutreachContact } from '../../nodes/OutreachContact/OutreachContact.node';
import { OutreachContactTrigger } from '../../nodes/OutreachContact/OutreachContactTrigger.node';
import { TRIGGER_EVENTS } from '../../nodes/OutreachContact/trigger/events';

const action = new OutreachContact().description;
const trigger = new OutreachContactTrigger().description;

const UI_KEYS = [
	'displayName',
	'description',
	'hint',
	'placeholder',
	'action',
	'name',
	'subtitle',
	'notice',
];

/** Every object in a description, depth first, with the path of names that leads to it. */
function* walk(
	value: unknown,
	path: string[] = [],
): Generator<{ node: Record<string, unknown>; path: string[] }> {
	if (Array.isArray(value)) {
		for (const entry of value) yield* walk(entry, path);
		return;
	}
	if (!value || typeof value !== 'object') return;
	const node = value as Record<string, unknown>;
	const here = typeof node.name === 'string' && 'type' in node ? [...path, node.name] : path;
	yield { node, path: here };
	for (const [key, child] of Object.entries(node)) {
		if (key !== 'builderHint') yield* walk(child, here);
	}
}

function parameterHints(description: INodeTypeDescription): Map<string, string> {
	const hints = new Map<string, string>();
	for (const { node, path } of walk(description.properties)) {
		const hint = node.builderHint as { propertyHint?: string } | undefined;
		if (!hint?.propertyHint) continue;
		const at = 'type' in node ? path.join('.') : `${path.join('.')}=${String(node.value)}`;
		hints.set(at, hint.propertyHint);
	}
	return hints;
}

function uiTexts(description: INodeTypeDescription): string[] {
	const texts: string[] = [String(description.description), String(description.displayName)];
	for (const { node } of walk(description.properties)) {
		for (const key of UI_KEYS) if (typeof node[key] === 'string') texts.push(node[key] as string);
	}
	return texts;
}

describe('builder hints', () => {
	it.each([
		['Outreach Contact', action, 'n8n-nodes-outreach-contact.outreachContactTrigger'],
		['Outreach Contact Trigger', trigger, 'n8n-nodes-outreach-contact.outreachContact'],
	])('%s says what it is for and which node goes with it', (_name, description, related) => {
		expect(description.builderHint?.searchHint?.length).toBeGreaterThan(100);
		expect(description.builderHint?.relatedNodes?.map((node) => node.nodeType)).toContain(related);
		for (const node of description.builderHint?.relatedNodes ?? [])
			expect(node.relationHint.length).toBeGreaterThan(10);
	});

	it('sits on the parameters where a builder goes wrong', () => {
		const hints = parameterHints(action);
		expect([...hints.keys()].sort()).toEqual([
			'conditions',
			'options.waitForProcessing',
			'playbookId',
			'sequenceId',
		]);
		expect(hints.get('sequenceId')).toMatch(/sequence and the playbook go together/);
		expect(hints.get('conditions')).toMatch(/same property and the same operator are ORed.*ANDed/);
		expect(hints.get('options.waitForProcessing')).toMatch(/sentence_fields/);
		// One hint per event of the table (its values are written out in trigger/events.test.ts).
		expect([...parameterHints(trigger).keys()].sort()).toEqual(
			TRIGGER_EVENTS.map((e) => `event=${e.value}`).sort(),
		);
	});

	it.each([
		['Outreach Contact', action],
		['Outreach Contact Trigger', trigger],
	])('%s: no hint text shows in a UI text', (_name, description) => {
		const hints = [
			description.builderHint?.searchHint ?? '',
			...parameterHints(description).values(),
		];
		const texts = uiTexts(description);
		expect(texts.length).toBeGreaterThan(20);
		for (const hint of hints) {
			// No UI text repeats a hint, nor a sentence of one.
			const sentences = hint.split(/(?<=[.:])\s+/).filter((sentence) => sentence.length > 30);
			const leaked = texts.filter((text) => sentences.some((sentence) => text.includes(sentence)));
			expect({ hint: hint.slice(0, 40), leaked }).toEqual({ hint: hint.slice(0, 40), leaked: [] });
		}
	});
});
