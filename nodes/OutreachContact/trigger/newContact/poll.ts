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
import { nextFloor, storedFloor, WALK_ALLOWANCE_MS } from '../shared/settings';
import { cutToBound, stateBytes } from '../shared/state';
import { walkCeiling, walkRoom } from '../shared/walkCeiling';
import { DAY_MS, parseCreatedTime, windowDays } from '../shared/timeRules';
import { activate } from './activation';
import { checkOrder } from './orderCheck';
import { readOrdered } from './orderedRead';
import {
	currentWalk,
	emptyAccountFloor,
	newWalk,
	planPoll,
	searchConditions,
	type PollPlan,
} from './plan';
import type { PollState } from './state';

interface Read {
	pages: ReadPage[];
	/** The newest creation time handled without a gap by this read, if it moved. */
	through?: number;
	/** Set when contacts beyond the emitted ones are proved handled only up to them. */
	bounded: boolean;
	inconsistent?: string;
	/** New contacts wait on pages this poll did not read. */
	more?: boolean;
}

/**
 * One New Contact poll: each contact created in the account once, oldest first where the
 * service's order allows (docs/trigger.md). A poll reads within its budget (requestBudget.ts),
 * emits what it proved new and saves where it stopped; the next poll goes on from there.
 */
export const pollNewContacts: EventPollFunction<PollState> = async (input) => {
	const { ctx, start, sequenceId, settings, budget } = input;
	const take = () => budget.take();
	const latest = start + FUTURE_TOLERANCE_MS;
	let state = input.stored;
	let reader: PageReader | undefined;
	const unreadable: string[] = [];
	if (!state) {
		const initial = settings.initialDays > 0 ? start - settings.initialDays * DAY_MS : undefined;
		const days = windowDays(start + WALK_ALLOWANCE_MS, initial ?? emptyAccountFloor(start));
		reader = new PageReader(ctx, searchConditions(days, sequenceId), undefined, take);
		const activation = await activate(ctx, reader, start, latest, initial);
		state = activation.state;
		unreadable.push(...activation.unreadable);
		if (initial === undefined) {
			return { emit: [], state, backlog: 0, unreadable, deferred: [], stopped: budget.stopped };
		}
	}
	const rewound = storedFloor(state.floor, start) < state.floor ? state.floor : undefined;
	if (rewound !== undefined) state = { ...state, floor: storedFloor(state.floor, start) };
	const plan = planPoll(state, start, settings);
	const collector = new CandidateCollector({ ...plan, emit: true, seen: state.seen });
	const isKnown = (c: Contact) => collector.isKnown(c);
	const handledUpTo = Math.max(state.through ?? -Infinity, state.cutoff ?? -Infinity);
	const isHandled = (c: Contact) => {
		const t = parseCreatedTime(c?.created_date);
		return t !== undefined && isKnown(c) && (t < plan.floor || t <= handledUpTo);
	};
	const next: PollState = { ...state };
	let read: Read;
	if (state.order && !state.walk) {
		reader ??= new PageReader(
			ctx,
			searchConditions(plan.windowDays, sequenceId),
			state.pageSize,
			take,
		);
		const room = () => budget.left();
		const belowFloor = (c: Contact) => collector.belowFloor(c);
		const handledAny = state.through !== null ? belowFloor : undefined;
		read = await readWithOrder(
			reader,
			state,
			plan,
			next,
			{ isKnown, isHandled, room, belowFloor: handledAny },
			belowFloor,
		);
	} else {
		// After a pause of days the walk's window may no longer reach the floor: it starts again.
		const walk = currentWalk(
			state.walk ?? newWalk(state.floor, start, state.through ?? state.cutoff),
			plan,
		);
		reader = new PageReader(ctx, searchConditions(walk.days, sequenceId), state.pageSize, take);
		const step = await walkStep({
			reader,
			position: walk,
			maxPerPoll: plan.maxPerPoll,
			isKnown,
			latest,
			ceilingOf: (first) =>
				walkCeiling(first, (c) => !isKnown(c), latest, walkRoom(stateBytes(state))),
		});
		next.walk = { ...walk, ...step.position };
		const ceiling = step.position.ceiling;
		read = { pages: step.pages, bounded: false, inconsistent: step.inconsistent };
		if (step.complete) {
			// Everything up to the newest the walk before read was there when this one started.
			if (walk.previous !== null && !step.inconsistent)
				read.through = Math.min(walk.previous, ceiling ?? Infinity);
			// Dates ahead of n8n's clock do not count: contacts created during the next walk may
			// be dated below them, and the floor must wait for that walk.
			const newest = step.position.newest ?? walk.previous;
			next.walk = newWalk(state.floor, start, newest === null ? null : Math.min(newest, start));
			if (step.order === 'newest' || step.order === 'oldest') {
				next.order = step.order;
				next.walk = undefined;
				next.verified = 0;
			}
		}
	}
	if (reader.pageSize !== undefined) next.pageSize = reader.pageSize;
	for (const page of read.pages) collector.add(page.contacts);
	const outcome = finish(plan, next, collector, read);
	return {
		...outcome,
		rewound,
		stopped: budget.stopped,
		inconsistent: read.inconsistent,
		unreadable: [...new Set([...unreadable, ...outcome.unreadable])],
	};
};

