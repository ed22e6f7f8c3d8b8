import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { idLocator } from '../../descriptions/idLocator';
import { forOperation } from '../../descriptions/displayOptions';
import { InputError, requireEmail, requireId } from '../../helpers/input';
import { createContact } from '../../transport/api';
import type { NewContact } from '../../types';
import { defineOperation } from '../operation';

const fields: INodeProperties[] = [
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		required: true,
		description: 'Email address of the contact to add',
	},
	idLocator({
		name: 'sequenceId',
		displayName: 'Sequence',
		listMethod: 'searchSequences',
		description: 'The sequence to add the contact to. Pick it from the list, or enter its ID.',
		required: true,
	}),
	idLocator({
		name: 'playbookId',
		displayName: 'Playbook',
		listMethod: 'searchPlaybooks',
		description: 'The playbook to run for the contact. Pick it from the list, or enter its ID.',
		required: true,
	}),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Custom Fields',
				name: 'customFields',
				type: 'fixedCollection',
				placeholder: 'Add Custom Field',
				typeOptions: { multipleValues: true },
				default: {},
				description: 'Custom fields to store on the contact',
				options: [
					{
						displayName: 'Field',
						name: 'field',
						values: [
							{
								displayName: 'Name',
								name: 'name',
								type: 'string',
								default: '',
								description: 'Name of the custom field',
							},
							{
								displayName: 'Value',
								name: 'value',
								type: 'string',
								default: '',
								description: 'Value to store',
							},
						],
					},
				],
			},
			{
				displayName: 'Enrich Contact',
				name: 'doEnrichment',
				type: 'boolean',
				default: false,
				description:
					'Whether the service should enrich the contact with person and company data looked up from the Pronet handle (the handle is then required)',
			},
			{
				displayName: 'Pronet Handle',
				name: 'pronetHandle',
				type: 'string',
				default: '',
				placeholder: 'e.g. jane-doe or https://pronet.example/in/jane-doe',
				description: 'Professional-network handle or profile URL of the contact',
			},
		],
	},
];

interface AddInput {
	contact: NewContact;
}

function customFields(raw: unknown): IDataObject | undefined {
	const entries = ((raw as IDataObject | undefined)?.field ?? []) as IDataObject[];
	if (!Array.isArray(entries) || entries.length === 0) return undefined;
	const fields: IDataObject = {};
	entries.forEach((entry, index) => {
		const name = typeof entry.name === 'string' ? entry.name.trim() : '';
		if (!name) {
			throw new InputError(
				`Additional Fields › Custom Fields › Field ${index + 1} › Name`,
				'must not be empty',
			);
		}
		fields[name] = entry.value ?? '';
	});
	return fields;
}

export const add = defineOperation<AddInput>({
	description: forOperation('contact', 'add', fields),
	prepare(ctx, i) {
		const extra = ctx.getNodeParameter('additionalFields', i, {}) as IDataObject;
		const contact: NewContact = {
			email: requireEmail(ctx.getNodeParameter('email', i)),
			sequence_id: requireId(ctx.getNodeParameter('sequenceId', i, '', { extractValue: true }), 'Sequence'),
			playbook_id: requireId(ctx.getNodeParameter('playbookId', i, '', { extractValue: true }), 'Playbook'),
		};
		const handle = typeof extra.pronetHandle === 'string' ? extra.pronetHandle.trim() : '';
		if (handle) contact.pronet_handle = handle;
		if (extra.doEnrichment !== undefined) {
			const enrich = extra.doEnrichment === true || extra.doEnrichment === 'true';
			if (enrich && !handle) {
				throw new InputError(
					'Additional Fields › Pronet Handle',
					'is required when Enrich Contact is on: the service looks the person up by this handle',
				);
			}
			contact.do_enrichment = enrich;
		}
		const fields = customFields(extra.customFields);
		if (fields) contact.custom_fields = fields;
		return { contact };
	},
	serialKey: ({ contact }) => `${contact.email.toLowerCase()}|${contact.sequence_id}`,
	async run(ctx, { contact }, i) {
		// A repeated email in the same sequence is answered with success and no second contact.
		const result = await createContact(ctx, contact, i);
		return [{ status: result.status ?? null, ...contact }];
	},
});
