import type { PageReader, ReadPage } from '../../paging/pageReader';
import type { Contact } from '../../types';
import type { Order, TimeOf } from './serviceTime';

/**
 * The check that the order still holds, spread over polls (docs/trigger.md, "The rolling
 * check"). A cheap poll trusts that nothing new hides behind a page of known contacts; this
 * reads, a few pages a poll, from the new end down to the floor, so that a contact that became
 * searchable late (behind newer ones) is still found while it is above the floor, and a service
 * whose order broke is noticed. `verified` counts positions from the new end already read; new
 * contacts only push the unread ones further from it, so the check skips none.
 */
export interface CheckInput {
	reader: PageReader;
	order: Order;
	time: TimeOf;
	/** Positions from the new end covered so far (0: a new round). */
	checkedTo: number;
	total: number;
	/** Requests this poll may spend on it. */
	requests: number;
	/** True for a contact created before the floor: the round ends at a page of only those. */
	belowFloor(contact: Contact): boolean;
}

export interface CheckResult {
	pages: ReadPage[];
	checkedTo: number;
	ordered: boolean;
}

export async function checkOrder(input: CheckInput): Promise<CheckResult> {
	const { reader, order, total } = input;
	const size = reader.pageSize;
	const pages: ReadPage[] = [];
	let checkedTo = input.checkedTo;
	if (!size || total <= 0) return { pages, checkedTo: 0, ordered: true };
	const start = reader.sent;
	while (reader.sent - start < input.requests) {
		// The page that holds position `verified` from the new end.
		const index = order === 'newest' ? checkedTo : total - 1 - checkedTo;
		const page = Math.floor(index / size) + 1;
		if (index < 0 || index >= total) {
			checkedTo = 0;
			break;
		}
		const read = await reader.read(page);
		if (!read) break;
		pages.push(read);
		if (!keepsOrder([read.contacts], order, input.time))
			return { pages, checkedTo: 0, ordered: false };
		const done =
			read.contacts.length === 0 || read.gone || read.contacts.every((c) => input.belowFloor(c));
		checkedTo = done ? 0 : order === 'newest' ? page * size : total - (page - 1) * size;
		if (done) break;
	}
	return { pages, checkedTo, ordered: true };
}

/**
 * Whether pages (in list order) keep the order: never rising (newest), never falling (oldest).
 * A contact met again on a later page is passed over: pages read a moment apart overlap when
 * contacts were added between them, and the repeat says nothing about the order.
 */
export function keepsOrder(pages: Contact[][], order: Order, time: TimeOf): boolean {
	let last: number | undefined;
	const met = new Set<unknown>();
	for (const page of pages) {
		for (const c of page) {
			if (met.has(c?.id)) continue;
			met.add(c?.id);
			const t = time(c);
			if (t === undefined) continue;
			if (last !== undefined && (order === 'newest' ? t > last : t < last)) return false;
			last = t;
		}
	}
	return true;
}
