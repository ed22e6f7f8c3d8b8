/**
 * Pages of 2 contacts in no order at the activation (survey 330000, the wide draw; simplified:
 * one step, no deletions). Page 1's two contacts happened to fall, and the activation took the
 * list for newest first: the sample was page 1 alone, its older contact (12 hours back) set the
 * cutoff, and the contacts of the 12 hours before the activation came as new. Now the sample reads
 * on until its pages hold ORDER_EVIDENCE contacts (activationSample.ts); here they show no order,
 * and the first walk completes the sample. All three fail on 7f46cec.
 */
import type { Schedule } from '../schedule';
import { base, expectKept, stepsOf } from './case';

const pagesOfTwo: Schedule = {
	...base,
	order: 'unordered',
	cap: 2,
	requestsPerMinute: 31,
	maxPerPoll: 5,
	before: { count: 398, hoursBack: 16 },
	enrich: { percent: 67, maxDelayMinutes: 5 },
	seed: 138352,
	steps: stepsOf([[6, [{ kind: 'import', percent: 197 }]]]),
};

it.each(['newContact', 'contactSnippetsReady', 'contactEnriched'] as const)(
	'%s: pages of 2 in no order are not taken for newest first',
	async (event) => {
		await expectKept({ ...pagesOfTwo, event });
	},
);

// helper-35, attacking 9a20e8a: newest first, pages of 2, Requests per Minute 2 (a share of 1).
// The sample took page 2, read for evidence, into the cutoff (its third newest), and recorded
// page 1's two as there; a backfill dated between them later left a page of those two alone
// between new contacts, and the reads from the boundary went back and forth below it for good
// (4 of 4 never came). Page 1 alone is the sample again. Fails on 9a20e8a.
it('New Contact, newest first, pages of 2, a share of 1: the page read for evidence does not set the cutoff', async () => {
	await expectKept({
		...base,
		order: 'newest',
		cap: 2,
		requestsPerMinute: 2,
		maxPerPoll: 25,
		before: { count: 17, hoursBack: 1 },
		enrich: { percent: 60, maxDelayMinutes: 60 },
		seed: 939811,
		steps: stepsOf([
			[
				5,
				[
					{ kind: 'steady', count: 4 },
					{ kind: 'backfill', count: 1, minutesBack: 10 },
				],
			],
		]),
	});
});

// Pages of 3 in no order (survey 480000, pages of 2 to 9 in no order): page 1's three contacts
// fell by chance (once in 6), and Contact Enriched took the list for newest first: page 1's
// third newest, 85 minutes back, set the cutoff, and a contact enriched 78 minutes before the
// activation came at the first poll. The sample now reads on until its pages hold 6 contacts
// (ORDER_EVIDENCE); page 2 breaks the fall. Fails with ORDER_EVIDENCE 3 (ab0a642).
it('Contact Enriched, pages of 3 in no order: three contacts that fall by chance tell no order', async () => {
	await expectKept({
		...base,
		event: 'contactEnriched',
		order: 'unordered',
		cap: 3,
		requestsPerMinute: 200,
		maxPerPoll: 4,
		before: { count: 88, hoursBack: 2 },
		enrich: { percent: 97, maxDelayMinutes: 600 },
		seed: 578458,
		steps: stepsOf([
			[
				5,
				[
					{ kind: 'ahead', count: 3, hoursAhead: 12 },
					{ kind: 'steady', count: 14 },
					{ kind: 'steady', count: 27 },
				],
			],
			[9, []],
			[9, [{ kind: 'backfill', count: 145, minutesBack: 596 }]],
		]),
	});
});

// The wide survey 795000, schedule 580 (2026-11-29, on 48e3d91; old), shrunk. Pages of 2 in no
// order, Requests per Minute 1: 4 contacts added while the activation read moved the list, pages 2
// to 4 compared one contact between them, and page 1's two and that one happened to fall: the list
// was taken for newest first on three contacts, page 1's older one (18 hours back) set the cutoff,
// and contacts given their snippets hours before the activation came. In a list that moved, the
// sample now needs ORDER_EVIDENCE contacts compared. Fails on 2afaf5f.
it('Contact Snippets Ready, pages of 2 in no order, a share of 1: a list that moved while the sample read is not taken for newest first on three contacts', async () => {
	await expectKept({
		...base,
		event: 'contactSnippetsReady',
		order: 'unordered',
		cap: 2,
		requestsPerMinute: 1,
		maxPerPoll: 1529,
		before: { count: 272, hoursBack: 26 },
		enrich: { percent: 36, maxDelayMinutes: 60 },
		seed: 700218,
		steps: stepsOf([[1, [{ kind: 'whileReading', count: 4, ms: 71257, minutesBack: 0 }]]]),
	});
});
