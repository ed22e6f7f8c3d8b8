import type { ReadPage } from '../../../paging/pageReader';
import type { Contact } from '../../../types';
import type { PollRules } from './candidates';
import { collect, keys, remember, type Settled } from './ledger';
import { DAY_MS, windowDays, type Order } from '../serviceTime';
import { activationCutoff } from './activationCutoff';
import { cutShort, goesOn, met, restarted, sampledCutoff, startSampling } from './sampling';
import { disproved, orderedSampleOf, samplingOf } from './orderProof';
import type { EligibleReading } from './eligibleReading';
import { STATE_VERSION, type EligibleBase, type EligibleState, type Sampling } from './shapes';

/**
 * The ledger's rules for an event that wants each contact once it becomes eligible (Contact
 * Enriched; docs/trigger.md, "Eligible contacts"): its activation, and what a poll's walk and
 * new end emit and store. The invariants are the ledger's (ledger.ts).
 */

/** Contacts created longer than this before a complete walk are never emitted. */
export const RETENTION_MS = 30 * DAY_MS;

/**
 * The most days a walk's window is made wider than since's (after walks whose list shrank): what
 * it can find is bounded by the retention anyway, and a wider window only costs pages.
 */
export const MAX_ELIGIBLE_WIDENED = 8;

/** The most ids kept after a complete walk; beyond it the floor rises. */
export const MAX_SEEN = 20_000;

/** A walk's window may take hours: it is made a day wider than since's. */
const ELIGIBLE_WALK_SPAN_MS = DAY_MS;

/**
 * The walk that starts at `now`, for the eligible contacts updated since `since`; its window
 * `widened` times ELIGIBLE_WALK_SPAN_MS wider (after a walk whose list shrank, settleEligible).
 */
export function newEligibleWalk(since: number, now: number, widened = 1): EligibleState['walk'] {
	const walk = {
		page: 1,
		days: windowDays(now + widened * ELIGIBLE_WALK_SPAN_MS, since),
		startedAt: now,
		newest: null,
	};
	return widened > 1 ? { ...walk, widened } : walk;
}

/** A first activation: N days back to emit, or the sample's cutoff before which all is recorded. */
export function activatedEligible(
	rules: PollRules,
	since: number,
	sample?: {
		pages: ReadPage[];
		horizon: number;
		pageSize?: number;
		/** As activationSample.ts's Sample: pages of the window left unread, its order, `ends`, `proved`. */
		partial?: boolean;
		order?: Order;
		ends?: true;
		proved?: true;
	},
): EligibleState {
	const { now, time } = rules;
	const base: EligibleBase = {
		version: STATE_VERSION,
		baseline: now,
		since,
		floor: since,
		seen: {},
		logged: [],
		walk: newEligibleWalk(since, now),
	};
	if (!sample) return { ...base, mode: 'walking' };
	// Every contact read was there, wanted or not (the event's search may find contacts it does
	// not want yet): the cutoff is on creation. Only those it wants are recorded (collect).
	const { pages } = sample;
	const times = pages
		.flatMap((p) => p.contacts)
		.map(time)
		.filter((t): t is number => t !== undefined && t <= sample.horizon);
	const cutoff = activationCutoff(pages, times, time, sample.ends ? 'ends' : sample.order, now);
	const pageSize = sample.pageSize === undefined ? {} : { pageSize: sample.pageSize };
	if (cutoff === null) return { ...base, ...pageSize, mode: 'walking' };
	// Contacts of the sample above the cutoff (dated ahead, say) were there too: recorded.
	const { chosen } = collect({ ...base, floor: cutoff, mode: 'walking' }, pages, rules, false);
	// Pages the sample left unread: the first walk completes it before it records (sampling.ts).
	// Else the walk proves the sample's order (orderProof.ts).
	const at = { time, now, days: base.walk.days };
	const sampling = sample.partial
		? { sampling: startSampling(pages, time, now, at.days) }
		: orderedSampleOf(pages, sample, cutoff, at);
	const first: EligibleState = { ...base, ...pageSize, mode: 'first', cutoff, ...sampling };
	return remember<EligibleState>(first, chosen).state;
}

