import type { ReadPage } from '../../paging/pageReader';
import type { Contact } from '../../types';
import { parseCreatedTime } from '../shared/timeRules';

/** Whether pages of a list the service keeps in an order line up: in themselves, and one after another. */

export type Order = 'newest' | 'oldest';

/**
 * Whether pages (in list order) keep the order: never rising (newest), never falling (oldest).
 * A contact met again on a later page is passed over: pages read a moment apart overlap when
 * contacts were added between them, and the repeat says nothing about the order.
 */
export function keepsOrder(pages: Contact[][], order: Order): boolean {
	let last: number | undefined;
	const met = new Set<unknown>();
	for (const page of pages) {
		for (const c of page) {
			if (met.has(c?.id)) continue;
			met.add(c?.id);
			const t = parseCreatedTime(c?.created_date);
			if (t === undefined) continue;
			if (last !== undefined && (order === 'newest' ? t > last : t < last)) return false;
			last = t;
		}
	}
	return true;
}

/**
 * Whether `next`, the page after `prev` read a moment later, goes on from it without a gap: the
 * two share a contact (the list moved by less than a page), or the count did not change. When
 * contacts were deleted between the two reads, the list moved back toward page 1 and the
 * contacts that moved past the end of `prev` were read by neither. (During an import the pages
 * share nothing either; starting the range again then costs a page, not a contact.)
 */
export function follows(prev: ReadPage, next: ReadPage): boolean {
	if (next.gone || next.contacts.length === 0 || prev.contacts.length === 0) return true;
	// Without counts there is no telling: taken as following (pages of a still list never share).
	if (prev.total === undefined || next.total === undefined || prev.total === next.total)
		return true;
	const ids = new Set<unknown>();
	for (const c of prev.contacts) ids.add(c?.id);
	return next.contacts.some((c) => ids.has(c?.id));
}
