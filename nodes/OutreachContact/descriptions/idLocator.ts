import type { INodeProperties, IParameterBuilderHint } from 'n8n-workflow';

export interface IdLocatorOptions {
	name: string;
	displayName: string;
	/** The listSearch method that fills the dropdown. */
	listMethod: string;
	description: string;
	required?: boolean;
	builderHint?: IParameterBuilderHint;
}

/**
 * An id field shown as a dropdown: pick from a searchable list, or type the number. Its value
 * is read with `extractValue: true` and checked like any other id.
 */
export function idLocator(options: IdLocatorOptions): INodeProperties {
	const what = options.displayName.toLowerCase();
	const property: INodeProperties = {
		displayName: options.displayName,
		name: options.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		description: options.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select a ${what}...`,
				typeOptions: { searchListMethod: options.listMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 42',
				validation: [
					{
						type: 'regex',
						properties: { regex: '^\\s*[0-9]+\\s*$', errorMessage: 'Enter a whole number' },
					},
				],
			},
		],
	};
	if (options.required) property.required = true;
	if (options.builderHint) property.builderHint = options.builderHint;
	return property;
}
