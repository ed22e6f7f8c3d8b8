import type { IDataObject } from 'n8n-workflow';

import { forOperation } from '../displayOptions';
import { readLimit, returnAllFields } from '../../descriptions/returnAll';
import { simplifyField } from '../../descriptions/simplify';
import { buildConditions } from '../../helpers/conditions';
import { requireLimit } from '../../helpers/input';
import { fetchSearchResults } from '../../paging/searchPages';
import { simplifyContact } from '../../helpers/simplify';
import type { SearchCondition } from '../../types';
import { warnInEditor } from '../executionHints';
import { defineOperation } from '../operation';
import { conditionsFields } from './conditions.description';

interface SearchInput {
	conditions: SearchCondition[];
	limit?: number;
	simplify: boolean;
}

export const search = defineOperation<SearchInput>({
	description: forOperation('contact', 'search', [...conditionsFields, ...returnAllFields, simplifyField]),
	prepare(ctx, i) {
		const raw = ctx.getNodeParameter('conditions.condition', i, []) as IDataObject[];
		const limit = readLimit(ctx, i);
		return {
			conditions: buildConditions(raw),
			limit: limit === undefined ? undefined : requireLimit(limit),
			simplify: ctx.getNodeParameter('simplify', i, true) as boolean,
		};
	},
	async run(ctx, { conditions, limit, simplify }, i) {
		const { contacts, inconsistent } = await fetchSearchResults(ctx, conditions, limit, i);
		if (inconsistent) {
			warnInEditor(
				ctx,
				`The service's pagination was inconsistent [item ${i}]: ${inconsistent}. The contacts read until then are output. Check the search on the service, or narrow its conditions.`,
			);
		}
		return simplify ? contacts.map(simplifyContact) : contacts;
	},
});
