import type { IDataObject } from 'n8n-workflow';

import { forOperation } from '../displayOptions';
import { readLimit, returnAllFields } from '../../descriptions/returnAll';
import { buildConditions } from '../../helpers/conditions';
import { requireLimit } from '../../helpers/input';
import { fetchSearchResults } from '../../paging/searchPages';
import type { SearchCondition } from '../../types';
import { warnInEditor } from '../executionHints';
import { defineOperation } from '../operation';
import { conditionsFields } from './conditions.description';
import { contactOutputFields, readContactOutput, shapeContact, type ContactOutput } from './contactOutput';

interface SearchInput {
	conditions: SearchCondition[];
	limit?: number;
	output: ContactOutput;
}

export const search = defineOperation<SearchInput>({
	description: forOperation('contact', 'search', [...conditionsFields, ...returnAllFields, ...contactOutputFields]),
	prepare(ctx, i) {
		const raw = ctx.getNodeParameter('conditions.condition', i, []) as IDataObject[];
		const limit = readLimit(ctx, i);
		return {
			conditions: buildConditions(raw),
			limit: limit === undefined ? undefined : requireLimit(limit),
			output: readContactOutput(ctx, i),
		};
	},
	async run(ctx, { conditions, limit, output }, i) {
		const { contacts, inconsistent } = await fetchSearchResults(ctx, conditions, limit, i);
		if (inconsistent) {
			warnInEditor(
				ctx,
				`The service's pagination was inconsistent [item ${i}]: ${inconsistent}. The contacts read until then are output. Check the search on the service, or narrow its conditions.`,
			);
		}
		return contacts.map((contact) => shapeContact(contact, output));
	},
});
