import { PageReader, type ReadPage } from '../../paging/pageReader';
import type { Contact } from '../../types';
import type { EventPollFunction } from '../event';
import {
	CandidateCollector,
	FUTURE_TOLERANCE_MS,
	pruneBelow,
	withChosen,
} from '../shared/collector';
import { walkStep } from '../shared/fullWalk';
import { cutoffOf, storedFloor } from '../shared/settings';
import { readSample } from '../shared/order';
import { cutToBound } from '../shared/state';
import { parseCreatedTime } from '../shared/timeRules';
import { CHEAP_PAGES } from '../newContact/orderedRead';
import {
	activationSince,
	enrichedConditions,
	MAX_SEEN,
	newEnrichedWalk,
	RETENTION_MS,
	WALK_PAGES_WITH_ORDER,
} from './plan';
import { ENRICHED_STATE_VERSION, type EnrichedState } from './state';

/**
 * The floor that leaves at most `max` ids: one past the creation time of the (max + 1)-th
 * newest, or -Infinity when there are no more than `max`.
 */
function capFloor(seen: Record<string, number>, max: number): number {
	const times = Object.values(seen);
	if (times.length <= max) return -Infinity;
	times.sort((a, b) => b - a);
	return times[max] + 1;
}

/**
 * One Contact Enriched poll: each contact once, when the service has enriched it (docs/trigger.md,
 * "Contact Enriched"). The contact carries no enrichment time, so a walk of every enriched
 * contact updated since the last complete walk goes on over polls, within the poll's budget;
 * when the service lists by creation in an order, each poll also reads the new end of the list,
 * where contacts enriched soon after their creation are, so that those come at once.
 */
export const pollEnrichedContacts: EventPollFunction<EnrichedState> = async (input) => {
	const { ctx, start, sequenceId, settings, budget } = input;
	const take = () => budget.take();
	let stored = input.stored;
	if (!stored) {
		const since = activationSince(start, settings);
		const walk = newEnrichedWalk(since, start);
		stored = {
			version: ENRICHED_STATE_VERSION,
			baseline: start,
			since,
			createdFloor: since,
			seen: {},
			walk,
		};
		if (settings.initialDays === 0) return await activate(ctx, stored, sequenceId, take);
	}
	const state: EnrichedState = { ...stored };
	const rewound =
		storedFloor(state.createdFloor, start) < state.createdFloor ? state.createdFloor : undefined;
	state.createdFloor = storedFloor(state.createdFloor, start);
	// A state of version 1 has no walk: one starts now, over the window since its last poll.
	if (state.walk.days === 0) state.walk = newEnrichedWalk(state.since, start);
	const reader = new PageReader(
		ctx,
		enrichedConditions(state.walk.days, sequenceId),
		state.pageSize,
		take,
	);
	const rules = {
		now: start,
		maxPerPoll: settings.maxPerPoll,
		floor: state.createdFloor,
		seen: state.seen,
	};
	const collector = new CandidateCollector({ ...rules, emit: true });
	const recorder = new CandidateCollector({ ...rules, emit: false });
	const recordUntil = state.recordUntil;
	const recorded = (c: Contact) => {
		const t = parseCreatedTime(c?.created_date);
		return recordUntil !== undefined && t !== undefined && t <= recordUntil;
	};
	const isKnown = (c: Contact) => recorded(c) || collector.isKnown(c);
	const pages: ReadPage[] = [];
	const cheap = state.order !== undefined && recordUntil === undefined;
	if (cheap) {
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
		position: state.walk,
		maxPerPoll: settings.maxPerPoll,
		isKnown,
		latest: start + FUTURE_TOLERANCE_MS,
		maxPages: cheap ? WALK_PAGES_WITH_ORDER : undefined,
	});
	pages.push(...step.pages);
	for (const page of pages) {
		collector.add(page.contacts.filter((c) => !recorded(c)));
		recorder.add(page.contacts.filter(recorded));
		if (page.pages !== undefined) state.lastPage = Math.max(1, page.pages);
	}
	if (reader.pageSize !== undefined) state.pageSize = reader.pageSize;
	const { chosen, emit, report } = collector.choose();
	state.seen = withChosen(withChosen(state.seen, chosen), recorder.choose().chosen);
	state.walk = { ...state.walk, ...step.position };
	if (step.complete && report.backlog === 0 && !step.inconsistent) {
		// Every contact enriched before this walk started has been read: the next starts there.
		state.since = state.walk.startedAt;
		const floor = Math.max(start - RETENTION_MS, capFloor(state.seen, MAX_SEEN));
		state.createdFloor = Math.max(state.createdFloor, floor);
		state.recordUntil = undefined;
		state.order = step.order === 'newest' || step.order === 'oldest' ? step.order : undefined;
		state.walk = newEnrichedWalk(state.since, start);
	}
	const dropped = cutToBound(state);
	if (dropped !== undefined) state.createdFloor = Math.max(state.createdFloor, dropped + 1);
	state.seen = pruneBelow(state.seen, state.createdFloor);
	if (step.inconsistent) state.walk = newEnrichedWalk(state.since, start);
	return {
		...report,
		emit,
		state,
		cut: dropped,
		rewound,
		stopped: budget.stopped,
		inconsistent: step.inconsistent,
	};
};

/**
 * A first activation without initial days: a sample (readSample) tells where the enriched
 * contacts stand.
 * The first walk records the contacts created at or before the third newest of that page (they
 * were there, enriched or about to be) and emits the ones created after it.
 */
async function activate(
	ctx: Parameters<EventPollFunction<EnrichedState>>[0]['ctx'],
	state: EnrichedState,
	sequenceId: number | undefined,
	take: () => boolean,
) {
	const reader = new PageReader(
		ctx,
		enrichedConditions(state.walk.days, sequenceId),
		undefined,
		take,
	);
	// The sample holds the newest contacts when the results are in an order (oldest first: the
	// last page), and is a sample of the window when they are not.
	const { sample } = await readSample(ctx, reader);
	const contacts = sample.flatMap((page) => page.contacts);
	const times = contacts
		.map((c) => parseCreatedTime(c?.created_date))
		.filter((t): t is number => t !== undefined && t <= state.baseline + FUTURE_TOLERANCE_MS);
	const cutoff = cutoffOf(times);
	if (cutoff !== null) state.recordUntil = cutoff;
	// Contacts above the cutoff on this page (dated ahead, say) were there too: recorded.
	const recorder = new CandidateCollector({
		now: state.baseline,
		emit: false,
		maxPerPoll: 1,
		floor: cutoff ?? Infinity,
		seen: {},
	});
	recorder.add(contacts);
	state.seen = withChosen(state.seen, recorder.choose().chosen);
	if (reader.pageSize !== undefined) state.pageSize = reader.pageSize;
	return { emit: [], state, backlog: 0, unreadable: [], deferred: [] };
}
