import type { ReadPage } from '../../../paging/pageReader';
import { atPresent, withBoundaryMarks, type NewContactReading } from './newContactReading';
import { type PollRules } from './candidates';
import { sampleHoldsFloor, sampleWitnesses, witnessesAfter } from './witnesses';
import { type Order, type TimeOf } from '../serviceTime';
import { collect, FIRST_RUN_LOOKBACK_MS, keys, nextFloor, remember, type Settled } from './ledger';
import { belowPriorFloor } from './priorFloor';
import { keptWhileBelow, orderedSampleOf, sampledAgain, samplingOf } from './orderProof';
import { activationCutoff, backlogOf } from './activationCutoff';
import { goesOn, met, restarted, sampledCutoff, sampleWindow, startSampling } from './sampling';
import { lagAfter, observeLag, serviceNow, zonelessDates } from './zoneLag';
import {
	STATE_VERSION,
	type NewContactBase,
	type NewContactState,
	type Sampling,
	type Walk,
} from './shapes';

/** New Contact's part of the ledger (ledger.ts holds what every event shares, eligible.ts the part of the events of eligible contacts). */

/** The state after a first activation's sample (docs/trigger.md, "First activation"). */
export function activatedNewContact(sample: {
	pages: ReadPage[];
	order?: Order;
	/** Whether the sample left pages of the window unread (activationSample.ts): a walk completes it. */
	partial?: boolean;
	/** Page 1 and the last pages of a list that broke the order oldest first (Sample's `ends`). */
	ends?: true;
	/** The order was proved: as much evidence as ORDER_EVIDENCE contacts in one list (Sample's `proved`). */
	proved?: true;
	count?: number;
	pageSize?: number;
	/** The window the sample read (`Less than` days). */
	days: number;
	now: number;
	time: TimeOf;
	/** "Emit Contacts From the Last N Days": N days back, and the walk that emits them after the sample's third newest. */
	initialFloor?: number;
	walk?: (previous: number | null) => Walk & { previous: number | null };
}): { state: NewContactState; unreadable: string[] } {
	const { now, initialFloor, pageSize, count, time } = sample;
	const blank: NewContactBase = {
		version: STATE_VERSION,
		baseline: now,
		floor: -Infinity,
		cutoff: null,
		handledTo: null,
		seen: {},
		logged: [],
	};
	const rules = { now, maxPerPoll: 1, time };
	const read = collect({ ...blank, mode: 'walking', walk: null }, sample.pages, rules, false);
	const times = read.chosen.map((c) => c.created);
	const top = activationCutoff(sample.pages, times, time, sample.ends ? 'ends' : sample.order, now);
	const cutoff = initialFloor === undefined ? top : null;
	const handledTo = cutoff === null ? null : Math.min(cutoff, now);
	const zoneLag = observeLag(undefined, zonelessDates(sample.pages, -Infinity, {}, time, now), now);
	const base: NewContactBase = {
		...blank,
		floor:
			cutoff !== null
				? nextFloor(-Infinity, handledTo, now)
				: (initialFloor ?? now - FIRST_RUN_LOOKBACK_MS),
		cutoff,
		handledTo,
		// Contacts read above the cutoff (two dated hours ahead, say) were there too: recorded.
		seen: cutoff === null ? {} : keys(read.chosen.filter((c) => c.created > cutoff)),
		...(pageSize === undefined ? {} : { pageSize }),
		...(zoneLag ? { zoneLag } : {}),
	};
	// A sample the first walk completes only matters to the cutoff, which N days do without. An
	// order told on fewer than ORDER_EVIDENCE contacts is not taken with N days: there is no cutoff
	// for a later read to fall back on (orderProof.ts), and reads by a false order raised the floor
	// past a contact of the N days they had not met (survey 1800000). The walk learns the order.
	const taken = sample.proved || initialFloor === undefined ? sample.order : undefined;
	const state: NewContactState =
		taken && (!sample.partial || initialFloor !== undefined)
			? {
					...base,
					mode: 'ordered',
					order: taken,
					checkedTo: 0,
					...(handledTo === null ? {} : { checkedFrom: handledTo }),
					...backlogOf(times, initialFloor),
					...(count === undefined ? {} : { count }),
					...sampleWitnesses(read.chosen, initialFloor),
				}
			: { ...base, mode: 'walking', walk: sample.walk?.(top) ?? null };
	// Pages the sample left unread: the first walk completes it before anything is emitted. Else
	// the reads prove the sample's order (orderProof.ts).
	if (state.mode === 'walking' && sample.partial && cutoff !== null)
		state.sampling = startSampling(sample.pages, time, now, sample.days);
	const at = { time, now, days: sample.days };
	if (state.mode === 'ordered')
		Object.assign(state, orderedSampleOf(sample.pages, sample, cutoff, at));
	return { state, unreadable: read.report.unreadable };
}

