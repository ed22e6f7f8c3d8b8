/**
 * Regressions of a walk that records what was there on a list in no order (issue 51, point 3):
 * a contact deleted before the walk's position and one added after it between two of its polls
 * leave the count as it was, and a contact that was there (enriched or given snippets before the
 * activation) moves back onto a page the walk has read; a later walk emitted it. The walk now
 * reads its anchor's page again when it goes on in a new poll, in no order too (walkAnchor.ts,
 * `recheckOnResume`). The schedules (noOrderRecheck.json, one a line) are helper-87's, from its
 * draws of lists in no order at Requests per Minute 8 to 36, pages of 2 to 7, backfills and
 * deletions; each fails on fc6ac2b and before.
 */
import type { Schedule } from '../schedule';
import { expectKept } from './case';
import cases from './noOrderRecheck.json';

describe('a walk that records what was there, on a list in no order', () => {
	it.each(cases.map((c) => [c.name, c.found, c.schedule as Schedule] as const))(
		'%s (%s)',
		async (_name, _found, schedule) => {
			await expectKept(schedule);
		},
	);
});
