/**
 * leavesOut (shared/orderCheck.ts): a range read from the new end must hold every contact
 * emitted between the handled contact where it stops and its newest; by insertion it may not.
 */
import type { ReadPage } from '../../../nodes/OutreachContact/paging/pageReader';
import { leavesOut } from '../../../nodes/OutreachContact/trigger/shared/orderCheck';
import { createdTime } from '../../../nodes/OutreachContact/trigger/shared/serviceTime';
import type { Contact } from '../../../nodes/OutreachContact/types';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 26, 12, minutes)).toISOString();
const contact = (id: number, minutes: number) =>
	({ id, email: `c${id}@example.com`, created_date: at(minutes) }) as Contact;
const page = (n: number, contacts: Contact[]): ReadPage => ({ page: n, contacts, pageSize: 3 });

/** Emitted: ids 5 (minute 40) and 6 (minute 45); handled: everything up to minute 10. */
const seen: Record<string, number> = { 5: Date.parse(at(40)), 6: Date.parse(at(45)) };
const input = {
	order: 'newest' as const,
	time: createdTime,
	isHandled: (c: Contact) => (createdTime(c) ?? Infinity) <= Date.parse(at(10)),
	seenBetween: (after: number, upTo: number) =>
		Object.keys(seen).filter((id) => seen[id] > after && seen[id] <= upTo),
};

describe('leavesOut', () => {
	it('is false for a range by creation that holds the emitted contacts above where it stops', () => {
		const range = [
			page(1, [contact(8, 50), contact(6, 45), contact(5, 40)]),
			page(2, [contact(7, 30), contact(2, 10), contact(1, 5)]),
		];
		expect(leavesOut(range, input)).toBe(false);
	});

	it('is true when a backfill dated below the handled point ends the range above emitted contacts', () => {
		// By insertion: the newest insertions, then a backfill dated days back (handled: below
		// the floor); the emitted 5 and 6 and what came with them sit behind it.
		const range = [page(1, [contact(9, 55), contact(8, 50), contact(20, -3000)])];
		expect(leavesOut(range, input)).toBe(true);
	});

	it('is false for a range that stops at no handled contact (the end of the list)', () => {
		const range = [page(1, [contact(9, 55), contact(8, 50)])];
		expect(leavesOut(range, input)).toBe(false);
	});
});
