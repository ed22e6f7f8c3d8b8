import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/** Parameters several operations share: Return All / Limit, Simplify. */

export function returnAllAndLimit(resource: string, operation: string): INodeProperties[] {
	const show = { resource: [resource], operation: [operation] };
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			displayOptions: { show },
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			default: 50,
			typeOptions: { minValue: 1 },
			displayOptions: { show: { ...show, returnAll: [false] } },
			description: 'Max number of results to return',
		},
	];
}

export function simplifyOption(resource: string, operations: string[]): INodeProperties {
	return {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		displayOptions: { show: { resource: [resource], operation: operations } },
		description:
			'Whether to return a flat object with the most useful fields (ID, email, sequence, created date, name, job, company, snippets) instead of the whole contact with all its enrichment data',
	};
}

/** The limit to apply, or undefined for Return All. Checked in `prepare`. */
export function readLimit(ctx: IExecuteFunctions, itemIndex: number): unknown {
	return ctx.getNodeParameter('returnAll', itemIndex, false) ? undefined : ctx.getNodeParameter('limit', itemIndex, 50);
}
