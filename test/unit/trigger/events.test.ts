/**
 * The trigger's event table (trigger/events.ts): the one test that writes the public values out.
 * Saved workflows hold an event's value and n8n's static data its state key, so neither may
 * change; every other test reads the table.
 */
import {
	DEFAULT_EVENT,
	eventOf,
	eventOptions,
	TRIGGER_EVENTS,
} from '../../../nodes/OutreachContact/trigger/events';
import type { Contact } from '../../../nodes/OutreachContact/types';

describe('the trigger event table', () => {
	it('holds the public values, names and state keys, in alphabetical order', () => {
		expect(TRIGGER_EVENTS.map((e) => [e.value, e.name, e.stateKey])).toEqual([
			['contactEnriched', 'Contact Enriched', 'outreachContactEnrichedPoll'],
			['contactSnippetsReady', 'Contact Snippets Ready', 'outreachContactSnippetsPoll'],
			['newContact', 'New Contact', 'outreachContactPoll'],
		]);
		expect(eventOptions.map((o) => o.value)).toEqual(TRIGGER_EVENTS.map((e) => e.value));
		expect(DEFAULT_EVENT).toBe('newContact');
	});

	it('runs the default event when the parameter is missing, and fails on a value it does not know', () => {
		expect(eventOf(undefined).value).toBe('newContact');
		expect(eventOf('').value).toBe('newContact');
		// 1.0.0 ran an unknown value as New Contact: from now on it fails, naming what it knows.
		expect(() => eventOf('contactReplied')).toThrow(
			"Event is 'contactReplied', which this version of n8n-nodes-outreach-contact does not know (it knows Contact Enriched, Contact Snippets Ready, New Contact)",
		);
	});

	it('says what each event wants of a contact', () => {
		const plain: Contact = { id: 1, email: 'a@example.com', created_date: '2026-11-27T09:00:00Z' };
		const enriched: Contact = { ...plain, is_enriched: true };
		expect(eventOf('newContact').wants(plain)).toBe(true);
		expect(eventOf('contactEnriched').wants(enriched)).toBe(true);
		expect(eventOf('contactEnriched').wants({ ...plain, is_enriched: false })).toBe(false);
		// The rule Wait for Processing uses: sentence_fields holds at least one snippet.
		const snippets = eventOf('contactSnippetsReady');
		expect(snippets.wants({ ...plain, sentence_fields: { opener: 'Hi' } })).toBe(true);
		expect(snippets.wants({ ...plain, sentence_fields: {} })).toBe(false);
		expect(snippets.wants(plain)).toBe(false);
	});
});
