import type { PageReader, ReadPage } from '../../paging/pageReader';
import { idKey, type LedgerView } from '../shared/ledger/candidates';
import type { NewContactLearned, NewContactReading } from '../shared/ledger/newContactReading';
import { MAX_DELETED, type NewContactState } from '../shared/ledger/shapes';
import { leftOutOf, type LeftOut, type LeftOutVerdict } from '../shared/leftOutLookup';
import { checkOrder, keepsPlace, lateContacts } from '../shared/orderCheck';
import { readOrdered } from '../shared/orderedRead';
import { oldestOf } from '../shared/pageDates';

/**
 * New Contact's read by the service's order (docs/trigger.md, "Reading by the order"): the range
 * from the new end or the boundary, the lookups of contacts it left out, and the rolling check.
 */

type OrderedState = Extract<NewContactState, { mode: 'ordered' }>;

/** What the ordered read asks of the ledger's view, of the poll's budget and of the lookups. */
export type ReadInput = LedgerView & {
	requestsLeft(): number;
	/** Looks up contacts a range left out (leftOutLookup.ts), leaving `reserve` requests. */
	lookUp(leftOut: LeftOut, reserve: number): Promise<LeftOutVerdict>;
};

/**
 * The activation's sample counts as met for the range (N days, in an order): by creation, a range
 * whose span holds the date of a new contact of the sample holds that contact. One it leaves out
 * shows a list by insertion, where the contacts inserted before a backfill dated days back sit
 * behind it: the activation took the backfill's pages from the new end for the N days' old end,
 * and the sample's page 1 was never read again (helper-46: Emit Contacts From the Last 3 Days,
 * 163 of 192 never came).
 */
export function withSampled(
	view: LedgerView,
	activationPages: ReadPage[],
): LedgerView['seenBetween'] {
	const sampledNew = activationPages
		.flatMap((p) => p.contacts)
		.filter((c) => !view.isKnown(c))
		.map((c) => ({ key: idKey(c?.id), t: view.time(c) }));
	return (after, upTo) => [
		...view.seenBetween(after, upTo),
		...sampledNew.flatMap(({ key, t }) =>
			key !== undefined && t !== undefined && t > after && t <= upTo ? [key] : [],
		),
	];
}

/** How long a poll's range is taken to read: requests that leave the minute by then count as left. */
export const RANGE_READ_MS = 5_000;

/**
 * The read of a poll that trusts an order, and the rolling check of that order. Contacts a range
 * left out that the poll before could not look up (`lookUp`: the range took its share) are looked
 * up first: found still there, the order broke and a walk starts; while the share does not hold
 * them yet, the poll reads nothing else.
 */
export async function readByOrder(
	reader: PageReader,
	state: OrderedState,
	readInput: ReadInput,
	maxPerPoll: number,
): Promise<NewContactReading> {
	const { order, lookUp: pending } = state;
	const first = pending && (await readInput.lookUp(pending, 0));
	if (first === 'later') return { pages: [], reachesHandled: true, learned: unchanged(state) };
	if (first === 'broken') return { pages: [], reachesHandled: false, learned: walkNext() };
	// Contacts found deleted (at a poll before, or just now) need not be in a range.
	const found = [...(state.deleted ?? []), ...(first === 'deleted' ? (pending?.ids ?? []) : [])];
	const deletedIds = new Set(found);
	const seenBetween = (after: number, upTo: number) =>
		readInput.seenBetween(after, upTo).filter((id) => !deletedIds.has(id));
	// Once contacts above the floor were handled, the first known one from the new end must not be
	// below it; before, the oldest new one must not be after the N days' backlog (`backlogBy`).
	const anyHandled = state.handledTo !== null || Object.keys(state.seen).length > 0;
	const backlogBy = anyHandled ? undefined : state.backlogBy;
	const main = await readOrdered({
		reader,
		order,
		...readInput,
		seenBetween,
		belowFloor: anyHandled ? readInput.belowFloor : undefined,
		backlogBy,
		maxPerPoll,
		total: state.count,
		boundary: state.boundary,
	});
	const pages: ReadPage[] = [...main.range];
	// Contacts emitted in the range's times that it left out: deleted since, or a list by insertion.
	// The control is a contact the range holds, the oldest first (the newest may be deleted while
	// the poll reads), sorted only for a lookup: the service must answer it as there. When the share
	// holds no lookup now (`later`), the range is taken and the next poll looks them up first: found
	// still there, the walk then goes on from where the check's last round began, before this range.
	const { leftOut = [] } = main;
	let verdict: LeftOutVerdict = 'deleted';
	let lookUp: LeftOut | undefined;
	if (main.ordered && leftOut.length > 0) {
		const contacts = main.range.flatMap((p) => p.contacts);
		const byAge = contacts.map((c) => ({ c, t: readInput.time(c) ?? 0 }));
		lookUp = leftOutOf(
			leftOut,
			byAge.sort((a, b) => a.t - b.t).map(({ c }) => idKey(c?.id) ?? ''),
		);
		verdict = lookUp ? await readInput.lookUp(lookUp, 1) : 'broken';
	}
	let ordered = main.ordered && verdict !== 'broken';
	let checkedTo = state.checkedTo;
	// Where the next round is marked when one completes: the service's present as this poll's read
	// met it. A round keeps its mark until it completes, begun or not: re-marked at every poll whose
	// check got no request (an import took the share), the mark of a round that read nothing rose
	// with the present, and before the first round completes it bounds the floor, which passed
	// contacts searchable late that no round had read (property run, seed 34: 33 of 929).
	const mark = main.metTop ?? state.handledTo ?? state.floor;
	let roundFrom = state.roundFrom ?? mark;
	let checkedFrom = state.checkedFrom;
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
		// The check's contacts take places of the poll too: one out of place the range left may wait.
		const placed = keepsPlace(main.range, { ...readInput, order, maxPerPoll }, late.pages);
		ordered = check.ordered && late.ordered && placed;
	}
	// The service broke the order: the next polls walk the whole window, until a walk shows one.
	if (!ordered) return { pages, reachesHandled: false, learned: walkNext() };
	const kept = [...found, ...(verdict === 'deleted' ? leftOut : [])];
	const deleted = [...new Set(kept)].slice(-MAX_DELETED);
	const learned: NewContactLearned = {
		mode: 'ordered',
		order,
		checkedTo,
		roundFrom,
		...(checkedFrom === undefined ? {} : { checkedFrom }),
		count: main.total ?? state.count,
		...(main.boundary ? { boundary: main.boundary } : {}),
		...(backlogBy === undefined ? {} : { backlogBy }),
		...(deleted.length > 0 ? { deleted } : {}),
		...(verdict === 'later' && lookUp ? { lookUp } : {}),
	};
	const { pagesWaiting } = main;
	const low = pagesWaiting ? oldestOf(main.range, readInput.time) : undefined;
	return { pages, reach: main.rangeTop, reachesHandled: true, pagesWaiting, low, learned };
}

/** The order broke: the next polls walk the whole window, until a walk shows one. */
const walkNext = (): NewContactLearned => ({ mode: 'walking', walk: null });

/** What a poll that read nothing learned: the positions stored, as they are. */
function unchanged(state: OrderedState): NewContactLearned {
	const { order, checkedTo, roundFrom, checkedFrom, count, boundary, backlogBy } = state;
	const { deleted, lookUp } = state;
	return {
		mode: 'ordered',
		order,
		checkedTo,
		roundFrom,
		checkedFrom,
		count,
		boundary,
		backlogBy,
		deleted,
		lookUp,
	};
}
