import type { Contact } from '../../../types';
import { FUTURE_TOLERANCE_MS, type TimeOf } from '../serviceTime';
import { MAX_ID_LENGTH, type EventState } from './shapes';

export interface Candidate {
	key: string;
	id: unknown;
	created: number;
	/** Kept only when the candidate may be emitted (not when it is only recorded). */
	contact?: Contact;
}

/** Orders by creation time, then by id (numerically when both are numbers). */
export function compareCandidates(
	a: { created: number; id: unknown },
	b: { created: number; id: unknown },
): number {
	if (a.created !== b.created) return a.created - b.created;
	if (typeof a.id === 'number' && typeof b.id === 'number') return a.id - b.id;
	const x = String(a.id);
	const y = String(b.id);
	return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The key of a contact id in the state, or undefined when the id is unusable: not a number or
 * a string, empty, or longer than MAX_ID_LENGTH (the state's bound counts on short ids).
 */
export function idKey(id: unknown): string | undefined {
	if (typeof id === 'number' && Number.isFinite(id)) return String(id);
	if (typeof id !== 'string') return undefined;
	const key = id.trim();
	return key !== '' && key.length <= MAX_ID_LENGTH ? key : undefined;
}

/** What a poll's ledger goes by: n8n's clock, Max Contacts per Poll, the event's time. */
export interface PollRules {
	/** n8n's clock when the poll started (epoch ms). */
	now: number;
	maxPerPoll: number;
	/** The time the event files a contact under (its table entry's). */
	time: TimeOf;
	/** The event's eligibility (its table entry's): a contact it does not want is never a candidate. */
	wants?: (contact: Contact) => boolean;
}

/** What decides whether a contact is a candidate of a poll, for any event. */
export interface CollectRules extends PollRules {
	/** false when candidates are only recorded (a first activation without initial days). */
	emit: boolean;
	/** Contacts created before this (epoch ms, service timestamps) are never candidates. */
	floor: number;
	/** Contacts created at or before this were there at the first activation: never candidates. */
	cutoff?: number | null;
	/** Ids already emitted or recorded: id -> creation time. */
	seen: Record<string, number>;
}

/**
 * The oldest candidates a poll leaves waiting that it names (`leftWaiting`): New Contact's next range
 * must hold those of its times (orderCheck.ts, leftOut), as it must hold those emitted. The
 * collector's trim keeps as many beyond Max Contacts per Poll.
 */
export const WAITING_WITNESSES = 10;

/**
 * Collects the candidates of one poll from the pages of its search, in any order and with
 * duplicates: contacts created at or after the floor, not yet emitted. In emit mode it keeps
 * only the oldest `maxPerPoll`, so memory stays O(maxPerPoll) whatever the window holds.
 * Every event uses it; what an event searches and how it moves its state differ (events.ts).
 */
export class CandidateCollector {
	private readonly candidates = new Map<string, Candidate>();

	/** Every distinct candidate id, kept or not (for the backlog count). */
	private readonly candidateKeys = new Set<string>();

	/** Ids (or positions) of contacts without a readable id or creation time. */
	readonly unreadable = new Set<string>();

	/** Ids of contacts dated more than FUTURE_TOLERANCE_MS after n8n's clock. */
	readonly deferred = new Set<string>();

	constructor(private readonly rules: CollectRules) {}

	add(contacts: Contact[]): void {
		for (const contact of contacts) {
			if (this.rules.wants && !this.rules.wants(contact)) continue;
			const key = idKey(contact?.id);
			const created = this.rules.time(contact);
			if (key === undefined || created === undefined) {
				this.unreadable.add(reportKey(contact));
				continue;
			}
			if (created > this.rules.now + FUTURE_TOLERANCE_MS) {
				this.deferred.add(key);
				continue;
			}
			if (this.known(key, created)) continue;
			this.candidateKeys.add(key);
			if (!this.candidates.has(key)) {
				this.candidates.set(key, {
					key,
					id: contact.id,
					created,
					contact: this.rules.emit ? contact : undefined,
				});
			}
		}
		if (this.rules.emit && this.candidates.size > 2 * this.rules.maxPerPoll + 100) this.trim();
	}

	/**
	 * True when the contact cannot be emitted now: older than the floor, there at the first
	 * activation, emitted already, not wanted by the event (yet), or one the trigger cannot place
	 * (no usable id or date, dated far ahead). Reads stop at pages of such contacts.
	 */
	isKnown(contact: Contact): boolean {
		const key = idKey(contact?.id);
		const created = this.rules.time(contact);
		if (key === undefined || created === undefined) return true;
		if (this.rules.wants && !this.rules.wants(contact)) return true;
		return created > this.rules.now + FUTURE_TOLERANCE_MS || this.known(key, created);
	}

	/** True when the contact is older than the floor (a check of the order ends at such pages). */
	belowFloor(contact: Contact): boolean {
		const created = this.rules.time(contact);
		return created !== undefined && created < this.rules.floor;
	}

	private known(key: string, created: number): boolean {
		const { floor, cutoff, seen } = this.rules;
		if (created < floor || (cutoff !== undefined && cutoff !== null && created <= cutoff))
			return true;
		return Object.prototype.hasOwnProperty.call(seen, key);
	}

	/** Keeps the oldest `maxPerPoll` and the witnesses after them; one dropped and met again is dropped again. */
	private trim(): void {
		const keep = this.sorted().slice(0, this.rules.maxPerPoll + WAITING_WITNESSES);
		this.candidates.clear();
		for (const c of keep) this.candidates.set(c.key, c);
	}

	/** The kept candidates, oldest first. */
	sorted(): Candidate[] {
		return [...this.candidates.values()].sort(compareCandidates);
	}

	get candidateCount(): number {
		return this.candidateKeys.size;
	}

	/**
	 * The candidates this poll emits (the oldest `maxPerPoll`; in record mode all, to record), the
	 * oldest it leaves waiting (`witnesses`, at most WAITING_WITNESSES), and what it reports
	 * (CollectReport): how many it leaves for the next polls and those it passed over.
	 */
	choose() {
		const sorted = this.sorted();
		const { emit, maxPerPoll } = this.rules;
		const chosen = emit ? sorted.slice(0, maxPerPoll) : sorted;
		return {
			chosen,
			witnesses: emit ? sorted.slice(maxPerPoll, maxPerPoll + WAITING_WITNESSES) : [],
			emit: emit ? chosen.map((c) => c.contact as Contact) : [],
			report: {
				backlog: emit ? this.candidateCount - chosen.length : 0,
				unreadable: [...this.unreadable],
				deferred: [...this.deferred],
			},
		};
	}
}

/**
 * How a contact the trigger cannot place shows in the log, and in the ids logged once: its id,
 * cut to MAX_ID_LENGTH when it is too long, or its date when it has none.
 */
export function reportKey(contact: Contact): string {
	const key = idKey(contact?.id);
	if (key !== undefined) return key;
	const id: unknown = contact?.id;
	if (typeof id === 'string' && id.trim() !== '') return `${id.trim().slice(0, MAX_ID_LENGTH)}…`;
	return `(no id, created_date ${JSON.stringify(contact?.created_date)?.slice(0, 40)})`;
}

/** What a poll tells n8n's log besides what it emits. */
export interface CollectReport {
	/** Candidates left for the next polls because of `maxPerPoll`. */
	backlog: number;
	unreadable: string[];
	deferred: string[];
}

/** What the readers may ask of a state, read-only: whether a contact is known, handled, below the floor. */
export interface LedgerView {
	/** The event's time of a contact (its table entry's accessor). */
	time: TimeOf;
	isKnown(contact: Contact): boolean;
	/** Known, and below the floor or at or before the handled point (or the cutoff). */
	isHandled(contact: Contact): boolean;
	belowFloor(contact: Contact): boolean;
	/** The ids emitted or recorded that were created after `after` and no later than `upTo`. */
	seenBetween(after: number, upTo: number): string[];
}

/**
 * The cutoff of a state, for either event (null: none): the activation's, or while a prior floor
 * waits for its walk, that floor (priorFloor.ts).
 */
export function cutoffIn(state: Readonly<EventState>): number | null {
	if ('handledTo' in state && state.priorFloor)
		return Math.max(state.cutoff ?? -Infinity, state.priorFloor.at);
	return 'handledTo' in state || state.mode === 'first' ? state.cutoff : null;
}

/** A collector under a state's rules: its floor, seen ids and cutoff (the state's by default). */
export function collectorFor(
	state: Readonly<EventState>,
	rules: PollRules,
	emit: boolean,
	cutoff = cutoffIn(state),
): CandidateCollector {
	const { floor, seen } = state;
	return new CandidateCollector({ ...rules, emit, floor, seen, cutoff });
}

export function viewOf(state: Readonly<EventState>, rules: PollRules): LedgerView {
	const collector = collectorFor(state, rules, false);
	const handledTo = 'handledTo' in state ? state.handledTo : null;
	const handled = Math.max(handledTo ?? -Infinity, cutoffIn(state) ?? -Infinity);
	const { time } = rules;
	const isKnown = (c: Contact) => collector.isKnown(c);
	return {
		time,
		isKnown,
		isHandled: (c) => {
			const t = time(c);
			return t !== undefined && isKnown(c) && (t < state.floor || t <= handled);
		},
		belowFloor: (c) => collector.belowFloor(c),
		seenBetween: (after, upTo) =>
			Object.keys(state.seen).filter((id) => state.seen[id] > after && state.seen[id] <= upTo),
	};
}
