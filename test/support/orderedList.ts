import { PageReader } from '../../nodes/OutreachContact/paging/pageReader';
import { MINUTE_MS, type Order } from '../../nodes/OutreachContact/trigger/shared/serviceTime';
import type { Contact } from '../../nodes/OutreachContact/types';
import { contactAt, FakeSearch, pollContext } from './poll';

/**
 * A list the service keeps in an order, for the tests of the ordered read and its check
 * (test/unit/trigger/orderedRead.test.ts, orderCheck.test.ts): contact `id` was created `id`
 * minutes after T0, so a larger id is newer.
 */

export const T0 = Date.UTC(2026, 2, 10, 9, 0, 0);

export const c = (id: number) => contactAt(id, T0 + id * MINUTE_MS);

export const range = (from: number, to: number) =>
	Array.from({ length: to - from + 1 }, (_, i) => from + i);

export const ids = (contacts: Contact[]) => contacts.map((x) => x.id);

export const pagesOf = (...pages: number[][]) => pages.map((page) => page.map(c));

/** A service listing contacts 1..n in `order`, `cap` a page. */
export function service(n: number, order: Order, cap = 10): FakeSearch {
	const fake = new FakeSearch(order, cap);
	fake.contacts = range(1, n).map(c);
	return fake.install();
}

export const reader = (size?: number, take = () => true) =>
	new PageReader(pollContext, [], size, take);

/** Contacts up to `known` were handled by the earlier polls, without a gap. */
export const knownUpTo = (known: number) => ({
	isKnown: (contact: Contact) => contact.id <= known,
	isHandled: (contact: Contact) => contact.id <= known,
});
