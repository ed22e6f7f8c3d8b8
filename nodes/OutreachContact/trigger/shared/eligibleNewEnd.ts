import type { PageReader, ReadPage } from '../../paging/pageReader';
import type { Contact } from '../../types';
import type { RequestBudget } from './budget';
import { CHEAP_PAGES } from './orderedRead';

/** What an eligible event's poll needs to read the new end of a list in an order. */
export interface EligibleNewEndInput {
	reader: PageReader;
	budget: RequestBudget;
	newest: boolean;
	/** The walk's window's last page, as the state last stored it (oldest first, the new end). */
	lastPage?: number;
	wants(contact: Contact): boolean;
	isKnown(contact: Contact): boolean;
	/** Whether a contact the event does not want yet counts as waiting (WAITING_MS). */
	waits(contact: Contact): boolean;
	/** The requests the walk's turn leaves it (WALK_PAGES_WITH_ORDER). */
	walkPages: number;
}

export interface EligibleNewEnd {
	pages: ReadPage[];
	/** Whether the read's last page of three still held waiting or new wanted contacts. */
	waiting: boolean;
	/** The read's last page of three, if it got there. */
	third?: ReadPage;
}

/**
 * The new end's read: up to CHEAP_PAGES pages from the newest, until a page that holds a wanted
 * contact (or none) is all known and none waits. Every other poll it leaves the walk a request
 * (RequestBudget.takeWalkTurn): on a share of 2, pages of contacts waiting for their snippets took
 * both requests for 2 hours, and the walk, which hands `since` on, stood still (a survey, seed
 * 8100).
 *
 * A poll that cannot send the three pages (and the walk's request at its turn: at a share of 1 or
 * 2 every poll that reads, at a share of 3 the walk's turns, at larger shares polls less than a
 * minute apart) and stops the read short on a page of contacts still waiting has the next poll
 * that reads go on from the page after it, with the pages the read had left
 * (TriggerMemory.newEndRead): oldest first, the three pages are those from the
 * newest when the read began, whatever was added at the end since (newest first, contacts added
 * in front push the pages on, and the read goes on by page number). Contacts given snippets 10
 * minutes late sat 2 pages deep and waited a walk of the window (33 minutes; open schedules, item
 * 23); counted from the newest at each poll, the read's third page was lost to a page added at
 * the end between two polls, and contacts the activation's first walk read while they waited sat
 * on it until the walk came back (polls 30 s apart: up to 83 minutes, now 14; the median stayed
 * about a minute); decided by the share (1 or 2) instead of the poll's requests, polls 30 s apart
 * on a share of 5 read from the newest again each time and reached the third page at few polls
 * (median 22 minutes). The cost (helper-77): the page so read is one the walk does not get, and at
 * a share of 2, oldest first, contacts given snippets 30 minutes late (beyond the three pages:
 * only the walk meets them) came in 56 minutes (median) instead of 39. A poll that can send the
 * three pages reads from the newest, and so does one whose place lies more than a page past them
 * (the list grew that much, or the place is another event's: the memory is the node's). A read
 * stops after at most CHEAP_PAGES pages over its polls. Oldest first it reads no page before the
 * first; newest first it may ask for a page past a short list's end (helper-77: 58 of 181
 * requests, 2 pages of contacts that never get snippets): stopping there, enrichedSimulation's
 * schedule no longer met a contact enriched between two requests of a poll.
 */
export async function readEligibleNewEnd(input: EligibleNewEndInput): Promise<EligibleNewEnd> {
	const { reader, budget, newest, wants, isKnown, waits } = input;
	const walkTurn = budget.takeWalkTurn();
	const carries = budget.left() < CHEAP_PAGES + (walkTurn ? input.walkPages : 0);
	const pageAt = (k: number) => (newest ? 1 + k : (input.lastPage ?? 1) - k);
	const kept = carries ? budget.newEndRead : undefined;
	// Where the read starts, counted from the newest, and where it ends (one past its last page).
	const at = kept === undefined ? 0 : newest ? kept.page - 1 : (input.lastPage ?? 1) - kept.page;
	const goesOn = kept !== undefined && at >= 0 && at <= CHEAP_PAGES;
	const from = goesOn ? at : 0;
	const end = goesOn ? from + kept.left : CHEAP_PAGES;
	const pages: ReadPage[] = [];
	let next: number | undefined;
	let cut = false;
	let waiting = false;
	let third: ReadPage | undefined;
	for (let k = from; k < end; k++) {
		cut = k > from && walkTurn && budget.left() <= input.walkPages;
		if (cut) break;
		const page = pageAt(k);
		const read = page >= 1 ? await reader.read(page) : undefined;
		cut = page >= 1 && !read;
		if (!read) break;
		pages.push(read);
		const last = k === end - 1;
		if (last) third = read;
		const waitsHere = read.contacts.some((c) => !wants(c) && waits(c));
		// The next poll reads on from the page after this one if the read stops here (the share)
		// with contacts waiting on it and a page after it.
		const deeper = newest ? read.pages === undefined || page < read.pages : page > 1;
		next = waitsHere && deeper && !last ? k + 1 : undefined;
		const arrives = read.contacts.some((c) => wants(c) && !isKnown(c));
		waiting = last && (waitsHere || arrives);
		// A page of contacts the event does not want yet tells nothing: the read goes on.
		const wanted = read.contacts.length === 0 || read.contacts.some(wants);
		if (wanted && read.contacts.every(isKnown) && !waitsHere) break;
	}
	// Kept only where the read stopped short of a page (the share refused its request, or the
	// walk's turn kept it), not where the read ended; a poll that read nothing (held back) keeps it
	// for the next.
	if (pages.length > 0) {
		budget.newEndRead =
			carries && cut && next !== undefined ? { page: pageAt(next), left: end - next } : undefined;
	}
	return { pages, waiting, ...(third ? { third } : {}) };
}
