import { PageReader, type ReadPage } from '../../paging/pageReader';
import type { Contact } from '../../types';
import type { EventPollFunction } from './eventPoll';
import { viewOf } from './ledger/candidates';
import {
	activatedEligible,
	MAX_ELIGIBLE_WIDENED,
	newEligibleWalk,
	settleEligible,
} from './ledger/eligible';
import { FIRST_RUN_LOOKBACK_MS } from './ledger/ledger';
import { CHEAP_PAGES } from './orderedRead';
import { readEligibleNewEnd } from './eligibleNewEnd';
import { DAY_MS, FUTURE_TOLERANCE_MS, HOUR_MS, pollWindow } from './serviceTime';
import { readSample } from './activationSample';
import type { EligibleState } from './ledger/shapes';
import { walkStep } from './walk';
import { newerThanRange, readBacklogRange, withoutLater } from './backlogRange';

/**
 * Pages of the walk a poll reads when the new end is read too (an order is known) and nothing
 * waits: a quiet poll costs 2 requests.
 */
export const WALK_PAGES_WITH_ORDER = 1;

/**
 * How long after its creation a contact the event does not want yet counts as waiting (for its
 * snippets, say). The new end's read goes on past a page that holds one. When its three pages
 * end while waiting contacts, or new ones the event wants, still fill them, more may wait beyond
 * them: the walk then reads as much as the poll's share allows, so that a contact made eligible
 * beyond the new end comes within a walk of the window (issue 51, point 4). A contact that never
 * becomes eligible stops counting after this; past it, the walk reads WALK_PAGES_WITH_ORDER a poll.
 */
export const WAITING_MS = 2 * HOUR_MS;

/**
 * One poll of an event that wants each contact once, when it becomes eligible (its table entry's
 * `wants`; an update moves the contact's `updated_timestamp` then): docs/trigger.md, "Eligible
 * contacts". The contact carries no time of becoming eligible, so a walk of every contact the
 * entry's search finds updated since the last complete walk goes on over polls, within the
 * poll's budget; when the service lists by creation in an order, each poll also reads the new
 * end of the list, where contacts that became eligible soon after their creation are, so that
 * those come at once. A contact the entry does not want counts as known: it is not emitted,
 * recorded or counted toward Max Contacts per Poll, and it never ends the new end's read.
 */