/** Emits the oldest Max Contacts per Poll candidates, records them, moves the handled point and the floor. */
export function settleNewContact(
	state: NewContactState,
	read: NewContactReading,
	rules: PollRules,
): Settled<NewContactState> {
	const { now } = rules;
	if (state.mode === 'walking' && state.sampling)
		return settleSampling(state, state.sampling, read, rules);
	// The order broke while it rested on the sample: the sample becomes the sampling (orderProof.ts).
	if (state.mode === 'ordered' && state.orderedSample && read.learned.mode === 'walking') {
		const sampling = samplingOf(state.orderedSample);
		const walking = { ...sampledAgain(state), mode: 'walking' as const, walk: null, sampling };
		const learned = { mode: 'walking' as const, walk: null };
		// The read's pages count once, when the walk reads them again (helper-54: counted twice,
		// three dated ahead without a zone took the cutoff past contacts created after the activation).
		const none = { ...read, pages: [], complete: false, learned };
		return settleSampling(walking, sampling, none, rules);
	}
	const { chosen, witnesses, emit, report } = collect(state, read.pages, rules);
	const { reach } = read;
	// While contacts wait, the handled point is where this read got to, even below where it was
	// (contacts dated ahead lifted it): the floor must not pass them.
	const waiting = read.reachesHandled && (report.backlog > 0 || read.pagesWaiting === true);
	let handledTo = state.handledTo;
	if (reach !== undefined)
		handledTo = handledTo === null || waiting ? reach : Math.max(handledTo, reach);
	// The order broke: what reads by it proved is void until the walk that starts now completes
	// (it goes on from the handled point stored): back to where the check's last round began.
	if (state.mode === 'ordered' && read.learned.mode === 'walking' && handledTo !== null)
		handledTo = state.checkedFrom === undefined ? null : Math.min(handledTo, state.checkedFrom);
	// Contacts left by Max Contacts per Poll are newer than the last emitted, whatever the read
	// proved (a read whose order broke, a walk): the handled point stops there.
	const last = chosen[chosen.length - 1];
	if (report.backlog > 0 && last && handledTo !== null)
		handledTo = Math.min(handledTo, last.created);
	const { version, baseline, cutoff, seen, logged } = state;
	const pageSize = read.pageSize ?? state.pageSize;
	// The service's present as this poll's own dates put it (the readers had the one before them).
	const zoneLag = lagAfter(state, read.pages, rules);
	const present = serviceNow(zoneLag, now);
	const storedEmittedTo = state.mode === 'ordered' ? state.boundary?.emittedTo : undefined;
	const fullPoll = report.backlog >= rules.maxPerPoll;
	const learned = withBoundaryMarks(
		atPresent(read.learned, present),
		last?.created,
		storedEmittedTo,
		fullPoll,
	);
	// Before the check's first round completes (N days: nothing handled at the activation), the
	// round under way bounds the floor (docs/trigger.md, "Before the first round"; survey 270000).
	const round = learned.mode === 'ordered' ? learned : undefined;
	const checked = round && (round.checkedFrom ?? round.roundFrom ?? state.floor);
	// A prior floor (priorFloor.ts): the walk records what it meets below it; the floor waits
	// until the walk is complete, that poll included.
	const prior = state.priorFloor;
	const below = prior ? belowPriorFloor(prior, state, read.pages, rules) : [];
	const placed = prior && read.whole === true;
	// While new contacts wait on pages not read, the floor stays below the oldest read: by insertion
	// they may hold older ones (survey 220000: an import inserted after 3 dated ahead never came).
	const { low } = read;
	const floorTo = handledTo === null || low === undefined ? handledTo : Math.min(handledTo, low);
	// The floor may wait for the activation's sample (witnesses.ts, sampleHoldsFloor).
	const witnessed = witnessesAfter(state, learned, { chosen, left: witnesses, handledTo });
	const ids = () => Object.keys(seen).length + chosen.length;
	const holds = prior || sampleHoldsFloor(state, learned, witnessed, ids);
	const floor = holds ? state.floor : nextFloor(state.floor, floorTo, present, checked);
	const proof =
		learned.mode === 'ordered' && state.mode === 'ordered' ? state.orderedSample : undefined;
	const next = {
		...{ version, baseline, floor, cutoff, handledTo, seen, logged, ...learned },
		...witnessed,
		...keptWhileBelow(proof, floor),
		...(zoneLag ? { zoneLag } : {}),
		...(prior && !placed
			? { priorFloor: { ...prior, recorded: prior.recorded + below.length } }
			: {}),
	};
	const kept = remember({ ...next, ...(pageSize ? { pageSize } : {}) } as NewContactState, [
		...chosen,
		...below,
	]);
	return {
		...report,
		emit,
		...kept,
		pagesWaiting: read.pagesWaiting,
		inconsistent: read.inconsistent,
		...(prior && placed
			? { placed: { priorFloor: prior.at, floor, recorded: prior.recorded + below.length } }
			: {}),
	};
}

