import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import type { Contact } from '../../nodes/OutreachContact/types';
import { HOST, credentials } from './fixtures';

/**
 * The service's search, answered by nock for the trigger's workflow tests: the contacts of
 * `list()` sorted by creation, in pages of at most `cap` with the pagination block the interface
 * describes, every request body recorded.
 */

type Order = 'newest' | 'oldest';

export const SEARCH_PATH = '/api/v2/contact/search/';

export interface SearchBody {
	conditions: IDataObject[];
	page: number;
	page_size: number;
}

/**
 * Answers searches from `list()` (newest first unless told; `order` may change between requests)
 * in pages of at most `cap`, recording the bodies.
 */
export function searchService(
	list: () => Contact[],
	cap = 100,
	order: Order | (() => Order) = 'newest',
	delayMs = 0,
) {
	const bodies: SearchBody[] = [];
	const scope = nock(HOST, { reqheaders: { authorization: credentials.apiKey } })
		.persist()
		.post(SEARCH_PATH)
		.delay(delayMs)
		.reply(200, (_uri, body) => {
			const request = body as SearchBody;
			bodies.push(request);
			const sign = (typeof order === 'function' ? order() : order) === 'newest' ? 1 : -1;
			const all = [...list()].sort(
				(a, b) => sign * (Date.parse(b.created_date) - Date.parse(a.created_date)),
			);
			const size = Math.min(request.page_size, cap);
			return {
				contacts: all.slice((request.page - 1) * size, request.page * size),
				pagination: {
					total_contacts: all.length,
					page: request.page,
					total_pages: Math.ceil(all.length / size),
					page_size: size,
				},
			};
		});
	return { bodies, scope };
}
