import { NodeOperationError, type IPollFunctions } from 'n8n-workflow';

import type { PageReader, ReadPage } from '../../paging/pageReader';
import { CUTOFF_RANK, OrderWatch, type TimeOf } from './serviceTime';

/**
 * The sample a first activation reads, for either event (docs/trigger.md, "First activation"):
 * a handful of pages, not the window. Its third newest is the cutoff; without an order, the
 * first walk completes it (ledger/sampling.ts).
 */

/** Pages a first activation reads as a sample when the results are in no order. */
export const ACTIVATION_PAGES = 5;

/** Contacts the sample's pages must hold to tell newest first (up to ACTIVATION_PAGES pages). */
export const ORDER_EVIDENCE = 3;

export interface Sample {
	first: ReadPage;
	pages: number;
	/** Undefined when the window must be walked. */
	order?: 'newest' | 'oldest';
	sample: ReadPage[];
	/**
	 * Pages of the window left unread: without an order, or oldest first when the list grew past
	 * the page asked. The first walk completes the sample (ledger/sampling.ts).
	 */
	partial?: boolean;
}

/**
 * Page 1 tells the order; newest first, it holds the newest contacts (with the pages after it when
 * it holds fewer than ORDER_EVIDENCE); oldest first, the last page does (and the one before, when
 * the last holds fewer than CUTOFF_RANK); without an order, the first ACTIVATION_PAGES pages are
 * the sample. At most 3 or ACTIVATION_PAGES reads.
 */
export async function readSample(
	ctx: IPollFunctions,
	reader: PageReader,
	time: TimeOf,
): Promise<Sample> {
	const first = await reader.read(1);
	if (!first) {
		throw new NodeOperationError(ctx.getNode(), 'The trigger could not read the contacts yet', {
			description:
				'Its share of the account (a quarter of Requests per Minute) was used by an earlier poll within the last minute (the last 2 minutes when Requests per Minute is below 8), or leaves less than the 2 requests a first read needs. Activate the workflow again after that; an active workflow tries again at its next poll.',
		});
	}
	const pages = first.pages ?? (first.contacts.length < first.pageSize ? 1 : 2);
	const watch = new OrderWatch(time);
	watch.add(first.contacts);
	const sample: ReadPage[] = [first];
	let seen = pages > 1 ? watch.order : undefined;
	// A list in no order looks ordered by chance on a page of a few contacts (two do half the time;
	// n contacts, 2 in n!). Newest first, the next pages hold the next newest: the sample reads on
	// until its pages hold ORDER_EVIDENCE contacts (survey 330000: pages of 2 in no order taken for
	// newest first, and contacts of the 12 hours before the activation came).
	if (seen === 'newest') {
		let met = first.contacts.length;
		while (met < ORDER_EVIDENCE && sample.length < Math.min(pages, ACTIVATION_PAGES)) {
			const next = await reader.read(sample.length + 1);
			if (!next) break;
			sample.push(next);
			watch.add(next.contacts);
			met += next.contacts.length;
		}
		seen = met >= ORDER_EVIDENCE || sample.length >= pages ? watch.order : undefined;
	}
	if (seen === 'oldest') {
		const last = await reader.read(pages);
		// The list grew past the page asked between the two requests (a minute apart at a small
		// share): contacts inserted before it (a backfill, by creation) may have moved the
		// activation's newest onto pages not read, and the page's third newest let contacts that
		// were there pass for new (survey 320000). The first walk completes the sample; the cutoff
		// the sample sets on its own is still the order's (without a zone, three dated ahead among
		// those added would set it, and the walk never lowers it: helper-33). Dates that do not go
		// on rising from page 1's (a page of a few contacts in no order, or contacts dated ahead
		// added by insertion): no order, and page 1 alone sets the sample's cutoff, for the same reason.
		const grew = last?.pages !== undefined && last.pages > pages;
		const rising = !last || watch.add(last.contacts, 'oldest');
		if (last && (grew || !rising)) {
			const partial = { pages: Math.max(pages, last.pages ?? pages), partial: true };
			if (!rising) return { first, ...partial, sample: [first] };
			return { first, ...partial, order: 'oldest', sample: [first, last] };
		}
		if (last) sample.push(last);
		if (last && last.contacts.length < CUTOFF_RANK && pages > 2) {
			const before = await reader.read(pages - 1);
			if (before) sample.push(before);
			// Refused (a share of 2): page 1's dates, the oldest, must not set the cutoff (every
			// contact between would pass for new). The last page's alone do: the oldest of them.
			else sample.shift();
		}
	}
	if (seen === 'oldest') return { first, pages, order: 'oldest', sample };
	if (seen === 'newest') return { first, pages, order: 'newest', sample };
	for (let page = sample.length + 1; page <= Math.min(pages, ACTIVATION_PAGES); page++) {
		const read = await reader.read(page);
		if (!read) break;
		sample.push(read);
	}
	return { first, pages, sample, partial: sample.length < pages };
}
