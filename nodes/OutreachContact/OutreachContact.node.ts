import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { contactDescription } from './actions/contact/Contact.resource';
import { playbookDescription } from './actions/playbook/Playbook.resource';
import { profileDescription } from './actions/profile/Profile.resource';
import { router } from './actions/router';
import { sequenceDescription } from './actions/sequence/Sequence.resource';
import { actionNodeHint } from './descriptions/builderHints';
import { listSearch } from './methods';

export class OutreachContact implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Outreach Contact',
		name: 'outreachContact',
		icon: { light: 'file:outreachContact.svg', dark: 'file:outreachContact.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Add contacts to outreach sequences, search and get them with their AI snippets and enrichment data, and list playbooks, sequences and profiles',
		defaults: { name: 'Outreach Contact' },
		usableAsTool: true,
		builderHint: actionNodeHint,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'outreachContactApi', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Contact', value: 'contact' },
					{ name: 'Playbook', value: 'playbook' },
					{ name: 'Profile', value: 'profile' },
					{ name: 'Sequence', value: 'sequence' },
				],
				default: 'contact',
			},
			...contactDescription,
			...playbookDescription,
			...sequenceDescription,
			...profileDescription,
		],
	};

	methods = { listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
