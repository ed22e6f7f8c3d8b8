import type { IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { getClock } from '../helpers/clock';
import { walkSearchPages } from '../helpers/searchPages';
import type { Contact, SearchCondition } from '../types';

/** Share of n8n's poll budget the walk may use before it gives up (the rest is margin). */
const BUDGET_SHARE = 0.8;

/** The time after which a poll stops fetching, from n8n's poll budget (undefined on older n8n). */
export function pollDeadline(ctx: IPollFunctions, start: number): number | undefined {
	const budget = typeof ctx.getPollBudgetMs === 'function' ? Number(ctx.getPollBudgetMs()) : NaN;
	return Number.isFinite(budget) && budget > 0 ? start + budget * BUDGET_SHARE : undefined;
}

/**
 * Reads every page of the poll's search window, one page at a time. Newer n8n versions abandon
 * a poll after its budget: the walk stops before that with an error that says why. Nothing is
 * emitted from a partial walk, since a page not yet read may hold older contacts.
 */
export async function readWindow(
	ctx: IPollFunctions,
	conditions: SearchCondition[],
	onPage: (contacts: Contact[]) => void,
	deadline?: number,
): Promise<void> {
	await walkSearchPages(ctx, {
		conditions,
		onPage,
		beforeRequest(sent) {
			if (deadline === undefined || getClock().now() <= deadline) return;
			throw new NodeOperationError(
				ctx.getNode(),
				`Reading the new contacts took too long (${sent} pages of the search so far)`,
				{
					description:
						'Nothing was emitted and the trigger state was left unchanged; the next poll tries again. If this repeats, too many contacts match the search window: add a sequence filter, lower "Emit Contacts From the Last N Days on Activation", or raise the requests per minute of the credential if the account allows it.',
				},
			);
		},
	});
}
