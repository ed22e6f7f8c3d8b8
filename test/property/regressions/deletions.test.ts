/**
 * Contacts deleted in the service's app (issue 51, point 3): between polls, and while a poll
 * pages. A deleted contact is owed no more; it may have come once, never twice. A walk whose
 * result stands for "what was there" (the activation's first walk of an eligible event, the
 * sample's walk, the walk after an update) must still meet every contact that was there: a list
 * that shrinks between its pages moves contacts onto pages the walk has read
 * (trigger/shared/walkAnchor.ts).
 */
import { size } from '../../support/size';
import type { ListOrder, Schedule, Step } from '../schedule';
import { base, expectKept, stepOf } from './case';

/**
 * Polls every 5 minutes with 3 new contacts between them; before about one poll in ten, 1 to 20
 * contacts are deleted, and while about one poll in four pages, 1 to 4 of the newest.
 */
function deletingSteps(count: number): Step[] {
	return Array.from({ length: count }, (_, i) =>
		stepOf(5, [{ kind: 'steady', count: 3 }], {
			deletions: {
				before: i % 10 === 3 ? 1 + ((i * 7) % 20) : 0,
				during: i % 4 === 1 ? 1 + ((i >> 2) % 4) : 0,
			},
		}),
	);
}

/** The account: 543 contacts over 3 days at the activation, pages of 25. */
const account: Schedule = {
	...base,
	event: 'contactSnippetsReady',
	order: 'newest',
	cap: 25,
	maxPerPoll: 50,
	before: { count: 543, hoursBack: 72 },
	enrich: { percent: 60, maxDelayMinutes: 60 },
	seed: 51,
	steps: deletingSteps(size(40, 80)),
};

describe('contacts deleted while the trigger reads', () => {
	// On 1c40f6f (and on main before walkAnchor.ts): at 8, contacts 473 and 474, which had their
	// snippets 9 hours before the activation, came at poll 15; at 20, contact 398 at poll 7.
	it.each(size([8, 40], [8, 20, 40, 200]))(
		'Contact Snippets Ready, newest first, pages of 25, Requests per Minute %i: a contact that had its snippets at the activation never comes',
		async (requestsPerMinute) => {
			await expectKept({ ...account, requestsPerMinute });
		},
	);

	const events = ['contactSnippetsReady', 'contactEnriched', 'newContact'];
	const orders: ListOrder[] = size(
		['newest', 'oldest', 'unordered'],
		['newest', 'oldest', 'unordered', 'insertionNewest'],
	);
	const cases = events.flatMap((event) =>
		orders.flatMap((order) => size([8], [8, 40]).map((rpm) => [event, order, rpm] as const)),
	);
	it.each(cases)(
		'%s, %s, Requests per Minute %i: every owed contact comes once, none that was there',
		async (event, order, requestsPerMinute) => {
			await expectKept({ ...account, event, order, requestsPerMinute, seed: 52 });
		},
	);
});
