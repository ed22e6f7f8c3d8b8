/**
 * leftOut (shared/orderCheck.ts): the contacts a range leaves out that it must hold. A range holds
 * every contact emitted between the handled contact where it stops and its newest, and one read
 * from the new end every contact emitted after where it stops; by insertion it may not, and a
 * contact deleted since is missing too (the poll looks them up: leftOutLookup.test.ts).
 */
import type { ReadPage } from '../../../nodes/OutreachContact/paging/pageReader';
import { leftOut } from '../../../nodes/OutreachContact/trigger/shared/orderCheck';
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

describe('leftOut', () => {
	it('is empty for a range by creation that holds the emitted contacts above where it stops', () => {
		const range = [
			page(1, [contact(8, 50), contact(6, 45), contact(5, 40)]),
			page(2, [contact(7, 30), contact(2, 10), contact(1, 5)]),
		];
		expect(leftOut(range, true, input)).toEqual([]);
	});

	it('names them when a backfill dated below the handled point ends the range above emitted contacts', () => {
		// By insertion: the newest insertions, then a backfill dated days back (handled: below
		// the floor); the emitted 5 and 6 and what came with them sit behind it.
		const range = [page(1, [contact(9, 55), contact(8, 50), contact(20, -3000)])];
		expect(leftOut(range, true, input)).toEqual(['5', '6']);
	});

	it('is empty for a range that stops at no handled contact (the end of the list)', () => {
		const range = [page(1, [contact(9, 55), contact(8, 50)])];
		expect(leftOut(range, true, input)).toEqual([]);
	});

	it('names them for a range from the new end that holds a backfill only, while emitted contacts are newer', () => {
		// By insertion, oldest first: a backfill dated 30 minutes back was inserted last and fills
		// the new end; the emitted 5 and 6 (minutes 40 and 45) and the contacts waiting with them
		// sit on earlier pages, which a read that stops here never reaches (survey 30).
		const backfill = [page(4, [contact(30, 0), contact(31, 1), contact(32, 2)])];
		expect(leftOut(backfill, true, { ...input, order: 'oldest' })).toEqual(['5', '6']);
	});

	it('judges a range away from the new end only between where it stops and its newest', () => {
		// Pages 3-4 of a list newest first: the emitted 5 and 6 are newer than the range and may
		// sit on pages 1-2, not read this time.
		const range = [
			page(3, [contact(8, 30), contact(7, 25), contact(4, 20)]),
			page(4, [contact(3, 15), contact(2, 10), contact(1, 5)]),
		];
		expect(leftOut(range, false, input)).toEqual([]);
		// The same range read from the new end leaves them out.
		expect(leftOut(range, true, input)).toEqual(['5', '6']);
		// One emitted inside its times that it does not hold: behind a backfill (survey 30).
		const walled = [page(3, [contact(8, 50), contact(7, 35), contact(20, -3000)])];
		expect(leftOut(walled, false, input)).toEqual(['5', '6']);
	});

	it('does not count a contact dated like the newest of a range away from the new end', () => {
		// Contact 6 shares minute 45 with the range's newest: it may sit on the page before.
		const range = [page(3, [contact(9, 45), contact(7, 30), contact(2, 10)])];
		const tied = { ...input, seenBetween: seenIn({ 6: Date.parse(at(45)) }) };
		expect(leftOut(range, false, tied)).toEqual([]);
	});
});
