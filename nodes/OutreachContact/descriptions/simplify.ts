import type { INodeProperties } from 'n8n-workflow';

/** The Simplify switch of Contact Get, Search and the trigger (see helpers/simplify.ts). */
export const simplifyField: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description:
		'Whether to return a simplified version of the contact (at most 10 fields: ID, email, names, company, job title, snippets, sequence, enrichment state, created date) instead of the raw data with all its enrichment',
};
