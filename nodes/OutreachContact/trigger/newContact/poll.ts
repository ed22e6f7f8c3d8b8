import { PageReader, type ReadPage } from '../../paging/pageReader';
import { inSequence } from '../../helpers/conditions';
import type { SearchCondition } from '../../types';
import type { EventPollFunction } from '../shared/eventPoll';
import { viewOf } from '../shared/ledger/candidates';
import { FIRST_RUN_LOOKBACK_MS } from '../shared/ledger/ledger';
import { openedNewContact } from '../shared/ledger/priorFloor';
import { activatedNewContact, settleNewContact } from '../shared/ledger/newContact';
import type { NewContactReading } from '../shared/ledger/newContactReading';
import { DAY_MS, FUTURE_TOLERANCE_MS, pollWindow } from '../shared/serviceTime';
import { readSample } from '../shared/activationSample';
import { lookUpLeftOut, type LeftOut } from '../shared/leftOutLookup';
import type { NewContactState } from '../shared/ledger/shapes';
import { serviceNow } from '../shared/ledger/zoneLag';
import { RANGE_READ_MS, readByOrder, withSampled } from './byOrder';
import { newWalk, readWalking } from './walking';

/** The search of a window: created fewer than `days` days ago, optionally in one sequence. */
export function searchConditions(days: number, sequenceId?: number): SearchCondition[] {
	return [
		{ property: 'created_timestamp', condition: 'Less than', value: days },
		...inSequence(sequenceId),
	];
}

/**
 * One New Contact poll: each contact created in the account once, oldest first where the
 * service's order allows (docs/trigger.md). It reads within its budget and hands what it read to
 * the ledger, which decides what is emitted and stored; the next poll goes on from there.
 */
export const pollNewContacts: EventPollFunction<NewContactState> = async (input) => {
	const { ctx, start, sequenceId, settings, budget, time } = input;
	const rules = { now: start, maxPerPoll: settings.maxPerPoll, time };
	const take = () => budget.take();
	const ready = async () => await budget.ready();
	const window = (floor: number) => pollWindow(start, floor);
	let stored = input.stored;
	let reader: PageReader | undefined;
	let unreadable: string[] = [];
	let activationPages: ReadPage[] = [];
	if (!stored) {
		const initial = settings.initialDays > 0 ? start - settings.initialDays * DAY_MS : undefined;
		const days = window(initial ?? start - FIRST_RUN_LOOKBACK_MS);
		reader = new PageReader(ctx, searchConditions(days, sequenceId), undefined, take, ready);
		const sample = await readSample(ctx, reader, time);
		activationPages = reader.pagesRead;
		const activation = activatedNewContact({
			pages: sample.sample,
			order: sample.order,
			partial: sample.partial,
			...(sample.ends ? { ends: sample.ends } : {}),
			...(sample.proved ? { proved: sample.proved } : {}),
			count: sample.first.total,
			pageSize: reader.pageSize,
			days,
			now: start,
			time,
			initialFloor: initial,
			// With N days and no order, the first walk emits them; once it is complete, everything
			// up to the newest of the sample was handled, and the floor can follow it.
			walk:
				initial !== undefined && !sample.order && sample.pages > 1
					? (top) => newWalk(initial, start, top)
					: undefined,
		});
		stored = activation.state;
		unreadable = activation.unreadable;
		if (initial === undefined) {
			const { stopped } = budget;
			return { emit: [], state: stored, backlog: 0, unreadable, deferred: [], stopped };
		}
	}
	const { state, rewound } = openedNewContact(stored, start);
	const view = viewOf(state, rules);
	// What a walk that starts now goes on from: the handled point, not past the service's present.
	const present = serviceNow(state.zoneLag, start);
	const handledAt = state.handledTo ?? state.cutoff;
	const previous = handledAt === null ? null : Math.min(handledAt, present);
	let read: NewContactReading;
	if (state.mode === 'ordered') {
		reader ??= new PageReader(
			ctx,
			searchConditions(window(state.floor), sequenceId),
			state.pageSize,
			take,
			ready,
		);
		// The range's requests go first (docs/trigger.md, "Going on from the boundary"): what the
		// minute frees while it reads counts. Counted at the start alone, a share of 2 a minute
		// read only the boundary page, the check took the request freed meanwhile, the next poll
		// met that one in its minute, and an import came at the rate of new contacts.
		const lookups = { take, ready, left: () => budget.left(), capacity: budget.window.requests };
		const readInput = {
			...view,
			seenBetween: withSampled(view, activationPages),
			present,
			requestsLeft: () => budget.left(RANGE_READ_MS),
			lookUp: async (leftOut: LeftOut, reserve: number) =>
				await lookUpLeftOut(ctx, leftOut, lookups, reserve),
		};
		read = await readByOrder(reader, state, readInput, settings.maxPerPoll);
		// The order broke: a walk of the whole window starts now.
		const walk = newWalk(state.floor, start, previous);
		if (read.learned.mode === 'walking') read = { ...read, learned: { mode: 'walking', walk } };
	} else {
		const at = {
			isKnown: view.isKnown,
			time,
			horizon: start + FUTURE_TOLERANCE_MS,
			start,
			present,
			previous,
			window: window(state.floor),
			maxPerPoll: settings.maxPerPoll,
		};
		read = await readWalking(state, at, (days) => {
			reader = new PageReader(ctx, searchConditions(days, sequenceId), state.pageSize, take, ready);
			return reader;
		});
	}
	if (reader?.pageSize !== undefined) read.pageSize = reader.pageSize;
	const settled = settleNewContact(state, read, rules);
	return {
		...settled,
		rewound,
		stopped: budget.stopped,
		unreadable: [...new Set([...unreadable, ...settled.unreadable])],
	};
};
