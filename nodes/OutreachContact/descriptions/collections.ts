import type { INodeProperties } from 'n8n-workflow';

/** A collection of optional fields named as n8n's own nodes name them, in n8n's key order. */
function collection(displayName: string, name: string, placeholder: string) {
	return (options: INodeProperties[]): INodeProperties => ({
		displayName,
		name,
		type: 'collection',
		placeholder,
		default: {},
		options,
	});
}

/** The "Filters" collection (the trigger's sequence filter, Get Many's filters). */
export const filtersCollection = collection('Filters', 'filters', 'Add Filter');

/** The "Options" collection (the trigger's options, Add's options). */
export const optionsCollection = collection('Options', 'options', 'Add Option');
