import type { IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { getClock } from '../helpers/clock';
import { toNodeError, toWholeNumber } from '../helpers/input';
import { walkSearchPages, type ServedPage } from '../paging/searchPages';
import { searchContacts } from '../transport/api';
import type { Contact, SearchCondition } from '../types';
import { OrderWatch, type ResultOrder } from './order';
import type { WalkMemory } from './state';

/** Share of n8n's poll budget the walk may use before it gives up (the rest is margin). */
const BUDGET_SHARE = 0.8;

/**
 * The time after which a poll stops fetching, from n8n's poll budget (undefined on older n8n),
 * on the monotonic clock: `start` is the poll's `clock.elapsed()`, not its date.
 */
export function pollDeadline(ctx: IPollFunctions, start: number): number | undefined {
	const budget = typeof ctx.getPollBudgetMs === 'function' ? Number(ctx.getPollBudgetMs()) : NaN;
	return Number.isFinite(budget) && budget > 0 ? start + budget * BUDGET_SHARE : undefined;
}

export interface ReadPlan {
	/** True for a contact that cannot be new (older than the floor, or emitted already). */
	isKnown(contact: Contact): boolean;
	/** An order to trust (newest or oldest first): read only the pages that can hold new contacts. */
	order?: ResultOrder;
	/** What the last poll saw: lets an oldest-first read start at the last page. */
	memory?: WalkMemory;
	deadline?: number;
}

/**
 * What a read learned: `order` is set after a full walk only; `inconsistent` when the service's
 * pagination did not add up and the walk stopped early (see WalkEnd): the read is then partial.
 */
export type ReadResult = {
	full: boolean;
	order?: ResultOrder;
	pageSize?: number;
	total?: number;
	inconsistent?: string;
};

type OnPage = (contacts: Contact[]) => void;

/** A `beforeRequest` that stops a walk past the poll's deadline; `what` the walk reads. */
export function deadlineCheck(
	ctx: IPollFunctions,
	deadline: number | undefined,
	what = 'the new contacts',
) {
	return (sent: number) => {
		if (deadline === undefined || getClock().elapsed() <= deadline) return;
		throw new NodeOperationError(
			ctx.getNode(),
			`Reading ${what} took too long (${sent} pages of the search so far)`,
			{
				description:
					'Nothing was emitted and the trigger state was left unchanged; the next poll tries again. If this repeats, too many contacts match the search window: add a sequence filter, lower "Emit Contacts From the Last N Days on Activation", or raise the requests per minute of the credential if the account allows it.',
			},
		);
	};
}

/**
 * Reads the poll's search window. With a trusted order, only the pages up to the first that
 * holds nothing new (docs/trigger.md, "Cheap polls"); if the pages read break that order,
 * or without one, every page, watching the order for the next polls. One page at a time: newer
 * n8n versions abandon a poll after its budget, and the walk stops before that with an error.
 */
export async function readWindow(
	ctx: IPollFunctions,
	conditions: SearchCondition[],
	onPage: OnPage,
	plan: ReadPlan,
): Promise<ReadResult> {
	const beforeRequest = deadlineCheck(ctx, plan.deadline);
	let last: ServedPage | undefined;
	if (plan.order === 'newest') {
		const watch = new OrderWatch();
		let held = true;
		const end = await walkSearchPages(ctx, {
			conditions,
			beforeRequest,
			onPage(contacts, served) {
				held = watch.add(contacts, 'newest') && held;
				last = served;
				onPage(contacts);
			},
			// A page with nothing new ends it: what follows is older still (docs/trigger.md).
			stopAfter: (contacts) => !held || contacts.every((c) => plan.isKnown(c)),
		});
		if (held || end.inconsistent) {
			return {
				full: false,
				pageSize: last?.pageSize,
				total: last?.total,
				inconsistent: end.inconsistent,
			};
		}
	} else if (plan.order === 'oldest' && plan.memory?.pageSize && plan.memory.total !== undefined) {
		const read = await readFromEnd(ctx, conditions, onPage, plan, beforeRequest);
		if (read) return read;
	}
	let watch = new OrderWatch();
	const end = await walkSearchPages(ctx, {
		conditions,
		beforeRequest,
		onPage(contacts, served) {
			if (served.page === 1) watch = new OrderWatch(); // a new pass starts
			watch.add(contacts);
			last = served;
			onPage(contacts);
		},
	});
	if (end.inconsistent) {
		return {
			full: false,
			pageSize: last?.pageSize,
			total: last?.total,
			inconsistent: end.inconsistent,
		};
	}
	return { full: true, order: watch.order, pageSize: last?.pageSize, total: last?.total };
}

/**
 * Oldest first: the newest contacts are on the last pages. Starts at the page that held the
 * last result at the previous poll, reads forward to the current last page, then backward
 * until a page holds nothing new. Contacts leaving the front of the list only move the ones
 * already read to earlier pages, which the backward read still covers.
 * Undefined when the answers do not fit (another page size, the order broken): read it all.
 */
async function readFromEnd(
	ctx: IPollFunctions,
	conditions: SearchCondition[],
	onPage: OnPage,
	plan: ReadPlan,
	beforeRequest: (sent: number) => void,
): Promise<ReadResult | undefined> {
	const size = plan.memory!.pageSize!;
	let sent = 0;
	const read = async (page: number) => {
		beforeRequest(sent++);
		try {
			const result = await searchContacts(ctx, conditions, page, size);
			const served = toWholeNumber(result.pagination?.page_size) ?? size;
			const total = toWholeNumber(result.pagination?.total_contacts);
			return { contacts: result.contacts, fits: served === size, total };
		} catch (error) {
			// Past the end: the list shrank since the last poll (its oldest day left the window).
			if (page > 1 && error instanceof NodeApiError && String(error.httpCode) === '404') {
				return { contacts: [], fits: true, total: undefined };
			}
			throw toNodeError(ctx.getNode(), error);
		}
	};
	const lastOf = (total: number) => Math.max(1, Math.ceil(total / size));
	let start = lastOf(plan.memory!.total!);
	let first = await read(start);
	if (first.fits && first.total === undefined && start > 1) first = await read(1); // past the end: count again
	if (first.fits && first.total !== undefined && start !== Math.min(start, lastOf(first.total))) {
		start = lastOf(first.total); // the list shrank: start at its end
		first = await read(start);
	}
	if (!first.fits || first.total === undefined) return undefined;
	const total = first.total;
	const lastPage = Math.max(1, Math.ceil(total / size));
	const pages = new Map<number, Contact[]>([[start, first.contacts]]);
	for (let page = start + 1; page <= lastPage; page++) {
		const next = await read(page);
		if (!next.fits) return undefined;
		pages.set(page, next.contacts);
	}
	for (let page = start; page > 1 && !pages.get(page)!.every((c) => plan.isKnown(c)); ) {
		page--;
		const previous = await read(page);
		if (!previous.fits) return undefined;
		pages.set(page, previous.contacts);
	}
	const watch = new OrderWatch();
	const ordered = [...pages.keys()]
		.sort((a, b) => a - b)
		.every((page) => watch.add(pages.get(page)!, 'oldest'));
	if (!ordered) return undefined;
	for (const contacts of pages.values()) onPage(contacts);
	return { full: false, pageSize: size, total };
}
