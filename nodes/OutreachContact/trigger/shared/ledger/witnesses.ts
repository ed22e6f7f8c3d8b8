import type { Candidate } from './candidates';
import { WAITING_WITNESSES } from './candidates';
import type { NewContactLearned } from './newContactReading';
import { MAX_DELETED, type NewContactState } from './shapes';

/**
 * What an ordered New Contact state keeps of the contacts a range must hold besides those it
 * emitted (newContact/witnesses.ts): the ids a lookup found deleted, for emitted contacts alone
 * (`deleted`), and the oldest contacts its polls left waiting (`leftWaiting`). Nothing once the
 * order broke (a walk reads the window).
 */
export function witnessesAfter(
	state: NewContactState,
	learned: NewContactLearned,
	poll: { chosen: Candidate[]; left: Candidate[]; handledTo: number | null },
): Pick<Extract<NewContactState, { mode: 'ordered' }>, 'deleted' | 'leftWaiting'> {
	if (state.mode !== 'ordered' || learned.mode !== 'ordered') return {};
	const { seen } = state;
	const knownDeleted = learned.deleted ?? [];
	const deleted = knownDeleted
		.filter((id) => Object.prototype.hasOwnProperty.call(seen, id))
		.slice(-MAX_DELETED);
	const doneNow = new Set([...knownDeleted, ...poll.chosen.map((c) => c.key)]);
	const waitsNoMore = (id: string) =>
		doneNow.has(id) || Object.prototype.hasOwnProperty.call(seen, id);
	const leftWaiting = leftWaitingOf(state, poll.left, waitsNoMore, poll.handledTo);
	return {
		...(knownDeleted.length > 0 ? { deleted } : {}),
		...(leftWaiting ? { leftWaiting } : {}),
	};
}

/**
 * What an ordered state keeps of the contacts its polls left waiting (`leftWaiting`): the oldest
 * WAITING_WITNESSES of those this poll's read named and those the state held that still wait (not
 * emitted, not found deleted, above the handled point). A read that did not reach their times
 * names none of them; replaced by its own, one moved between two page reads at the poll after was
 * lost (helper-64: the same case at Requests per Minute 16 to 19).
 */
function leftWaitingOf(
	state: Extract<NewContactState, { mode: 'ordered' }>,
	named: Candidate[],
	waitsNoMore: (id: string) => boolean,
	handledTo: number | null,
) {
	const all = new Map(
		Object.entries(state.leftWaiting ?? {}).filter(
			([id, t]) => !waitsNoMore(id) && (handledTo === null || t > handledTo),
		),
	);
	for (const c of named) all.set(c.key, c.created);
	return oldestWaiting([...all]);
}

/** The oldest WAITING_WITNESSES of some waiting contacts (by time, then id), or undefined for none. */
export function oldestWaiting(
	entries: Array<[string, number]>,
): Record<string, number> | undefined {
	const oldest = [...entries].sort(([a, s], [b, t]) => s - t || (a < b ? -1 : a > b ? 1 : 0));
	const kept = oldest.slice(0, WAITING_WITNESSES);
	return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}
