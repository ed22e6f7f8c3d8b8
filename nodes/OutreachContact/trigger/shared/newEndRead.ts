import type { PageReader, ReadPage } from '../../paging/pageReader';
import type { Contact } from '../../types';
import type { RequestBudget } from './budget';
import { CHEAP_PAGES } from './orderedRead';

/** What an eligible event's poll needs to read the new end of a list in an order. */
export interface NewEndInput {
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

export interface NewEndRead {
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
 * 2 every poll, at larger shares polls less than a minute apart) and stops the read on a page of
 * contacts still waiting has the next such poll go on from the page after it, with the pages the
 * read had left (TriggerMemory.newEndRead): so the three pages are those from the newest when the
 * read began, however the list grew since. Contacts given snippets 10 minutes late sat 2 pages
 * deep and waited a walk of the window (33 minutes; open schedules, item 23); counted from the
 * newest at each poll, the read's third page was lost to a page added at the end between two
 * polls, and contacts the activation's first walk read while they waited sat on it until the walk
 * came back (polls 30 s apart: 47 minutes, 83 at most); decided by the share (1 or 2) instead of
 * the poll's requests, polls 30 s apart on a share of 5 read from the newest again each time and
 * reached the third page at few polls (median 22 minutes). A poll that can send the three pages
 * reads from the newest. A read stops after at most CHEAP_PAGES pages over its polls, and never
 * reads past the list's end.
 */
export async function readNewEnd(input: NewEndInput): Promise<NewEndRead> {
	const { reader, budget, newest, wants, isKnown, waits } = input;
	const walkTurn = budget.takeWalkTurn();
	const carries = budget.left() < CHEAP_PAGES + (walkTurn ? input.walkPages : 0);
	const pageAt = (k: number) => (newest ? 1 + k : (input.lastPage ?? 1) - k);
	const kept = carries ? budget.newEndRead : undefined;
	// Where the read starts, counted from the newest, and where it ends (one past its last page).
	const first = kept === undefined ? 0 : newest ? kept.page - 1 : (input.lastPage ?? 1) - kept.page;
	const from = Math.max(0, first);
	const end = kept === undefined || first < 0 ? CHEAP_PAGES : from + kept.pages;
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
		// Read on from here at the next poll, unless the read stops here (share) with contacts
		// waiting and a page after this one.
		const deeper = newest ? read.pages === undefined || page < read.pages : page > 1;
		next = waitsHere && deeper && !last ? k + 1 : undefined;
		const arrives = read.contacts.some((c) => wants(c) && !isKnown(c));
		waiting = last && (waitsHere || arrives);
		// A page of contacts the event does not want yet tells nothing: the read goes on.
		const wanted = read.contacts.length === 0 || read.contacts.some(wants);
		if (wanted && read.contacts.every(isKnown) && !waitsHere) break;
	}
	// Kept only where a request was refused (the share), not where the read ended; a poll that read
	// nothing (held back) keeps it for the next.
	if (pages.length > 0) {
		budget.newEndRead =
			carries && cut && next !== undefined ? { page: pageAt(next), pages: end - next } : undefined;
	}
	return { pages, waiting, ...(third ? { third } : {}) };
}
