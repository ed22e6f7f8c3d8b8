import type { IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { PageCursor } from '../helpers/pollPaging';
import { searchContacts } from '../transport/api';
import { getClock } from '../transport/clock';
import type { Contact, SearchCondition } from '../types';

/** A walk that needs more requests than this is stopped: the answers cannot be consistent. */
export const MAX_REQUESTS_PER_WALK = 5_000;

/** Share of n8n's poll budget the walk may use before it gives up (the rest is margin). */
const BUDGET_SHARE = 0.8;

export interface WalkResult {
	requests: number;
}

/**
 * Reads every page of one search (see PageCursor) and hands each page's contacts to `onPage`.
 * Every request goes through the transport, which paces and retries; if any request still
 * fails, its error is thrown and the walk ends (the caller then leaves its state alone).
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
	const cursor = new PageCursor();
	for (let ask = cursor.next(); ask; ask = cursor.next()) {
		if (cursor.requests >= MAX_REQUESTS_PER_WALK) {
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
				`Reading the new contacts took too long (${cursor.requests} pages of the search so far)`,
				{
					description:
						'Nothing was emitted and the trigger state was left unchanged; the next poll tries again. If this repeats, too many contacts match the search window: add a sequence filter, lower "Emit Contacts From the Last N Days on Activation", or raise the requests per minute of the credential if the account allows it.',
				},
			);
		}
		const result = await searchContacts(ctx, conditions, ask.page, ask.pageSize);
		onPage(result.contacts);
		cursor.record(ask, result.pagination, result.contacts.length);
	}
	return { requests: cursor.requests };
}

/** The time after which a poll stops fetching, from n8n's poll budget (undefined on older n8n). */
export function pollDeadline(ctx: IPollFunctions, start: number): number | undefined {
	const budget = typeof ctx.getPollBudgetMs === 'function' ? Number(ctx.getPollBudgetMs()) : NaN;
	return Number.isFinite(budget) && budget > 0 ? start + budget * BUDGET_SHARE : undefined;
}
