import type { IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { ensureNodeError } from '../helpers/errors';
import { PageCursor } from '../helpers/pollPaging';
import { searchContacts } from '../transport/api';
import { getClock } from '../transport/clock';
import type { Contact, SearchCondition, SearchPage } from '../types';

/** A walk that needs more requests than this is stopped: the answers cannot be consistent. */
export const MAX_REQUESTS_PER_WALK = 5_000;

/** Share of n8n's poll budget the walk may use before it gives up (the rest is margin). */
const BUDGET_SHARE = 0.8;

/** How often one search is read again because its result list shrank while it was read. */
export const MAX_PASSES = 3;

export interface WalkResult {
	requests: number;
	passes: number;
}

/** The transport's error for a 404 answer (after its own handling of the status). */
function isNotFound(error: unknown): boolean {
	return error instanceof NodeApiError && String(error.httpCode) === '404';
}

function count(value: unknown): number | undefined {
	const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
}

/**
 * Reads every page of one search (see PageCursor) and hands each page's contacts to `onPage`
 * (duplicates included: the consumer dedupes by id). Every request goes through the transport,
 * which paces and retries; if any request still fails, its error is thrown and the walk ends
 * (the caller then leaves its state alone).
 *
 * Contacts created while paging only push others to later pages (read twice, never skipped).
 * The opposite, contacts leaving the result list while it is read, can move a contact onto a
 * page already read: contacts deleted, or the oldest day of the window dropping out when the
 * service's day changes at midnight. A shrinking `total_contacts` between pages shows that, and
 * the search is then read once more (up to MAX_PASSES in all); the second pass finds what moved.
 * A 404 for a page after the first means the same (the list lost that page since total_pages
 * was read) and also starts the next pass; a 404 on the last pass, or for page 1, is thrown.
 *
 * `deadline` (epoch ms on the transport clock): newer n8n versions give a poll a time budget
 * and abandon it afterwards. Rather than being abandoned silently, the walk stops with an error
 * that says why, before the budget runs out. Nothing is emitted from a partial walk: with an
 * unknown result order, a page not yet read may hold older contacts than the ones already read.
 */
export async function walkSearch(
	ctx: IPollFunctions,
	conditions: SearchCondition[],
	onPage: (contacts: Contact[]) => void,
	deadline?: number,
): Promise<WalkResult> {
	let requests = 0;
	for (let pass = 1; ; pass++) {
		const cursor = new PageCursor();
		let largest = 0;
		let shrank = false;
		for (let ask = cursor.next(); ask; ask = cursor.next()) {
			if (requests >= MAX_REQUESTS_PER_WALK) {
				throw new NodeOperationError(
					ctx.getNode(),
					`The contact search did not end after ${MAX_REQUESTS_PER_WALK} pages`,
					{
						description:
							'The service kept reporting more pages. Nothing was emitted and the trigger state was left unchanged; the next poll tries again.',
					},
				);
			}
			if (deadline !== undefined && getClock().now() > deadline) {
				throw new NodeOperationError(
					ctx.getNode(),
					`Reading the new contacts took too long (${requests} pages of the search so far)`,
					{
						description:
							'Nothing was emitted and the trigger state was left unchanged; the next poll tries again. If this repeats, too many contacts match the search window: add a sequence filter, lower "Emit Contacts From the Last N Days on Activation", or raise the requests per minute of the credential if the account allows it.',
					},
				);
			}
			let result: SearchPage;
			try {
				result = await searchContacts(ctx, conditions, ask.page, ask.pageSize);
			} catch (error) {
				requests++;
				// The page is gone: the list shrank since total_pages was read. Read it again.
				if (ask.page > 1 && pass < MAX_PASSES && isNotFound(error)) {
					shrank = true;
					break;
				}
				throw ensureNodeError(ctx.getNode(), error); // the transport's error, unchanged
			}
			requests++;
			onPage(result.contacts);
			cursor.record(ask, result.pagination, result.contacts.length);
			const total = count(result.pagination?.total_contacts);
			if (total !== undefined) {
				if (total < largest) shrank = true;
				largest = Math.max(largest, total);
			}
		}
		if (!shrank || pass >= MAX_PASSES) return { requests, passes: pass };
	}
}

/** The time after which a poll stops fetching, from n8n's poll budget (undefined on older n8n). */
export function pollDeadline(ctx: IPollFunctions, start: number): number | undefined {
	const budget = typeof ctx.getPollBudgetMs === 'function' ? Number(ctx.getPollBudgetMs()) : NaN;
	return Number.isFinite(budget) && budget > 0 ? start + budget * BUDGET_SHARE : undefined;
}
