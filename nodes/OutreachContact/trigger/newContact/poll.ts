import { PageReader, type ReadPage } from '../../paging/pageReader';
import { inSequence } from '../../helpers/conditions';
import type { SearchCondition } from '../../types';
import type { EventPollFunction } from '../shared/eventPoll';
import { idKey, viewOf, type LedgerView } from '../shared/ledger/candidates';
import { FIRST_RUN_LOOKBACK_MS } from '../shared/ledger/ledger';
import { openedNewContact } from '../shared/ledger/priorFloor';
import { activatedNewContact, settleNewContact } from '../shared/ledger/newContact';
import type { NewContactLearned, NewContactReading } from '../shared/ledger/newContactReading';
import { checkOrder, keepsPlace, lateContacts } from '../shared/orderCheck';
import { readOrdered } from '../shared/orderedRead';
import { oldestOf } from '../shared/pageDates';
import { DAY_MS, FUTURE_TOLERANCE_MS, pollWindow } from '../shared/serviceTime';
import { readSample } from '../shared/activationSample';
import { allDeleted } from '../shared/leftOutLookup';
import type { NewContactState } from '../shared/ledger/shapes';
import { serviceNow } from '../shared/ledger/zoneLag';
import { withWitnesses } from './witnesses';
import { rangeAgain } from './rangeAgain';
import { newWalk, readWalking } from './walking';

