import { PageReader, type ReadPage } from '../../paging/pageReader';
import { inSequence } from '../../helpers/conditions';
import type { SearchCondition } from '../../types';
import type { EventPollFunction } from '../shared/eventPoll';
import { viewOf } from '../shared/ledger/candidates';
import { activatedEnriched, enrichedWalk, settleEnriched } from '../shared/ledger/enriched';
import { FIRST_RUN_LOOKBACK_MS, opened } from '../shared/ledger/ledger';
import { CHEAP_PAGES } from '../shared/orderedRead';
import { DAY_MS, FUTURE_TOLERANCE_MS, pollWindow } from '../shared/serviceTime';
import { readSample } from '../shared/activationSample';
import type { EnrichedState } from '../shared/ledger/shapes';
import { walkStep } from '../shared/walk';

/** Pages of the walk a poll reads when the new end is read too (an order is known). */
export const WALK_PAGES_WITH_ORDER = 1;

/** The search of a window: enriched, updated fewer than `days` days ago, optionally in one sequence. */
export function enrichedConditions(days: number, sequenceId?: number): SearchCondition[] {
	return [
		{ property: 'is_enriched', condition: 'Is', value: true },
		{ property: 'updated_timestamp', condition: 'Less than', value: days },
		...inSequence(sequenceId),
	];
}

/**
 * One Contact Enriched poll: each contact once, when the service has enriched it (docs/trigger.md,
 * "Contact Enriched"). The contact carries no enrichment time, so a walk of every enriched
 * contact updated since the last complete walk goes on over polls, within the poll's budget;
 * when the service lists by creation in an order, each poll also reads the new end of the list,
 * where contacts enriched soon after their creation are, so that those come at once.
 */
export const pollEnrichedContacts: EventPollFunction<EnrichedState> = async (input) => {
	const { ctx, start, sequenceId, settings, budget, time } = input;
	const rules = { now: start, maxPerPoll: settings.maxPerPoll, time };
	const take = () => budget.take();
	const horizon = start + FUTURE_TOLERANCE_MS;
	if (!input.stored) {
		const days = settings.initialDays > 0 ? settings.initialDays * DAY_MS : FIRST_RUN_LOOKBACK_MS;
		const since = start - days;
		if (settings.initialDays > 0) input = { ...input, stored: activatedEnriched(rules, since) };
		else {
			// A sample tells where the enriched contacts stand: what it holds up to its third newest
			// was there, and the first walk records it instead of emitting it.
			const walk = enrichedWalk(since, start);
			const reader = new PageReader(
				ctx,
				enrichedConditions(walk.days, sequenceId),
				undefined,
				take,
			);
			const { sample, partial } = await readSample(ctx, reader, time);
			const state = activatedEnriched(rules, since, {
				pages: sample,
				horizon,
				pageSize: reader.pageSize,
				partial,
			});
			return { emit: [], state, backlog: 0, unreadable: [], deferred: [], stopped: budget.stopped };
		}
	}
	const { state, rewound } = opened(input.stored!, start);
	// A state of version 1 has no walk: one starts now. So does the first walk after the activation
	// when, after a pause of days, its window no longer reaches `since`: it would complete without
	// recording contacts enriched before the activation, and the next walk would emit them. (Later
	// walks go on: starting one again after a pause of days at 10,000 contacts a day left thousands
	// unemitted in triggerEdges (f); docs/trigger-open-schedules.md.)
	const stale =
		state.walk.days === 0 ||
		(state.mode === 'first' && state.walk.days < pollWindow(start, state.since));
	const walk = stale ? enrichedWalk(state.since, start) : state.walk;
	const reader = new PageReader(
		ctx,
		enrichedConditions(walk.days, sequenceId),
		state.pageSize,
		take,
	);
	const { isKnown } = viewOf(state, rules);
	const pages: ReadPage[] = [];
	let lastPage: number | undefined;
	if (state.mode === 'newEnd') {
		for (let k = 0; k < CHEAP_PAGES; k++) {
			const page = state.order === 'newest' ? 1 + k : (state.lastPage ?? 1) - k;
			const read = page >= 1 ? await reader.read(page) : undefined;
			if (!read) break;
			pages.push(read);
			if (read.contacts.every(isKnown)) break;
		}
	}
	const step = await walkStep({
		reader,
		position: walk,
		// The walk that completes the activation's sample emits nothing (sampling.ts).
		maxPerPoll: state.mode === 'first' && state.sampling ? Infinity : settings.maxPerPoll,
		time,
		isKnown,
		horizon,
		maxPages: state.mode === 'newEnd' ? WALK_PAGES_WITH_ORDER : undefined,
	});
	pages.push(...step.pages);
	for (const page of pages) if (page.pages !== undefined) lastPage = Math.max(1, page.pages);
	const settled = settleEnriched(
		{ ...state, walk },
		{
			pages,
			walk: step.position,
			complete: step.complete,
			order: step.order,
			lastPage,
			pageSize: reader.pageSize,
			inconsistent: step.inconsistent,
		},
		rules,
	);
	return { ...settled, rewound, stopped: budget.stopped };
};
