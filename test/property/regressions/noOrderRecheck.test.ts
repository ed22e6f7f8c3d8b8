/**
 * Regressions of a walk that records what was there on a list in no order (issue 51, point 3):
 * a contact deleted before the walk's position and one added after it between two of its polls
 * leave the count as it was, and a contact that was there (enriched or given snippets before the
 * activation) moves back onto a page the walk has read; a later walk emitted it. The walk now
 * reads its anchor's page again when it goes on in a new poll, in no order too (walkAnchor.ts,
 * `recheckOnResume`), and one that does not meet its anchor there takes that page whole: in no
 * order no date tells the contacts that moved back onto it (helper-91: at pages of 1 and 2 a
 * deletion or two moves the anchor off it, and going on where the walk stopped left them
 * unread). Moved back a page or more, that page holds none of the anchor page's ids, and the walk
 * reads back for it (helper-92: taken whole, the contacts that moved back past it went unread;
 * the last three schedules). The schedules (noOrderRecheck.json, one a line) come from helper-87's and helper-91's
 * draws of lists in no order (Requests per Minute 1 to 38, pages of 1 to 7, backfills and
 * deletions); each names the commits it fails on.
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
