/**
 * Newest first, a poll that leaves Max Contacts per Poll or more waiting stores the boundary at its
 * range's newest page (`Boundary.full`): the next poll reads from that page on, toward the handled
 * contacts, not the pages before it, which hold newer contacts it could not emit before the older
 * ones. Read from the pages before it, a share of 2 ran out one page short of the handled contacts
 * at every second poll.
 */
import type { Schedule } from '../schedule';
import { runSchedule } from '../scheduleRunner';
import { base, stepOf } from './case';

// helper-64's E364 (a draw of its own at Requests per Minute 4 to 11, Max Contacts per Poll 1 to
// 5), reduced: New Contact, newest first, pages of 18, a share of 2, Max Contacts per Poll 1, Emit
// Contacts From the Last 3 Days over 121 contacts. One contact came every two polls, and 18 of
// 273 had not come within the liveness bound (which counts a poll a contact at Max Contacts per
// Poll 1) on 0331cba. This reduced case: 134 polls for 127 contacts now, 221 on 0331cba.
it('newest first, a share of 2, Max Contacts per Poll 1: a contact every poll while the N days wait', async () => {
	const schedule: Schedule = {
		...base,
		order: 'newest',
		cap: 18,
		requestsPerMinute: 8,
		maxPerPoll: 1,
		initialDays: 3,
		before: { count: 121, hoursBack: 24 },
		seed: 112568,
		steps: [stepOf(5, [{ kind: 'steady', count: 6 }])],
	};
	const outcome = await runSchedule(schedule);
	expect(outcome.problems).toEqual([]);
	// A contact a poll, besides the activation, the polls that reach the N days' oldest pages and
	// the drain's closing quiet polls.
	expect(outcome.polls).toBeLessThanOrEqual(outcome.required + 20);
	expect(outcome.required).toBeGreaterThan(100);
});
