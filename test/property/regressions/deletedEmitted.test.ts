/**
 * Contacts emitted, then deleted in the service's app. A range must hold every contact emitted in
 * its times (`leftOut`): one it does not hold showed a list by insertion, and the trigger walked
 * the whole window. A deleted one is missing too: before the lookup (leftOutLookup.ts), each such
 * deletion set off a walk, and while the deleted contacts stayed above the handled point every
 * poll after the walk met them missing again and walked again (7 requests every other poll here,
 * on 961b582; in the deletions draw of the surveys 83 of 87 such walks were set off by deletions,
 * survey 2050000). Now the poll looks each up by id (GET /contact/<id>/); a 404 for each, with
 * a contact the range holds answered as there, keeps the order, and the state keeps them as deleted
 * so that the next polls do not look them up again (helper-60: without it, every quiet poll
 * did). New Contact newest first, pages of 5: 6 contacts emitted at one poll, the 2 newest
 * deleted while the next poll reads.
 */
import { runSchedule } from '../scheduleRunner';
import { base, stepOf } from './case';

it('New Contact: contacts emitted and deleted since are looked up, and the order stays (no walk)', async () => {
	const outcome = await runSchedule({
		...base,
		cap: 5,
		steps: [
			stepOf(2, [{ kind: 'burst', count: 6 }]),
			stepOf(2, [], { deletions: { before: 0, during: 2 } }),
			stepOf(2, [{ kind: 'steady', count: 3 }]),
			stepOf(2, [{ kind: 'steady', count: 3 }]),
		],
	});
	expect(outcome.problems).toEqual([]);
	// The 2 deleted contacts are looked up once each (404), with a contact the range holds as
	// the control (200), in one poll; the polls after need not look them up again (`deleted`).
	const gets = outcome.received.filter((r) => r.request.startsWith('GET /contact/'));
	expect(gets.map((r) => r.status)).toEqual([404, 404, 200]);
	expect(new Set(gets.map((r) => r.poll)).size).toBe(1);
	// A quiet poll costs 2 requests, a poll with new contacts 3, a lookup 1 more and its control
	// 1; a walk of the window took 7.
	const perPoll = new Map<number, number>();
	for (const r of outcome.received) perPoll.set(r.poll, (perPoll.get(r.poll) ?? 0) + 1);
	expect(Math.max(...perPoll.values())).toBeLessThanOrEqual(5);
});
