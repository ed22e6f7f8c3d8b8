/**
 * leavesOut (shared/orderCheck.ts): a range must hold every contact emitted between the handled
 * contact where it stops and its newest, and one read from the new end every contact emitted
 * after where it stops; by insertion it may not.
 */
import type { ReadPage } from '../../../nodes/OutreachContact/paging/pageReader';
import { leavesOut } from '../../../nodes/OutreachContact/trigger/shared/orderCheck';
import { createdTime } from '../../../nodes/OutreachContact/trigger/shared/serviceTime';
import type { Contact } from '../../../nodes/OutreachContact/types';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 26, 12, minutes)).toISOString();
const contact = (id: number, minutes: number) =>
	({ id, email: `c${id}@example.com`, created_date: at(minutes) }) as Contact;
const page = (n: number, contacts: Contact[]): ReadPage => ({ page: n, contacts, pageSize: 3 });

/** The ids of `record` (id -> creation time) created after `after` and no later than `upTo`. */
const seenIn = (record: Record<string, number>) => (after: number, upTo: number) =>
	Object.keys(record).filter((id) => record[id] > after && record[id] <= upTo);

/** Emitted: ids 5 (minute 40) and 6 (minute 45); handled: everything up to minute 10. */
const input = {
	order: 'newest' as const,
	time: createdTime,
	isHandled: (c: Contact) => (createdTime(c) ?? Infinity) <= Date.parse(at(10)),
	seenBetween: seenIn({ 5: Date.parse(at(40)), 6: Date.parse(at(45)) }),
};

describe('leavesOut', () => {
	it('is false for a range by creation that holds the emitted contacts above where it stops', () => {
		const range = [
			page(1, [contact(8, 50), contact(6, 45), contact(5, 40)]),
			page(2, [contact(7, 30), contact(2, 10), contact(1, 5)]),
		];
		expect(leavesOut(range, true, input)).toBe(false);
	});

	it('is true when a backfill dated below the handled point ends the range above emitted contacts', () => {
		// By insertion: the newest insertions, then a backfill dated days back (handled: below
		// the floor); the emitted 5 and 6 and what came with them sit behind it.
		const range = [page(1, [contact(9, 55), contact(8, 50), contact(20, -3000)])];
		expect(leavesOut(range, true, input)).toBe(true);
	});

	it('is false for a range that stops at no handled contact (the end of the list)', () => {
		const range = [page(1, [contact(9, 55), contact(8, 50)])];
		expect(leavesOut(range, true, input)).toBe(false);
	});

	it('is true for a range from the new end that holds a backfill only, while emitted contacts are newer', () => {
		// By insertion, oldest first: a backfill dated 30 minutes back was inserted last and fills
		// the new end; the emitted 5 and 6 (minutes 40 and 45) and the contacts waiting with them
		// sit on earlier pages, which a read that stops here never reaches (survey 30).
		const backfill = [page(4, [contact(30, 0), contact(31, 1), contact(32, 2)])];
		expect(leavesOut(backfill, true, { ...input, order: 'oldest' })).toBe(true);
	});

	it('judges a range away from the new end only between where it stops and its newest', () => {
		// Pages 3-4 of a list newest first: the emitted 5 and 6 are newer than the range and may
		// sit on pages 1-2, not read this time.
		const range = [
			page(3, [contact(8, 30), contact(7, 25), contact(4, 20)]),
			page(4, [contact(3, 15), contact(2, 10), contact(1, 5)]),
		];
		expect(leavesOut(range, false, input)).toBe(false);
		// The same range read from the new end leaves them out.
		expect(leavesOut(range, true, input)).toBe(true);
		// One emitted inside its times that it does not hold: behind a backfill (survey 30).
		const walled = [page(3, [contact(8, 50), contact(7, 35), contact(20, -3000)])];
		expect(leavesOut(walled, false, input)).toBe(true);
	});

	it('does not count a contact dated like the newest of a range away from the new end', () => {
		// Contact 6 shares minute 45 with the range's newest: it may sit on the page before.
		const range = [page(3, [contact(9, 45), contact(7, 30), contact(2, 10)])];
		const tied = { ...input, seenBetween: seenIn({ 6: Date.parse(at(45)) }) };
		expect(leavesOut(range, false, tied)).toBe(false);
	});
});
