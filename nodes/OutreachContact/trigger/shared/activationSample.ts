import { NodeOperationError, type IPollFunctions } from 'n8n-workflow';

import type { PageReader, ReadPage } from '../../paging/pageReader';
import { keepsOrder } from './orderCheck';
import { CUTOFF_RANK, OrderWatch, type TimeOf } from './serviceTime';

/**
 * The sample a first activation reads, for either event (docs/trigger.md, "First activation"):
 * a handful of pages, not the window. Its third newest is the cutoff; without an order, the
 * first walk completes it (ledger/sampling.ts).
 */

/** Pages a first activation reads as a sample when the results are in no order. */
export const ACTIVATION_PAGES = 5;

/**
 * Contacts the sample's pages must hold to tell newest first (up to ACTIVATION_PAGES pages): six
 * fall in order by chance once in 720 in a list in no order (three did once in six; pages of 2
 * to 9 in no order, survey 480000: 33 of 2,000 schedules let contacts from before the activation
 * in at 3, 12 at 6).
 */
export const ORDER_EVIDENCE = 6;

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
	/**
	 * No order, from page 1 and the last pages of a list that looked oldest first until one of
	 * them, read after the list moved, broke it: the cutoff guards against contacts added on them
	 * as oldest first (ledger/activationCutoff.ts).
	 */
	ends?: true;
	/**
	 * What was compared passes by chance no more often than ORDER_EVIDENCE contacts in one list
	 * (`chance`). Less (pages of 2 at a share of 1 or 2), the ledger keeps the sample until a read
	 * proves the order (ledger/orderProof.ts); with N days the order is not taken.
	 */
	proved?: true;
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
	let suggested = pages > 1 ? watch.order : undefined;
	// Pages read after page 1 set the cutoff only in a list that did not move meanwhile (the same
	// count): a minute apart at a share of 1, contacts added between put other contacts on them
	// (a backfill, dates ahead), and taking them lost contacts or let old ones in (helper-34).
	const still = (p: ReadPage | undefined) => p !== undefined && p.total === first.total;
	// A list in no order looks ordered by chance on a page of a few contacts (two do half the
	// time). Newest first, the next pages hold the next newest: the sample reads on until they hold
	// ORDER_EVIDENCE contacts, and pages that break the order mean no order (survey 330000: pages
	// of 2 in no order taken for newest first, and contacts of 12 hours before the activation came).
	// A page of a list that grew meanwhile tells the order too, but only from its contact `grew` on
	// (grew: how far the count grew since page 1): those before may be contacts added above the
	// pages read (dated ahead, by insertion after a later one: helper-41), and such a page never
	// enters the sample. (Stopping at such a page took page 1's two for newest first; survey
	// 440000: a list in no order, and with N days the two oldest of the days were lost.) A request
	// refused ends the reading: at a share of 2, pages 1 and 2 are the evidence. Only page 1 sets
	// the cutoff.
	let readTo = 1;
	let comparedCount = first.contacts.length;
	// The order is proved where a list in no order would pass what was compared no more often than
	// ORDER_EVIDENCE contacts in one list do (once in 720). Newest first every page read joins one
	// list (`comparedCount`); oldest first a page from a list that moved is compared within itself alone, and
	// lists of n1 and n2 contacts pass one time in n1! n2! (helper-57: its contacts counted as
	// compared with page 1's).
	const provedBy = (...lists: number[]) =>
		chance(lists) <= chance([ORDER_EVIDENCE]) ? { proved: true as const } : {};
	const len = (p: ReadPage | undefined) => p?.contacts.length ?? 0;
	/** Page 1, and the pages compared with it (read from a list that stood still), as one list. */
	let withFirst = len(first);
	const apart: number[] = [];
	if (suggested === 'newest') {
		let broken = false;
		let moved = false;
		while (comparedCount < ORDER_EVIDENCE && readTo < Math.min(pages, ACTIVATION_PAGES)) {
			const next = await reader.read(++readTo);
			if (!next) break;
			const grew = still(next) ? 0 : Math.max(0, (next.total ?? 0) - (first.total ?? Infinity));
			moved ||= !still(next);
			const compared = next.contacts.slice(grew);
			if (still(next)) {
				sample.push(next);
				watch.add(compared);
			} else broken ||= !new OrderWatch(time, watch.snapshot()).add(compared, 'newest');
			comparedCount += compared.length;
		}
		// In a list that moved while the sample read, fewer than ORDER_EVIDENCE compared is no order:
		// pages from a list grown past them compare nothing, and page 1's two contacts and one of
		// page 2, falling by chance one time in six, took a list in no order for newest first (pages
		// of 2 at a share of 1, 4 contacts added while the sample read: contacts of 9 hours before
		// the activation came). In a still list the pages a small share could read stay the
		// evidence: walking instead, pages of 2 at a share of 2 never caught up with an import.
		const enough = comparedCount >= ORDER_EVIDENCE || readTo >= pages || !moved;
		if (watch.order !== 'newest' || broken || !enough) suggested = undefined;
	}
	if (suggested === 'oldest') {
		const last = await reader.read(pages);
		// In a still list, dates that do not go on rising from page 1's: no order (as above). In
		// one that moved too, dates that fall within the page: one answer lists one moment. By
		// insertion, a contact dated 2 hours back added while the sample read ended the last page
		// of 3, and its date, as the third newest, let contacts of those 2 hours in (helper-46).
		// The cutoff then guards against contacts added on it as oldest first (`ends`): page 1
		// alone set it among the oldest dates, and contacts of 33 hours before the activation came
		// (helper-48); the page plainly, contacts dated ahead among those added would (helper-33).
		const inOrder = (p: ReadPage) => keepsOrder([p.contacts], 'oldest', time);
		if (last && still(last) && !watch.add(last.contacts, 'oldest'))
			return { first, pages, sample: [first, last], partial: true };
		if (last && !inOrder(last))
			return { first, pages, sample: [first, last], partial: true, ends: true };
		if (last) sample.push(last);
		if (last && still(last)) withFirst += len(last);
		else if (last) apart.push(len(last));
		if (last && last.contacts.length < CUTOFF_RANK && pages > 2) {
			const before = await reader.read(pages - 1);
			// The three pages read must rise as one list: with pages of 2 in no order, page 1 and the
			// last rose, the page before fell below both, and contacts of 44 hours back came.
			const three = [first, before, last].map((p) => p?.contacts ?? []);
			if (before && still(before) && still(last) && !keepsOrder(three, 'oldest', time))
				return { first, pages, sample: [first, before, last], partial: true };
			if (before && !inOrder(before))
				return { first, pages, sample: [first, before, last], partial: true, ends: true };
			// Read after the last page at another count: a contact inserted before them (by creation,
			// or one an eligible event's search gained) moved one from this page onto the last, read
			// already, and no read met it (helper-58, a2-5: Contact Enriched by insertion, pages of 3,
			// a share of 1; a contact enriched 102 minutes before the activation came). The first
			// walk completes the sample. The order stands (with N days it is kept, as for a list grown
			// past the page asked).
			if (before && last && before.total !== last.total) {
				const evidence = provedBy(withFirst, ...apart, len(before));
				return {
					first,
					pages,
					order: 'oldest',
					sample: [...sample, before],
					partial: true,
					...evidence,
				};
			}
			if (before) sample.push(before);
			if (before && still(before) && still(last)) withFirst += len(before);
			else if (before) apart.push(len(before));
			// Refused (a share of 2): page 1's dates, the oldest, must not set the cutoff (every
			// contact between would pass for new). The last page's alone do: the oldest of them.
			else sample.shift();
		}
		// The list grew past the page asked between the two requests: contacts inserted before it
		// (a backfill, by creation) may have moved the activation's newest onto pages not read, and
		// the page's third newest let contacts that were there pass for new (survey 320000). The
		// first walk completes the sample; the cutoff the sample sets on its own, which the walk
		// only raises, stays the order's (taken plainly, three dated ahead among those added,
		// without a zone, set it an hour past the activation: helper-33).
		// The page before the last counts too: read a minute after the last at a share of 1, it may
		// be a middle page of a list an import grew meanwhile (helper-38: 9 contacts, then 42; page 4
		// held a backfill dated a day back, which set the cutoff and came).
		const grown = Math.max(...sample.map((p) => p.pages ?? pages));
		// Grown onto one page more: read at the last page's count, the page after it holds what
		// moved past it, and the two cover every place the activation's newest can be (without
		// deletions, as the page asked does when the list grows within it). Walking the window
		// instead, for a contact or two arriving between the requests at 10,000 a day, took 12
		// polls of the share and delayed contacts 14 minutes (`npm run bench -- trigger`). Not at a
		// share of 1: the request is refused, and the walk completes the sample.
		if (grown === pages + 1 && last?.pages === grown && sample.length === 2) {
			const next = await reader.read(grown);
			const joined = next?.total === last.total;
			if (next && joined && keepsOrder([last.contacts, next.contacts], 'oldest', time))
				return {
					first,
					pages: grown,
					order: 'oldest',
					sample: [...sample, next],
					// The last page is from a list that moved: it and the next compare as one list.
					...provedBy(withFirst, len(last) + len(next)),
				};
		}
		// Its evidence goes with it: with N days an order not proved is not taken (helper-59: a grown
		// list that kept the ordered read walked instead).
		if (grown > pages) {
			const evidence = provedBy(withFirst, ...apart);
			return { first, pages: grown, order: 'oldest', sample, partial: true, ...evidence };
		}
	}
	if (suggested === 'oldest')
		return { first, pages, order: 'oldest', sample, ...provedBy(withFirst, ...apart) };
	// The pages read for evidence tell the order alone: page 1 stays the sample. With pages of 2,
	// page 2's third newest as the cutoff recorded page 1's two as there; a page of those alone
	// later stood between new contacts, and a share of 2 never got past it (helper-35).
	if (suggested === 'newest')
		return { first, pages, order: 'newest', sample: [first], ...provedBy(comparedCount) };
	for (let page = readTo + 1; page <= Math.min(pages, ACTIVATION_PAGES); page++) {
		const read = await reader.read(page);
		if (!read) break;
		sample.push(read);
	}
	// A list that moved while the sample read moved contacts past its pages unread: the first walk
	// completes the sample. Taken as whole, pages of 4 in no order at a share of 1, with 7
	// backfills arriving while it read, missed the second newest, the cutoff fell 3.5 hours below
	// it, and a backfill of those hours came (helper-92). Only the count tells that it moved: a
	// contact deleted from a page read and one added elsewhere cancel out (helper-94), as for
	// every page compared by its count (`still`).
	return { first, pages, sample, partial: sample.length < pages || !sample.every(still) };
}

/** How often a list in no order passes `lists` of n1, n2 ... contacts as ordered: 1 / (n1! n2! ...). */
function chance(lists: number[]): number {
	let odds = 1;
	for (const n of lists) for (let k = 2; k <= n && odds > 0; k++) odds /= k;
	return odds;
}
