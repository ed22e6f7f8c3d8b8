import type { Candidate } from './candidates';
import { WAITING_WITNESSES } from './candidates';
import type { NewContactLearned } from './newContactReading';
import { MAX_DELETED, type NewContactState } from './shapes';

/**
 * What an ordered New Contact state keeps of the contacts a range must hold besides those it
 * emitted (newContact/witnesses.ts): the ids a lookup found deleted, for emitted contacts alone
 * (`deleted`), the oldest contacts its polls left waiting (`leftWaiting`) and the oldest new
 * contacts of the activation's sample (`sampleWaiting`), WAITING_WITNESSES of each. Nothing once
 * the order broke (a walk reads the window).
 */
export function witnessesAfter(
	state: NewContactState,
	learned: NewContactLearned,
	poll: { chosen: Candidate[]; left: Candidate[]; handledTo: number | null },
): Pick<
	Extract<NewContactState, { mode: 'ordered' }>,
	'deleted' | 'leftWaiting' | 'sampleWaiting'
> {
	if (state.mode !== 'ordered' || learned.mode !== 'ordered') return {};
	const { seen } = state;
	const knownDeleted = learned.deleted ?? [];
	const deleted = knownDeleted
		.filter((id) => Object.prototype.hasOwnProperty.call(seen, id))
		.slice(-MAX_DELETED);
	const doneNow = new Set([...knownDeleted, ...poll.chosen.map((c) => c.key)]);
	const waitsNoMore = (id: string) =>
		doneNow.has(id) || Object.prototype.hasOwnProperty.call(seen, id);
	// Kept while they wait: not emitted, not found deleted, above the handled point.
	const stillWaiting = (kept: Record<string, number> = {}) =>
		Object.entries(kept).filter(
			([id, t]) => !waitsNoMore(id) && (poll.handledTo === null || t > poll.handledTo),
		);
	// The oldest of those the state held and those this poll's read named. A read that did not
	// reach their times names none of them; replaced by its own, one moved between two page reads
	// at the poll after was lost (helper-64: the same case at Requests per Minute 16 to 19).
	const named = new Map(stillWaiting(state.leftWaiting));
	for (const c of poll.left) named.set(c.key, c.created);
	const leftWaiting = oldestWaiting([...named]);
	const sampleWaiting = oldestWaiting(stillWaiting(state.sampleWaiting));
	return {
		...(knownDeleted.length > 0 ? { deleted } : {}),
		...(leftWaiting ? { leftWaiting } : {}),
		...(sampleWaiting ? { sampleWaiting } : {}),
	};
}

/**
 * With N days in an order, the activation keeps the oldest WAITING_WITNESSES new contacts of the
 * sample's pages (`sampleWaiting`, newContact.ts): they witness the ranges of every poll until
 * they come (newContact/witnesses.ts), not only the activation poll's. The set only shrinks (a
 * contact emitted, found deleted or passed by the handled point leaves it, none joins). In a list
 * by insertion, a backfill dated days back that arrives while the activation bisects sets the N
 * days' old end at the backfill, and the sample's contacts behind it never came (property run,
 * seed 87, schedule 3568: 22 of 22 with Tokyo dates). A range that passes their dates without
 * them looks them up (leftOutLookup.ts): one still there, or a share with no request for the
 * lookups, drops the order, and the walk of the window finds them. Kept apart from
 * `leftWaiting`, whose oldest 10 were the backfill's own contacts from the next poll on. The
 * cost, in a list by creation: a witness deleted before it comes is looked up, or at a share too
 * small for the lookup the order is dropped (helper-84: 141 of 400 schedules with deletions
 * dropped it instead of 113; none more without deletions).
 */
export function sampleWitnesses(chosen: Candidate[], initialFloor: number | undefined) {
	if (initialFloor === undefined) return {};
	const waiting = chosen.filter((c) => c.created >= initialFloor);
	const sampleWaiting = oldestWaiting(waiting.map((c) => [c.key, c.created]));
	return sampleWaiting ? { sampleWaiting } : {};
}

/**
 * The most ids `seen` holds while the floor waits for the sample's witnesses (sampleHoldsFloor):
 * a tenth of the 20,000 the state's bound holds.
 */
export const SAMPLE_HOLD_IDS = 2_000;

/**
 * Whether the floor stays where it is for the sample's witnesses (its new contacts dated within
 * the N days): while any of them waits after this poll, and at the poll whose read found the
 * order broken (the walk then begins at the floor), at the polls where `seen` with this poll's
 * ids (`ids`, counted only then) holds fewer than SAMPLE_HOLD_IDS. The sample's later pages have
 * no witness: by insertion, the floor following a backfill's emitted contacts passed them before
 * a witness showed the order broken, and the walk began above them (helper-84: 20 of 27). By
 * creation the witnesses, newest first the newest of the N days, come last: the floor then waits
 * for the whole N days' backlog, and `seen` keeps each id emitted meanwhile; without the limit an
 * N-day backlog past 20,000 contacts filled the state's bound, which gave up ids at every poll
 * and logged so (helper-85). At a poll past the limit the floor follows the handled point and
 * `seen` lets go of the ids it passes; below the limit again, the floor waits again (helper-86).
 */
export function sampleHoldsFloor(
	state: NewContactState,
	learned: NewContactLearned,
	after: { sampleWaiting?: Record<string, number> },
	ids: () => number,
): boolean {
	if (state.mode !== 'ordered' || state.sampleWaiting === undefined) return false;
	if (ids() >= SAMPLE_HOLD_IDS) return false;
	return learned.mode !== 'ordered' || after.sampleWaiting !== undefined;
}

/** The oldest WAITING_WITNESSES of some waiting contacts (by time, then id), or undefined for none. */
export function oldestWaiting(
	entries: Array<[string, number]>,
): Record<string, number> | undefined {
	const oldest = [...entries].sort(([a, s], [b, t]) => s - t || (a < b ? -1 : a > b ? 1 : 0));
	const kept = oldest.slice(0, WAITING_WITNESSES);
	return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}
