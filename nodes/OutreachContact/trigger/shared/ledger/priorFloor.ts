import type { ReadPage } from '../../../paging/pageReader';
import type { Candidate, PollRules } from './candidates';
import { collect, OVERLAP_MS } from './ledger';
import type { NewContactState, PriorFloor } from './shapes';

/**
 * A stored floor ahead of n8n's clock (docs/trigger.md, "A stored state of another version").
 * Versions before 1.1 let the floor follow the service's dates, so a state they saved may hold
 * one hours ahead for either of two reasons that nothing in the state or in the service's answers
 * tells apart:
 *
 * - the service writes dates without a zone in the local time of a zone east of UTC: the floor
 *   is where the service's present is, every contact below it was emitted, and the ids below it
 *   were dropped from `seen`;
 * - contacts dated ahead (an import with wrong dates) lifted it past the service's present: the
 *   contacts created below it since were skipped, and every contact created from now on is dated
 *   below it too.
 *
 * What is true in both: every contact below it that exists at the update was emitted by the older
 * version or skipped by it for good, and every contact created after the update is owed. So the
 * floor goes back to n8n's clock less the overlap (the floor rule), the stored floor becomes the
 * **prior floor**, and the first walk of the whole window after the update records the contacts
 * it meets between the floor and the prior floor as handled (meanwhile the prior floor acts as the
 * cutoff, cutoffIn, and the floor waits). Once a walk is complete and whole (every page read, the
 * list neither shrank nor broke: otherwise the next walk records too), the prior floor goes, and
 * a contact created from then on comes whatever its date. The state's own cutoff stays as it was
 * (version 1 has none: its activation, `baseline`), so a stored prior floor that cannot be read
 * brings repeats, never a loss. A contact created while the walk reads (one poll on most
 * accounts; more on a small budget) and dated below the prior floor may be taken for one that
 * was there: the log says so.
 */

/** The prior floor placed by a poll, for the log. */
export interface Placed {
	/** The prior floor, the floor that goes on, and how many contacts between them were recorded. */
	priorFloor: number;
	floor: number;
	recorded: number;
}

/**
 * A stored New Contact state as a poll starts from it: a floor ahead of n8n's clock goes back to
 * the clock less the overlap and becomes the prior floor; a walk of the whole window starts (with
 * an order too: the ordered read stops at known contacts and would not meet them all). The
 * handled point goes back to the floor: what lies above it is for that walk to say.
 */
export function openedNewContact(
	state: NewContactState,
	now: number,
): { state: NewContactState; rewound?: number } {
	// A zone lag is stored by this version alone (no older one wrote it): its floor is ahead only
	// where the state's byte bound gave up ids dated ahead (ledger.ts, remember). Taken for an
	// older version's, it went back, and a contact dated at it came twice (survey 380000).
	if (state.floor <= now || state.zoneLag) return { state };
	const floor = now - OVERLAP_MS;
	const priorFloor: PriorFloor = { at: state.floor, recorded: 0 };
	const { version, baseline, seen, logged, pageSize, zoneLag } = state;
	// A version 1 state has no cutoff: its activation, on n8n's clock, keeps what was there out.
	const cutoff = state.cutoff ?? baseline;
	const opened: NewContactState = {
		...{ version, baseline, seen, logged, floor, cutoff, priorFloor },
		handledTo: state.handledTo === null ? null : Math.min(state.handledTo, floor),
		...(pageSize === undefined ? {} : { pageSize }),
		...(zoneLag ? { zoneLag } : {}),
		mode: 'walking',
		walk: null,
	};
	return { state: opened, rewound: state.floor };
}

/** The contacts of `pages` between the floor and the prior floor, not in `seen`: to record. */
export function belowPriorFloor(
	prior: PriorFloor,
	state: NewContactState,
	pages: ReadPage[],
	rules: PollRules,
): Candidate[] {
	const { chosen } = collect(
		{ ...state, cutoff: null, priorFloor: undefined },
		pages,
		rules,
		false,
	);
	return chosen.filter((c) => c.created < prior.at);
}
