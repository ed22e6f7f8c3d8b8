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
 * cutoff) and the floor does not rise, until reads place it (placePriorFloor). At the service's
 * present it stands as the cutoff. Lifted by dates ahead, it goes: the cutoff goes back to the
 * state's own (version 1: its activation) and the handled point to the floor, so the contacts
 * below it that were not emitted come; those emitted and dropped from `seen` between the floor
 * and it may come again, and the log names that range. No zone is more than 14 hours ahead of
 * UTC: a floor further ahead goes at once.
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
	/** It went without a read: further ahead than any zone. */
	beyondZones?: true;
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
		const placed: Placed = { atPresent: false, priorFloor: state.floor, floor, beyondZones: true };
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
 * gap, or end a walk): still waiting (with what they met), or placed. The contacts not in `seen`
 * that a first complete read meets may be ones the older version emitted and dropped, so they
 * place nothing, unless three are dated at or above it (contacts created since, on a service
 * whose dates run ahead). Contacts that arrive after that read (dated above the newest it met)
 * place it: at or above it, at the service's present; below, lifted. Without arrivals nothing
 * waits that could be lost, so it waits (the floor held; `seen` grows only by what is emitted).
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
			// Before the first complete read everything counts; after it, only arrivals.
			if (prior.top === undefined || created > prior.top) met[key] = created;
		}
	// The three newest are all a placing needs.
	const newest = Object.entries(met)
		.sort((a, b) => b[1] - a[1])
		.slice(0, 3);
	const dates = newest.map(([, created]) => created);
	const present = cutoffOf(dates);
	const placed = (atPresent: boolean) => ({
		cutoff: atPresent ? prior.at : prior.cutoff,
		placed: { atPresent, priorFloor: prior.at, floor: state.floor, present: present! },
	});
	if (!complete) return { priorFloor: { ...prior, met: Object.fromEntries(newest) } };
	if (prior.top === undefined) {
		if (dates.length === 3 && present! >= prior.at) return placed(true);
		return { priorFloor: { ...prior, top: dates[0] ?? state.floor, met: {} } };
	}
	if (present === null) return { priorFloor: prior };
	return placed(present >= prior.at);
}
