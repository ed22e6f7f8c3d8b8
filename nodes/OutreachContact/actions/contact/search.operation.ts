import type { IDataObject } from 'n8n-workflow';

import { readLimit, returnAllFields } from '../../descriptions/returnAll';
import { buildConditions } from '../../helpers/conditions';
import { requireLimit } from '../../helpers/input';
import { shapeContact, type ContactOutput } from '../../helpers/shapeContact';
import { fetchSearchResults } from '../../paging/searchPages';
import type { SearchCondition } from '../../types';
import { tellInEditor } from '../executionHints';
import { defineOperation } from '../operation';
import { conditionsFields } from './conditions.description';
import { contactOutputFields, readContactOutput } from './contactOutput';
import { whyNothingCanMatch } from './emptySearch';

interface SearchInput {
	conditions: SearchCondition[];
	limit?: number;
	output: ContactOutput;
}

export const search = defineOperation({
	option: {
		name: 'Search',
		value: 'search',
		description: 'Search contacts by sequence, email, premise, dates or enrichment',
		action: 'Search contacts',
	},
	fields: [...conditionsFields, ...returnAllFields, ...contactOutputFields],
	prepare(ctx, i): SearchInput {
		const raw = ctx.getNodeParameter('conditions.condition', i, []) as IDataObject[];
		const limit = readLimit(ctx, i);
		return {
			conditions: buildConditions(raw),
			limit: limit === undefined ? undefined : requireLimit(limit),
			output: readContactOutput(ctx, i),
		};
	},
	async run(ctx, { conditions, limit, output }, i) {
		const impossible = whyNothingCanMatch(conditions);
		if (impossible) {
			tellInEditor(
				ctx,
				`The search conditions can match no contact [item ${i}]: ${impossible}. Conditions with the same property and operator match any of their values; all others must all match. Check the conditions.`,
				'warning',
				`impossible:${impossible}`,
			);
		}
		// Each page is shaped as it arrives: with Simplify on, no full contact is held to the end.
		const { contacts, inconsistent, total } = await fetchSearchResults(ctx, conditions, {
			limit,
			itemIndex: i,
			shape: (contact) => shapeContact(contact, output),
		});
		if (inconsistent) {
			tellInEditor(
				ctx,
				`The service's pagination was inconsistent [item ${i}]: ${inconsistent}. The contacts read until then are output. Check the search on the service, or narrow its conditions.`,
			);
		}
		if (limit !== undefined && total !== undefined && total > contacts.length) {
			tellInEditor(
				ctx,
				`Returned the first ${contacts.length} of ${total} matching contacts (Limit) [item ${i}]. Turn on Return All, or raise Limit, to get them all.`,
				'info',
				'limit',
			);
		}
		return contacts;
	},
});