export const pollEligibleContacts: EventPollFunction<EligibleState> = async (input) => {
	const { ctx, start, sequenceId, settings, budget, time, search, wants } = input;
	const rules = { now: start, maxPerPoll: settings.maxPerPoll, time, wants };
	const take = () => budget.take();
	const ready = async () => await budget.ready();
	const horizon = start + FUTURE_TOLERANCE_MS;
	if (!input.stored) {
		const days = settings.initialDays > 0 ? settings.initialDays * DAY_MS : FIRST_RUN_LOOKBACK_MS;
		const since = start - days;
		if (settings.initialDays > 0) input = { ...input, stored: activatedEligible(rules, since) };
		else {
			// A sample tells where the eligible contacts stand: what it holds up to its third newest
			// was there, and the first walk records it instead of emitting it.
			const walk = newEligibleWalk(since, start);
			const reader = new PageReader(ctx, search(walk.days, sequenceId), undefined, take, ready);
			const { sample, partial, order, ends, proved } = await readSample(ctx, reader, time);
			const state = activatedEligible(rules, since, {
				pages: sample,
				horizon,
				pageSize: reader.pageSize,
				partial,
				order,
				...(ends ? { ends } : {}),
				...(proved ? { proved } : {}),
			});
			return { emit: [], state, backlog: 0, unreadable: [], deferred: [], stopped: budget.stopped };
		}
	}
	// The floor stays where it is, even ahead of n8n's clock: it rises only by retention and the
	// state's bound, past the newest id the bound dropped, and moved back it let that id come again
	// (dates without a zone east of UTC, an import of 25,000: survey 730000).
	const state = input.stored!;
	// A state of version 1 has no walk: one starts now. So does the first walk after the activation
	// when, after a pause of days, its window no longer reaches `since`: it would complete without
	// recording contacts eligible before the activation, and the next walk would emit them. (Later
	// walks go on: starting one again after a pause of days at 10,000 contacts a day left thousands
	// unemitted in triggerEdges (f); docs/trigger-open-schedules.md.) Without an order, a later walk
	// still on its first page starts again too: Max Contacts per Poll kept one there for days,
	// contacts enriched in its window's oldest day left the window, and one never came (survey
	// 280000). Not in an order: there it lost 2 of the contacts of regressions/eligibleWalk.test.ts.
	const short = state.walk.days < pollWindow(start, state.since);
	const stale =
		state.walk.days === 0 ||
		(short && (state.mode === 'first' || (state.mode === 'walking' && state.walk.page === 1)));
	// A first walk that outlasted its window starts again twice as wide each time (up to
	// MAX_ELIGIBLE_WIDENED): one that needs more than a day (pages of 1 at a share of 1) restarted
	// from page 1 at every growth of the window and never ended (helper-39).
	const outlasted = state.mode === 'first' && state.walk.days > 0 && short;
	const widened = outlasted ? Math.min(2 * (state.walk.widened ?? 1), MAX_ELIGIBLE_WIDENED) : 1;
	const walk = stale ? newEligibleWalk(state.since, start, widened) : state.walk;
	// A later walk that goes on searches a window that reaches `since` again: at Max Contacts per
	// Poll 2 to 4 and polls 6 hours apart a walk spans days, and a contact made eligible in its
	// window's oldest day left it before the walk got to it (in an order, property run seed 38: 1
	// of 77; by insertion, helper-48: 1 of 186). A wider window only adds contacts, so none unread
	// moves back past the walk's page. The walk keeps the window it started with: the ledger tells
	// by it a walk that outlasted it, and names what retention then gives up (`givenUp`; stored
	// wider, a walk of 20 days at Max Contacts per Poll 1 gave contacts up unnamed: helper-50).
	const days =
		!stale && short && state.mode !== 'first' ? pollWindow(start, state.since) : walk.days;
	const reader = new PageReader(ctx, search(days, sequenceId), state.pageSize, take, ready);
	const { isKnown } = viewOf(state, rules);
	const pages: ReadPage[] = [];
	let lastPage: number | undefined;
	// Whether contacts are on their way beyond the new end (see WAITING_MS): the walk then reads
	// at the share.
	let waiting = false;
	// Pages of the backlog's oldest end (backlogRange.ts): while there are any, the walk passes no
	// page with new contacts.
	let rangePages: ReadPage[] = [];
	// Contacts read but postponed behind a partial range (backlogRange.ts, newerThanRange).
	let later: ((c: Contact) => boolean) | undefined;
	const recent = (c: Contact) => {
		const created = time(c);
		return created !== undefined && created > start - WAITING_MS && created <= horizon;
	};
	if (state.mode === 'newEnd') {
		const newest = state.order === 'newest';
		const newEnd = await readEligibleNewEnd({
			reader,
			budget,
			newest,
			lastPage: state.lastPage,
			wants,
			isKnown,
			waits: recent,
			walkPages: WALK_PAGES_WITH_ORDER,
		});
		pages.push(...newEnd.pages);
		waiting = newEnd.waiting;
		const { third } = newEnd;
		// New contacts beyond the new end's three pages, or on the walk's page: a backlog may lie
		// beyond them, and its oldest end is read first (backlogRange.ts). The walk's page is read
		// here, and the walk then takes it from the reader's cache (one request either way).
		const fresh = (p: ReadPage | undefined) => p?.contacts.some((c) => wants(c) && !isKnown(c));
		const beyond = fresh(third) ? CHEAP_PAGES : undefined;
		const peek =
			newest && !walk.readingBack && budget.left() > 0 ? await reader.read(walk.page) : undefined;
		const from = beyond ?? (fresh(peek) ? walk.page : undefined);
		if (newest && from !== undefined) {
			// The walk's window may no longer reach a backlog's oldest part after a pause of days (a
			// helper, 2026-11-28: 4 days at 600 a day, the pause's first 15 hours came last, 31 hours
			// behind newer ones): the bisection searches a window that reaches `since`.
			// Only from the new end's third page, where the two lists match: in a wider list the
			// walk's page number is only a lower bound, a search from there found known pages alone,
			// and the walk, held while it searched, stood still (a survey, seed 140000: 10-request
			// polls moved nothing for hundreds of polls).
			const rangeDays = beyond !== undefined ? pollWindow(start, state.since) : days;
			const range = await readBacklogRange({
				reader:
					rangeDays > days
						? new PageReader(ctx, search(rangeDays, sequenceId), state.pageSize, take, ready)
						: reader,
				from,
				newEnd: pages,
				isKnown,
				maxPerPoll: settings.maxPerPoll,
			});
			rangePages = range.pages;
			later = newerThanRange(range, time, wants, (c) => !isKnown(c));
		}
	}
	// Searched wider than its own window, the walk's list holds more than its first page allowed
	// for: the allowance grows in proportion to the days searched over its own, for this poll (a
	// stored one stays as it was; one set on this poll's wider answer is stored as set, only
	// larger). Else the walk ended at it, "inconsistent", and started again
	// (helper-50). A count that never ends still ends a later walk (it starts again from page 1):
	// the allowance grows by a day's share a day, and the walk reads at least a page a poll.
	const { limit } = walk;
	const allowed =
		limit !== undefined && days > walk.days ? Math.ceil((limit * days) / walk.days) : limit;
	const step = await walkStep({
		reader,
		position: { ...walk, limit: allowed },
		// The walk that completes the activation's sample emits nothing (sampling.ts).
		// While a backlog's range is read, the walk passes no page with new contacts: they are newer
		// than the range's, and the poll would leave them waiting.
		maxPerPoll:
			state.mode === 'first' && state.sampling
				? Infinity
				: rangePages.length > 0
					? 0
					: settings.maxPerPoll,
		// The new end's new contacts take places of Max Contacts per Poll too: counted on the walk's
		// pages alone, a walk left a page whose last new contacts older ones from the new end
		// outranked, and they waited on a page it had passed (survey 240000: 3 of 157 lost).
		taken: pages.flatMap((p) => p.contacts.filter((c) => !isKnown(c)).map((c) => c?.id)),
		time,
		isKnown,
		horizon,
		maxPages: state.mode === 'newEnd' && !waiting ? WALK_PAGES_WITH_ORDER : undefined,
		// The first walk records what was there at the activation, and every complete walk hands on
		// `since`: none may let a contact move past it (walkAnchor.ts).
		whole: true,
		records: state.mode === 'first',
	});
	if (allowed !== limit) step.position.limit = limit;
	// Unread pages lie between the new end and a partial range: what the poll read newer than the
	// range (the new end's, the walk's) waits until the range reaches it, so the backlog comes
	// oldest first.
	const { kept, postponed } = withoutLater([...pages, ...step.pages], later);
	// The last page is the walk's window's (a range may come from a wider one).
	for (const page of kept) if (page.pages !== undefined) lastPage = Math.max(1, page.pages);
	const read = [...kept, ...rangePages];
	const settled = settleEligible(
		state,
		{
			pages: read,
			...(stale ? { started: walk } : {}),
			walk: step.position,
			complete: step.complete,
			order: step.order,
			lastPage,
			pageSize: reader.pageSize,
			inconsistent: step.inconsistent,
			postponed,
		},
		rules,
	);
	return { ...settled, stopped: budget.stopped };
};
