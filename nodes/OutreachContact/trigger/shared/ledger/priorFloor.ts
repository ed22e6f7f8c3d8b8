import type { ReadPage } from '../../../paging/pageReader';
import type { PollRules } from './candidates';
import { idKey } from './candidates';
import { OVERLAP_MS } from './ledger';
import { cutoffOf, FUTURE_TOLERANCE_MS, HOUR_MS } from '../serviceTime';
import type { NewContactState, PriorFloor } from './shapes';

/**
 * A stored floor ahead of n8n's clock (docs/trigger.md, "A stored state of another version").
 * Versions before 1.1 let the floor follow the service's dates, so a state they saved may hold
 * one hours ahead for either of two reasons that the state cannot tell apart:
 *
 * - the service writes dates without a zone in the local time of a zone east of UTC: the floor
 *   is where the service's present is, every contact below it was handled, and the ids below it
 *   were dropped from `seen`;
 * - contacts dated ahead (an import with wrong dates) lifted it past the service's present: the
 *   contacts created below it since were skipped, and those created from now on are below it too.
 *
 * The floor rule holds in both (the floor goes back to n8n's clock less the overlap); the stored
 * floor becomes the **prior floor**: contacts created below it count as handled (it is the
 * cutoff) and the floor does not rise, until a complete read places it. The contacts a read
 * meets that are not in `seen` show the service's present: their third newest at or above the
 * prior floor less the overlap places it at the service's present (it stands as the cutoff);
 * below, it was lifted by dates ahead: the cutoff goes back to the activation's and the handled
 * point to the floor (nothing above it was proved handled), so the contacts below it that were
 * not emitted come (those emitted and dropped from `seen` between
 * the floor and it may come again: the log names the range). No zone is more than 14 hours
 * ahead of UTC: a floor further ahead is placed as lifted at once. A prior floor no read placed
 * by the time n8n's clock passes it by the overlap is placed as lifted: repeats over loss.
 */

/** UTC+14: no zone is further ahead. */
export const MOST_LEAD_MS = 14 * HOUR_MS;

/** How a prior floor was placed, for the log. */
export interface Placed {
	/** True: at the service's present (it stands); false: lifted by dates ahead (it goes). */
	atPresent: boolean;
	/** The prior floor, and the floor it goes back to. */
	priorFloor: number;
	floor: number;
	/** What the reads met of the service's present. */
	present?: number;
	/** Why it went without a read: further ahead than any zone, or no read placed it in time. */
	unread?: 'beyondZones' | 'late';
}

/**
 * A stored New Contact state as a poll starts from it: a floor ahead of n8n's clock goes back to
 * the clock less the overlap, and becomes the prior floor (or, beyond any zone, goes at once).
 */
export function openedNewContact(
	state: NewContactState,
	now: number,
): { state: NewContactState; rewound?: number; placed?: Placed } {
	if (state.floor <= now) return { state };
	const floor = now - OVERLAP_MS;
	// A version 1 state has no cutoff: its activation, on n8n's clock, keeps what was there out.
	const cutoff = state.cutoff ?? state.baseline;
	if (state.floor > now + MOST_LEAD_MS + OVERLAP_MS) {
		const placed: Placed = {
			atPresent: false,
			priorFloor: state.floor,
			floor,
			unread: 'beyondZones',
		};
		const handledTo = state.handledTo === null ? null : Math.min(state.handledTo, floor);
		return { state: { ...state, floor, cutoff, handledTo }, rewound: state.floor, placed };
	}
	const priorFloor: PriorFloor = { at: state.floor, cutoff, met: {} };
	// A walk under way began before the update: the one that places the prior floor starts now.
	const walk = state.mode === 'walking' ? { walk: null } : {};
	return {
		state: { ...state, ...walk, floor, cutoff: state.floor, priorFloor },
		rewound: state.floor,
	};
}

/**
 * The prior floor after a poll that read `pages` (`complete`: they reach the new end without a
 * gap, or end a walk): still waiting (with what they met), or placed.
 */
export function placePriorFloor(
	prior: PriorFloor,
	state: NewContactState,
	pages: ReadPage[],
	complete: boolean,
	rules: PollRules,
): { priorFloor: PriorFloor } | { cutoff: number | null; placed: Placed } {
	const { now, time } = rules;
	const met = { ...prior.met };
	for (const page of pages)
		for (const contact of page.contacts) {
			const key = idKey(contact?.id);
			const created = time(contact);
			if (key === undefined || created === undefined || key in state.seen) continue;
			if (created < state.floor || created > now + FUTURE_TOLERANCE_MS) continue;
			met[key] = created;
		}
	// The three newest are all a placing needs.
	const newest = Object.entries(met)
		.sort((a, b) => b[1] - a[1])
		.slice(0, 3);
	const present = cutoffOf(newest.map(([, created]) => created));
	const placed = (atPresent: boolean, seen: Pick<Placed, 'present' | 'unread'>) => ({
		cutoff: atPresent ? prior.at : prior.cutoff,
		placed: { atPresent, priorFloor: prior.at, floor: state.floor, ...seen },
	});
	if (complete && present !== null) return placed(present >= prior.at - OVERLAP_MS, { present });
	if (now >= prior.at + OVERLAP_MS) return placed(false, { unread: 'late' });
	return { priorFloor: { ...prior, met: Object.fromEntries(newest) } };
}