/** The read of a poll that trusts an order, and the rolling check of that order. */
async function readWithOrder(
	reader: PageReader,
	state: PollState,
	plan: PollPlan,
	next: PollState,
	known: {
		isKnown(c: Contact): boolean;
		isHandled(c: Contact): boolean;
		room(): number;
		belowFloor?(c: Contact): boolean;
	},
	belowFloor: (c: Contact) => boolean,
): Promise<Read> {
	const order = state.order!;
	const main = await readOrdered({
		reader,
		order,
		...known,
		maxPerPoll: plan.maxPerPoll,
		total: state.total,
		bisect: state.bisect,
	});
	next.bisect = main.bisect;
	if (main.total !== undefined) next.total = main.total;
	const pages = [...main.range];
	let ordered = main.ordered;
	// The check only after a read that joined the handled contacts: the pages of one that ran out
	// of budget are not taken, and the check must not take them from the reader's cache either.
	if (ordered && main.total !== undefined && main.range.length > 0) {
		// One request a quiet poll (a quiet poll costs 2 in all), more when the read was long.
		const requests = Math.max(1, Math.ceil(pages.length / 2));
		const check = await checkOrder({
			reader,
			order,
			verified: state.verified ?? 0,
			total: main.total,
			requests,
			belowFloor,
		});
		// The check looks for contacts that became searchable late, below what the read handled;
		// newer ones on its pages (the new end, when the read did not reach it) wait for the read,
		// so that contacts still come oldest first.
		const upTo = Math.max(main.rangeTop ?? -Infinity, state.through ?? -Infinity);
		for (const page of check.pages) {
			const late = page.contacts.filter((c) => {
				const t = parseCreatedTime(c?.created_date);
				return t === undefined || t <= upTo; // what cannot be placed is reported as usual
			});
			pages.push({ ...page, contacts: late });
		}
		next.verified = check.verified;
		ordered = check.ordered;
	}
	if (!ordered) {
		// The service broke the order: read the whole window from now on, until a walk shows one.
		next.order = undefined;
		next.verified = undefined;
		next.walk = newWalk(state.floor, plan.now, state.through ?? state.cutoff);
		return { pages, bounded: false };
	}
	return { pages, through: main.rangeTop, bounded: true, more: main.more };
}

/** Emits the oldest Max Contacts per Poll candidates, records them, moves `through` and the floor. */
function finish(plan: PollPlan, state: PollState, collector: CandidateCollector, read: Read) {
	const { chosen, emit, report } = collector.choose();
	let through = read.through;
	if (through !== undefined && read.bounded && report.backlog > 0 && chosen.length > 0) {
		through = Math.min(through, chosen[chosen.length - 1].created);
	}
	const waiting = read.bounded && (report.backlog > 0 || read.more === true);
	if (through !== undefined) {
		// On the service's timestamps; the floor takes the earlier of it and n8n's clock. While
		// contacts wait (Max Contacts per Poll, pages not read yet) it is where this read got to,
		// even below what it was (a few contacts dated ahead): the floor must not pass them.
		state.through = state.through === null || waiting ? through : Math.max(state.through, through);
	}
	state.seen = withChosen(state.seen, chosen);
	let floor = nextFloor(state.floor, state.through, plan.now);
	state.floor = floor;
	const dropped = cutToBound(state);
	if (dropped !== undefined) floor = Math.max(floor, dropped + 1);
	state.floor = floor;
	state.seen = pruneBelow(state.seen, floor);
	return { ...report, emit, state, cut: dropped, more: read.more };
}
