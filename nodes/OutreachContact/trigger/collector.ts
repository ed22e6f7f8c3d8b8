import type { Contact } from '../types';
import type { PollPlan } from './plan';
import { OVERLAP_MS } from './plan';
import { STATE_VERSION, type PollState } from './state';
import { DAY_MS, parseCreatedTime } from './timeRules';

/**
 * A contact dated more than this after n8n's clock waits until n8n's clock is that close: one
 * wrong date far ahead would otherwise move the floor past every real contact.
 */
export const FUTURE_TOLERANCE_MS = DAY_MS;

interface Candidate {
	key: string;
	id: unknown;
	created: number;
	/** Kept only when the candidate may be emitted (not when it is only recorded). */
	contact?: Contact;
}

/** Orders by creation time, then by id (numerically when both are numbers). */
export function compareCandidates(a: { created: number; id: unknown }, b: { created: number; id: unknown }): number {
	if (a.created !== b.created) return a.created - b.created;
	if (typeof a.id === 'number' && typeof b.id === 'number') return a.id - b.id;
	const x = String(a.id);
	const y = String(b.id);
	return x < y ? -1 : x > y ? 1 : 0;
}

/** The key of a contact id in the state, or undefined when the id is unusable. */
export function idKey(id: unknown): string | undefined {
	if (typeof id === 'number' && Number.isFinite(id)) return String(id);
	if (typeof id === 'string' && id.trim() !== '') return id.trim();
	return undefined;
}

/**
 * Collects the candidates of one poll from the pages of its search, in any order and with
 * duplicates: contacts at or after the floor, not yet emitted. In emit mode it keeps only the
 * oldest `maxPerPoll` contacts, so memory stays O(maxPerPoll) whatever the window holds.
 */
export class PollCollector {
	private readonly candidates = new Map<string, Candidate>();

	/** Every distinct candidate id, kept or not (for the backlog count). */
	private readonly candidateKeys = new Set<string>();

	/** Ids (or positions) of contacts without a readable id or creation time. */
	readonly unreadable = new Set<string>();

	/** Ids of contacts dated more than FUTURE_TOLERANCE_MS after n8n's clock. */
	readonly deferred = new Set<string>();

	private readonly seen: Record<string, number>;

	constructor(private readonly plan: PollPlan) {
		this.seen = plan.previous?.seen ?? {};
	}

	add(contacts: Contact[]): void {
		for (const contact of contacts) {
			const key = idKey(contact?.id);
			const created = parseCreatedTime(contact?.created_date);
			if (key === undefined || created === undefined) {
				this.unreadable.add(key ?? `(no id, created_date ${JSON.stringify(contact?.created_date)})`);
				continue;
			}
			if (created > this.plan.now + FUTURE_TOLERANCE_MS) {
				this.deferred.add(key);
				continue;
			}
			if (created < this.plan.floor || Object.prototype.hasOwnProperty.call(this.seen, key)) continue;
			this.candidateKeys.add(key);
			if (!this.candidates.has(key)) {
				this.candidates.set(key, { key, id: contact.id, created, contact: this.plan.emit ? contact : undefined });
			}
		}
		if (this.plan.emit && this.candidates.size > 2 * this.plan.maxPerPoll + 100) this.trim();
	}

	/** True when the contact cannot be new: older than the floor, or emitted already. */
	isKnown(contact: Contact): boolean {
		const key = idKey(contact?.id);
		const created = parseCreatedTime(contact?.created_date);
		if (key === undefined || created === undefined) return false;
		return created < this.plan.floor || Object.prototype.hasOwnProperty.call(this.seen, key);
	}

	/** Keeps the oldest `maxPerPoll`; one dropped and met again is dropped again. */
	private trim(): void {
		const keep = this.sorted().slice(0, this.plan.maxPerPoll);
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
}

export interface PollOutcome {
	/** The contacts to emit, oldest first. */
	emit: Contact[];
	/** The state to store. */
	state: PollState;
	/** Candidates left for the next polls because of `maxPerPoll`. */
	backlog: number;
	unreadable: string[];
	deferred: string[];
}

/**
 * Emits the oldest `maxPerPoll` candidates, records them, moves the floor and prunes `seen`.
 * After a partial read (`complete` false: the service's pagination did not add up) the
 * candidates found are emitted and recorded, but the watermark and floor stay: a contact on a
 * page not read may be older than those emitted, and the next polls must still find it.
 */
export function finishPoll(plan: PollPlan, collector: PollCollector, complete = true): PollOutcome {
	const sorted = collector.sorted();
	const chosen = plan.emit ? sorted.slice(0, plan.maxPerPoll) : sorted;

	const seen: Record<string, number> = { ...(plan.previous?.seen ?? {}) };
	let watermark = plan.previous?.watermark ?? null;
	for (const c of chosen) {
		seen[c.key] = c.created;
		if (complete && (watermark === null || c.created > watermark)) watermark = c.created;
	}
	const floor = watermark === null ? plan.floor : Math.max(plan.floor, watermark - OVERLAP_MS);
	for (const [key, created] of Object.entries(seen)) {
		if (created < floor) delete seen[key];
	}

	return {
		emit: plan.emit ? chosen.map((c) => c.contact as Contact) : [],
		state: {
			version: STATE_VERSION,
			baseline: plan.previous?.baseline ?? plan.now,
			floor,
			watermark,
			seen,
		},
		backlog: plan.emit ? collector.candidateCount - chosen.length : 0,
		unreadable: [...collector.unreadable],
		deferred: [...collector.deferred],
	};
}