type OrderedState = Extract<NewContactState, { mode: 'ordered' }>;

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
		// Contacts found deleted at a poll before need not be in a range (leftOutLookup.ts).
		// The contacts the state keeps as waiting (ledger/witnesses.ts): the sample's and those left.
		const waiting = { ...state.sampleWaiting, ...state.leftWaiting };
		const seenBetween = withWitnesses(view, activationPages, waiting);
		const deleted = new Set(state.deleted);
		const lookups = { take, ready, left: () => budget.left() };
		const readInput = {
			...view,
			seenBetween: (after: number, upTo: number) =>
				seenBetween(after, upTo).filter((id) => !deleted.has(id)),
			present,
			// The range's requests go first (docs/trigger.md, "Going on from the boundary"): what the
			// minute frees while it reads counts. Counted at the start alone, a share of 2 a minute
			// read only the boundary page, the check took the request freed meanwhile, the next poll
			// met that one in its minute, and an import came at the rate of new contacts.
			requestsLeft: () => budget.left(RANGE_READ_MS),
			allDeleted: async (ids: string[], held: string[]) =>
				await allDeleted(ctx, ids, held, lookups),
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

/** What the ordered read asks of the ledger's view and of the poll's budget. */
type ReadInput = LedgerView & { requestsLeft(): number };

/** How long a poll's range is taken to read: requests that leave the minute by then count as left. */
export const RANGE_READ_MS = 5_000;

/** The read of a poll that trusts an order, and the rolling check of that order. */
async function readByOrder(
	reader: PageReader,
	state: OrderedState,
	readInput: ReadInput & { allDeleted(ids: string[], held: string[]): Promise<boolean> },
	maxPerPoll: number,
): Promise<NewContactReading> {
	const { order } = state;
	// Once contacts above the floor were handled, the first known one from the new end must not be
	// below it; before, the oldest new one must not be after the N days' backlog (`backlogBy`).
	const anyHandled = state.handledTo !== null || Object.keys(state.seen).length > 0;
	const backlogBy = anyHandled ? undefined : state.backlogBy;
	// The last poll's read took the whole share and its check got no request: this poll's new end
	// page of known contacts at the last count stands for the handled ones even when dated ahead
	// of the service's present (east of UTC without a zone, every contact is: helper-94, by
	// insertion oldest first at a share of 1, a backfill at the new end held the check off for
	// good, and 6 of 7 contacts behind it never came). A new contact dated before one dated ahead
	// may then wait for the check (helper-45's delay, `ahead.test.ts`), which may also find it
	// out of place and walk the window (helper-96). Contacts without a date still never stand.
	const aheadStands = state.checkWaited ? { present: Number.MAX_VALUE } : {};
	const main = await readOrdered({
		reader,
		order,
		...readInput,
		...aheadStands,
		belowFloor: anyHandled ? readInput.belowFloor : undefined,
		backlogBy,
		maxPerPoll,
		total: state.count,
		boundary: state.boundary,
	});
	const pages: ReadPage[] = [...main.range];
	// Contacts emitted in the range's times that it left out: deleted since, or a list by insertion.
	// The control is a contact the range holds, the oldest first (the newest may be deleted while
	// the poll reads), sorted only for a lookup: the service must answer it as there.
	const { leftOut = [] } = main;
	const contacts = leftOut.length === 0 ? [] : main.range.flatMap((p) => p.contacts);
	const byAge = contacts.map((c) => ({ c, t: readInput.time(c) ?? 0 }));
	const held = byAge.sort((a, b) => a.t - b.t).map(({ c }) => idKey(c?.id) ?? '');
	let ordered = main.ordered && (await readInput.allDeleted(leftOut, held));
	// After the lookups, which need their requests where the order is to stand.
	const moved = ordered ? await rangeAgain(reader, main.range, readInput.requestsLeft) : undefined;
	if (moved) pages.push(moved);
	let checkedTo = state.checkedTo;
	// Where the next round is marked when one completes: the service's present as this poll's read
	// met it. A round keeps its mark until it completes, begun or not: re-marked at every poll whose
	// check got no request (an import took the share), the mark of a round that read nothing rose
	// with the present, and before the first round completes it bounds the floor, which passed
	// contacts searchable late that no round had read (property run, seed 34: 33 of 929).
	const mark = main.metTop ?? state.handledTo ?? state.floor;
	let roundFrom = state.roundFrom ?? mark;
	let checkedFrom = state.checkedFrom;
	// Kept through a poll whose read took nothing (a share of 1: every second poll has no request).
	let checkWaited = state.checkWaited === true;
	// The check only after a read that joined the handled contacts: the pages of one that ran out
	// of budget are not taken, and the check must not take them from the reader's cache either.
	if (ordered && main.total !== undefined && main.range.length > 0) {
		// One request a quiet poll (a quiet poll costs 2 in all), more when the read was long.
		const check = await checkOrder({
			reader,
			order,
			checkedTo,
			total: main.total,
			time: readInput.time,
			requests: Math.max(1, Math.ceil(pages.length / 2)),
			belowFloor: readInput.belowFloor,
		});
		const upTo = Math.max(main.rangeTop ?? -Infinity, state.handledTo ?? -Infinity);
		const { time, isKnown } = readInput;
		const late = lateContacts(check.pages, main, { order, time, isKnown, upTo });
		pages.push(...late.pages);
		// A round ends where its cursor goes back to the new end: it checked what was searchable when it began.
		if (check.complete) [checkedFrom, roundFrom] = [roundFrom, mark];
		checkedTo = check.checkedTo;
		checkWaited = check.pages.length === 0 && !check.complete;
		// The check's contacts take places of the poll too: one out of place the range left may wait.
		const placed = keepsPlace(main.range, { ...readInput, order, maxPerPoll }, late.pages);
		ordered = check.ordered && late.ordered && placed;
	}
	// The service broke the order: the next polls walk the whole window, until a walk shows one.
	if (!ordered) return { pages, reachesHandled: false, learned: { mode: 'walking', walk: null } };
	// Witnesses too (`leftWaiting`): the ledger keeps those of emitted contacts alone.
	const deleted = [...new Set([...(state.deleted ?? []), ...leftOut])];
	const learned: NewContactLearned = {
		mode: 'ordered',
		order,
		checkedTo,
		roundFrom,
		...(checkedFrom === undefined ? {} : { checkedFrom }),
		count: main.total ?? state.count,
		...(main.boundary ? { boundary: main.boundary } : {}),
		...(checkWaited ? { checkWaited: true as const } : {}),
		...(backlogBy === undefined ? {} : { backlogBy }),
		...(deleted.length > 0 ? { deleted } : {}),
	};
	const { pagesWaiting } = main;
	const low = pagesWaiting ? oldestOf(main.range, readInput.time) : undefined;
	return { pages, reach: main.rangeTop, reachesHandled: true, pagesWaiting, low, learned };
}
