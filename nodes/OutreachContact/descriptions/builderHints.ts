import type { IBuilderHint, IParameterBuilderHint } from 'n8n-workflow';

/**
 * What n8n's AI Workflow Builder reads about these nodes (`builderHint`), never shown to users:
 * where a builder composing a workflow would otherwise guess wrong. The UI texts stay in the
 * descriptions; test/unit/builderHints.test.ts checks that no hint leaks into them.
 */

const ACTION_NODE = 'n8n-nodes-outreach-contact.outreachContact';
const TRIGGER_NODE = 'n8n-nodes-outreach-contact.outreachContactTrigger';

export const actionNodeHint: IBuilderHint = {
	searchHint:
		'Outreach and sales personalisation: adds a lead or prospect (by email) to an outreach sequence with a playbook; the service then writes personalised sentence snippets (sentence_fields) for the contact and, with a pronet (professional network) handle and doEnrichment, enriches it with person and company data. Also gets a contact by id, searches contacts by conditions, and lists sequences, playbooks and profiles. Use Contact → Add with Options → Wait for Processing when later nodes write a message from the snippets.',
	relatedNodes: [
		{
			nodeType: TRIGGER_NODE,
			relationHint: 'Starts a workflow for each new or newly enriched contact, once each',
		},
		{
			nodeType: 'n8n-nodes-base.googleSheets',
			relationHint: 'A common source of leads to add to a sequence',
		},
		{
			nodeType: 'n8n-nodes-base.emailSend',
			relationHint: "Sends the message built from the contact's sentence_fields",
		},
	],
};

export const triggerNodeHint: IBuilderHint = {
	searchHint:
		'Polling trigger of the Outreach Contact service: emits each new contact (event newContact), each contact once the service has written its sentence snippets (event contactSnippetsReady) or once it has enriched it with person and company data (event contactEnriched), exactly once each, in the shape Contact → Get returns. Use contactSnippetsReady when the workflow sends a message built from the snippets, contactEnriched when it needs the enrichment.',
	relatedNodes: [
		{
			nodeType: ACTION_NODE,
			relationHint: 'Adds, gets and searches the contacts this trigger emits',
		},
	],
};

export const sequenceHint: IParameterBuilderHint = {
	propertyHint:
		'A resource locator: {"__rl": true, "mode": "list" or "id", "value": "<sequence id>"}. Take the id from Sequence → Get Many (or let the user pick it from the list). The sequence and the playbook go together: the contact joins this sequence and the playbook runs for it, so set both.',
	placeholderSupported: false,
};

export const playbookHint: IParameterBuilderHint = {
	propertyHint:
		'A resource locator: {"__rl": true, "mode": "list" or "id", "value": "<playbook id>"}. Take the id from Playbook → Get Many; it must be set together with the sequence.',
	placeholderSupported: false,
};

export const conditionsHint: IParameterBuilderHint = {
	propertyHint:
		'A list under conditions.condition; each entry has property, operator (the service\'s condition string, e.g. "Is", "Less than") and the value field for that property (value, sequenceId, days or enriched). Entries with the same property and the same operator are ORed (any value matches); all other entries are ANDed. days counts whole days since the event, 0 = today ("created_timestamp Less than 7" = created in the last 7 days). No entries: every contact.',
};

export const waitForProcessingHint: IParameterBuilderHint = {
	propertyHint:
		"Set true when a later node uses the contact's sentence_fields (the snippets) or its enrichment: the item then comes out only once the service has written them (up to waitTimeout seconds, default 600), in the shape Contact → Get returns. Leave false to just queue the contact (faster).",
};
