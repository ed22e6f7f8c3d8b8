import type { IDataObject } from 'n8n-workflow';

import { buildConditions } from '../../helpers/conditions';
import { simplifyContact } from '../../helpers/simplify';
import { requireLimit } from '../../helpers/validation';
import type { SearchCondition } from '../../types';
import { defineOperation } from '../operation';
import { readLimit } from '../shared';
import { searchDescription } from './search.description';
import { fetchSearchResults } from '../../transport/paging';

interface SearchInput {
	conditions: SearchCondition[];
	limit?: number;
	simplify: boolean;
}

export const search = defineOperation<SearchInput>({
	description: searchDescription,
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
		const contacts = await fetchSearchResults(ctx, conditions, limit, i);
		return simplify ? contacts.map(simplifyContact) : contacts;
	},
});