/** The floor that leaves at most `max` ids: one past the (max + 1)-th newest. */
function capFloor(seen: Record<string, number>, max: number): number {
	const times = Object.values(seen);
	if (times.length <= max) return -Infinity;
	times.sort((a, b) => b - a);
	return times[max] + 1;
}

/**
 * Emits what the walk and the new end found, records what the first walk finds created at or
 * before the cutoff, and after a complete walk that leaves nothing waiting starts the next from
 * this one's start (docs/trigger.md, "Eligible contacts").
 */
export function settleEligible(
	stored: EligibleState,
	read: EligibleReading,
	rules: PollRules,
): Settled<EligibleState> {
	const { now } = rules;
	const state = read.started ? { ...stored, walk: read.started } : stored;
	if (state.mode === 'first' && state.sampling)
		return settleSampling(state, state.sampling, read, rules);
	// The first walk found the list not in the sample's order: it becomes the sampling (orderProof.ts).
	if (
		state.mode === 'first' &&
		state.orderedSample &&
		disproved(state.orderedSample, read.walk, { ...read, cutoff: state.cutoff, time: rules.time })
	) {
		const { orderedSample, ...rest } = state;
		const sampling = samplingOf(orderedSample);
		// On the sample's window: contacts added while the walk reads count there (sampling.ts, met).
		const walk = { page: 1, days: sampling.days, startedAt: now, newest: null };
		const fresh = { ...rest, sampling, walk };
		// Its pages count once, when the walk reads them again (helper-54: counted twice, three dated
		// ahead took the cutoff past contacts created after the activation).
		const none = { ...read, pages: [], walk: {}, complete: false };
		return settleSampling(fresh, sampling, none, rules);
	}
	const cutoff = state.mode === 'first' ? state.cutoff : undefined;
	const recorded = (c: Contact) => {
		const t = rules.time(c);
		return cutoff !== undefined && t !== undefined && t <= cutoff;
	};
	const part = (keep: (c: Contact) => boolean) =>
		read.pages.map((p) => ({ ...p, contacts: p.contacts.filter(keep) }));
	const postponed = read.postponed ?? 0;
	const { chosen, emit, report } = collect(
		state,
		part((c) => !recorded(c)),
		rules,
	);
	const records = collect(state, part(recorded), rules, false).chosen;
	let next: EligibleState = { ...state, walk: { ...state.walk, ...read.walk } };
	let capCut: number | undefined;
	// A walk that outlasted the window it started with (days passed while it read, one page a poll
	// behind Max Contacts per Poll or a small share) passed pages before contacts on them became
	// eligible. The next walk meets them, unless retention moves the floor past their creation
	// first: then they are given up, and the log names the date (survey 200000, schedule 1433: 22
	// of 78 at Max Contacts per Poll 1, polls days apart, a walk of 31 days).
	const outlasted = read.complete && now - state.walk.days * DAY_MS > state.since;
	let givenUp: number | undefined;
	if (read.pageSize !== undefined) next.pageSize = read.pageSize;
	if (next.mode === 'newEnd' && read.lastPage !== undefined) next.lastPage = read.lastPage;
	if (read.complete && read.walk.shrank && !read.inconsistent) {
		// The list shrank under the walk where it could not read back (walkAnchor.ts): contacts may
		// have moved past it unread, so it proves nothing. `since` stays, and the next walk's window
		// reaches twice as far past the present: a walk that outlasts its window (days pass while a
		// small share reads it) loses its oldest day, and everything after moves back (issue 51).
		// Retention still applies, so that walks that keep shrinking keep a window of at most 30 days.
		const widened = Math.min(2 * (state.walk.widened ?? 1), MAX_ELIGIBLE_WIDENED);
		const { before } = state.walk;
		const since = Math.max(state.since, now - RETENTION_MS);
		const walk = newEligibleWalk(since, now, widened);
		const floor = Math.max(state.floor, now - RETENTION_MS);
		if (outlasted && floor > state.floor) givenUp = floor;
		next = { ...next, since, floor, walk: before === undefined ? walk : { ...walk, before } };
	} else if (read.complete && report.backlog + postponed === 0 && !read.inconsistent) {
		// Every contact eligible before the walk before this one started has been read by one of
		// the two: the next starts there. (A contact can move onto a page a walk has passed, when
		// contacts are added or updated meanwhile; the walk after meets it.) The first walk, which
		// records what was there at the activation, hands over its own start.
		const since =
			state.mode === 'first' ? state.walk.startedAt : (state.walk.before ?? state.since);
		const retained = Math.max(state.floor, now - RETENTION_MS);
		const capped = capFloor({ ...state.seen, ...keys([...chosen, ...records]) }, MAX_SEEN);
		// Past MAX_SEEN ids the floor rises past the oldest: a give-up the log names (invariant 4).
		if (capped > retained) capCut = capped - 1;
		if (outlasted && retained > state.floor) givenUp = retained;
		const floor = Math.max(retained, capped);
		const { version, baseline, seen, logged, pageSize } = next;
		const walk = { ...newEligibleWalk(since, now), before: state.walk.startedAt };
		const rest = { version, baseline, seen, logged, since, floor, walk };
		if (pageSize !== undefined) Object.assign(rest, { pageSize });
		const order = read.order === 'newest' || read.order === 'oldest' ? read.order : undefined;
		next = order
			? { ...rest, mode: 'newEnd', order, ...(read.lastPage ? { lastPage: read.lastPage } : {}) }
			: { ...rest, mode: 'walking' };
	} else if (read.inconsistent) {
		// The first walk grown past its allowance (contacts made eligible while a small share read)
		// goes on after the last page it read, with an allowance from the count then, as the sample's
		// does (cutShort); its window ends each stretch (`stale` in eligibleWalk.ts: it starts again,
		// wider). From page 1, at a share of 2 and 5 a minute it ended so 4 times in 3.4 hours. A
		// later walk's window never runs out, so a count that never ends would hold it: it starts again.
		const grown = state.mode === 'first' && cutShort(read.walk, read.inconsistent) === 'grown';
		next = {
			...next,
			walk: grown ? { ...next.walk, limit: undefined } : newEligibleWalk(next.since, now),
		};
	}
	const remembered = remember(next, [...chosen, ...records]);
	const cut = Math.max(remembered.cut ?? -Infinity, capCut ?? -Infinity);
	const given = cut === -Infinity ? {} : { cut };
	const backlog = report.backlog + postponed;
	return {
		...report,
		backlog,
		emit,
		state: remembered.state,
		...given,
		...(givenUp === undefined ? {} : { givenUp }),
		inconsistent: read.inconsistent,
	};
}

