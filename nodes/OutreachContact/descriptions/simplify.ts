import type { INodeProperties } from 'n8n-workflow';

/** The Simplify switch of Contact Get, Search and the trigger (see helpers/simplify.ts). */
export const simplifyField: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description:
		'Whether to return a flat object with the most useful fields (ID, email, sequence, created date, name, job, company, snippets) instead of the whole contact with all its enrichment data',
};
