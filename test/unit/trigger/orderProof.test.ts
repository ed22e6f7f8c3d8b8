import { disproved } from '../../../nodes/OutreachContact/trigger/shared/ledger/orderProof';
import type { OrderedSample } from '../../../nodes/OutreachContact/trigger/shared/ledger/shapes';
import { createdTime, MINUTE_MS } from '../../../nodes/OutreachContact/trigger/shared/serviceTime';
import { contactAt } from '../../support/poll';
import type { ReadPage } from '../../../nodes/OutreachContact/paging/pageReader';

const activation = Date.UTC(2026, 10, 30, 12, 0, 0);
const at = (minutes: number) => activation + minutes * MINUTE_MS;
/** Page `page` of pages of 2 holding contacts dated `minutes` from the activation. */
const pageAt = (page: number, minutes: number[]): ReadPage => ({
	page,
	pageSize: 2,
	contacts: minutes.map((m, i) => contactAt(page * 10 + i, at(m))),
});
/** The activation's sample of 7 contacts (4 pages of 2) that took an order. */
const sample = (order: 'newest' | 'oldest', total?: number): OrderedSample => ({
	from: activation,
	tops: [at(-10), at(-20), at(-30)],
	days: 4,
	order,
	...(total === undefined ? {} : { total }),
});
const read = (pages: ReadPage[]) => ({ pages, cutoff: at(-30), time: createdTime });

describe("the first walk's proof of the order the sample took (orderProof.ts, disproved)", () => {
	it('newest first: only a rise disproves it', () => {
		expect(disproved(sample('newest', 7), { rises: true }, read([]))).toBe(true);
		expect(disproved(sample('newest', 7), { falls: true }, read([]))).toBe(false);
		// A contact above the cutoff on page 2 is one created since, newest first: not a disproof.
		expect(disproved(sample('newest', 7), {}, read([pageAt(2, [5, -40])]))).toBe(false);
	});

	it('oldest first: a fall, or a contact above the cutoff before the last page the activation counted', () => {
		expect(disproved(sample('oldest', 7), { falls: true }, read([]))).toBe(true);
		// Page 2 of 4 holds a contact dated above the cutoff: contacts added later land after it.
		expect(disproved(sample('oldest', 7), {}, read([pageAt(2, [-50, -5])]))).toBe(true);
		// On the last page (4 of 7 in pages of 2) or after it: contacts created since.
		expect(disproved(sample('oldest', 7), {}, read([pageAt(4, [-30, 5])]))).toBe(false);
		expect(disproved(sample('oldest', 7), {}, read([pageAt(5, [6, 7])]))).toBe(false);
		expect(disproved(sample('oldest', 7), {}, read([pageAt(2, [-50, -40])]))).toBe(false);
	});

	it('oldest first without the activation count: any contact above the cutoff disproves it', () => {
		// No page is known to lie before the last. Taking the falls alone (helper-57's proposal) let
		// a contact that was there come from a list in no order whose pages rose by chance
		// (helper-59); a real order pays a walk for nothing instead.
		expect(disproved(sample('oldest'), {}, read([pageAt(2, [-50, -5])]))).toBe(true);
		expect(disproved(sample('oldest'), {}, read([pageAt(5, [6, 7])]))).toBe(true);
		expect(disproved(sample('oldest'), {}, read([pageAt(2, [-50, -40])]))).toBe(false);
	});
});
