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
// 5), reduced: New Contact, newest first, pages of 18, Max Contacts per Poll 1, Emit Contacts From
// the Last 3 Days over 121 contacts. At a share of 2 one contact came every two polls, and 18 of
// 273 had not come within the liveness bound (which counts a poll a contact at Max Contacts per
// Poll 1) on 0331cba.
const e364: Schedule = {
	...base,
	order: 'newest',
	cap: 18,
	maxPerPoll: 1,
	initialDays: 3,
	before: { count: 121, hoursBack: 24 },
	seed: 112568,
	steps: [stepOf(5, [{ kind: 'steady', count: 6 }])],
};

/** The polls of the case, checked against `polls(required)`, which counts the contacts that must come. */
async function expectPolls(schedule: Schedule, polls: (required: number) => number) {
	const outcome = await runSchedule(schedule);
	expect(outcome.problems).toEqual([]);
	expect(outcome.required).toBeGreaterThan(100);
	expect(outcome.polls).toBeLessThanOrEqual(polls(outcome.required));
}

// A contact a poll, besides the activation, the polls that reach the N days' oldest pages and the
// drain's closing quiet polls: 134 polls for 127 contacts, 221 on 0331cba.
it('newest first, a share of 2, Max Contacts per Poll 1: a contact every poll while the N days wait', async () => {
	await expectPolls({ ...e364, requestsPerMinute: 8 }, (required) => required + 20);
});

// A share of 1 sends a step of 2 requests every second poll, and the poll between sends none; that
// poll dropped the mark, and the next read the pages before the boundary again (helper-65): 433
// polls for 127 contacts on 38a00be, 261 now.
it('newest first, a share of 1, Max Contacts per Poll 1: a contact every second poll, a poll that sends nothing keeps the mark', async () => {
	await expectPolls({ ...e364, requestsPerMinute: 4 }, (required) => 2 * required + 20);
});