/**
 * A poll of the walk that completes the activation's sample (sampling.ts): it emits and records
 * nothing. Once the walk is complete (or ended early: the pages did not add up), the cutoff
 * rises to what it met, and the walks that emit start.
 */
function settleSampling(
	state: Extract<NewContactState, { mode: 'walking' }>,
	walked: Sampling,
	read: NewContactReading,
	rules: PollRules,
): Settled<NewContactState> {
	const { now, time } = rules;
	const days = state.walk?.days ?? sampleWindow(walked, now);
	const sampling = met(walked, read.pages, time, now, days);
	const zoneLag = lagAfter(state, read.pages, rules);
	const pageSize = read.pageSize ?? state.pageSize;
	const kept = { ...(zoneLag ? { zoneLag } : {}), ...(pageSize ? { pageSize } : {}) };
	const { report } = collect(state, [], rules);
	const done = { ...report, emit: [], inconsistent: read.inconsistent };
	if (!read.complete) {
		const walk = read.learned.mode === 'walking' ? read.learned.walk : state.walk;
		return { ...done, state: { ...state, ...kept, walk, sampling } };
	}
	// A walk cut short did not meet the window's newest: it goes on again (sampling.ts, goesOn).
	const { learned } = read;
	if (learned.mode === 'walking' && goesOn(walked, read.cutShort, learned.walk?.page, pageSize)) {
		const again = { ...state, ...kept, walk: learned.walk, sampling: restarted(sampling) };
		return { ...done, state: again };
	}
	const { version, baseline, seen, logged } = state;
	const cutoff = sampledCutoff(sampling, state.cutoff);
	const handledTo = cutoff === null ? state.handledTo : Math.min(cutoff, now);
	const floor = nextFloor(state.floor, handledTo, serviceNow(zoneLag, now));
	const base: NewContactBase = {
		version,
		baseline,
		floor,
		cutoff,
		handledTo,
		seen,
		logged,
		...kept,
	};
	const checked = handledTo === null ? {} : { checkedFrom: handledTo };
	const next: NewContactState =
		read.learned.mode === 'ordered'
			? { ...base, ...read.learned, checkedTo: 0, ...checked }
			: { ...base, mode: 'walking', walk: null };
	return { ...done, ...remember(next, []) };
}