/**
 * A poll of the walk that completes the activation's sample (sampling.ts): it emits and records
 * nothing. Once the walk is complete, the cutoff rises to what it met and the first walk starts.
 */
function settleSampling(
	state: Extract<EligibleState, { mode: 'first' }>,
	walked: Sampling,
	read: EligibleReading,
	rules: PollRules,
): Settled<EligibleState> {
	const { now } = rules;
	const sampling = met(walked, read.pages, rules.time, now, state.walk.days);
	const pageSize = read.pageSize ?? state.pageSize;
	const { version, baseline, since, floor, seen, logged } = state;
	const kind = read.complete ? cutShort(read.walk, read.inconsistent) : undefined;
	const cut = goesOn(walked, kind, read.walk.page, pageSize); // a walk cut short (sampling.ts)
	const fresh = newEligibleWalk(since, now);
	const grown = { ...state.walk, ...read.walk, limit: undefined };
	const next: EligibleState = cut
		? { ...state, walk: cut === 'grown' ? grown : fresh, sampling: restarted(sampling) }
		: read.complete
			? {
					...{ version, baseline, since, floor, seen, logged, mode: 'first' },
					cutoff: sampledCutoff(sampling, state.cutoff) ?? state.cutoff,
					walk: fresh,
				}
			: { ...state, walk: { ...state.walk, ...read.walk }, sampling };
	if (pageSize !== undefined) next.pageSize = pageSize;
	const { report } = collect(state, [], rules);
	return { ...report, emit: [], state: next, inconsistent: read.inconsistent };
}
