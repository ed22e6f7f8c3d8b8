import type { Contact } from '../../types';
import { compareCandidates, FUTURE_TOLERANCE_MS, idKey } from '../collector';
import { parseCreatedTime } from '../timeRules';
import { RETENTION_MS, type EnrichedPlan } from './plan';
import { ENRICHED_STATE_VERSION, type EnrichedState } from './state';

interface Candidate {
	key: string;
	id: unknown;
	created: number;
	/** Kept only when the candidate may be emitted (not when it is only recorded). */
	contact?: Contact;
}

/**
 * Collects the candidates of one Contact Enriched poll from the pages of its search, in any
 * order and with duplicates: enriched contacts created at or after the floor, not yet emitted.
 * In emit mode it keeps only the oldest `maxPerPoll` (by creation), so memory stays small.
 */
export class EnrichedCollector {
	private readonly candidates = new Map<string, Candidate>();

	/** Every distinct candidate id, kept or not (for the backlog count). */
	private readonly candidateKeys = new Set<string>();

	/** Ids (or positions) of contacts without a readable id or creation time. */
	readonly unreadable = new Set<string>();

	/** Ids of contacts dated more than FUTURE_TOLERANCE_MS after n8n's clock. */
	readonly deferred = new Set<string>();

	constructor(private readonly plan: EnrichedPlan) {}

	add(contacts: Contact[]): void {
		const seen = this.plan.previous?.seen ?? {};
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
			if (created < this.plan.createdFloor || Object.prototype.hasOwnProperty.call(seen, key)) continue;
			this.candidateKeys.add(key);
			if (!this.candidates.has(key)) {
				this.candidates.set(key, { key, id: contact.id, created, contact: this.plan.emit ? contact : undefined });
			}
		}
		if (this.plan.emit && this.candidates.size > 2 * this.plan.maxPerPoll + 100) {
			const keep = this.sorted().slice(0, this.plan.maxPerPoll);
			this.candidates.clear();
			for (const c of keep) this.candidates.set(c.key, c);
		}
	}

	/** The kept candidates, oldest created first. */
	sorted(): Candidate[] {
		return [...this.candidates.values()].sort(compareCandidates);
	}

	get candidateCount(): number {
		return this.candidateKeys.size;
	}
}

export interface EnrichedOutcome {
	/** The contacts to emit, oldest created first. */
	emit: Contact[];
	state: EnrichedState;
	/** Candidates left for the next polls because of `maxPerPoll`. */
	backlog: number;
	unreadable: string[];
	deferred: string[];
}

/**
 * The floor that leaves at most `max` ids: one past the creation time of the (max + 1)-th
 * newest, or -Infinity when there are no more than `max`.
 */
function capFloor(seen: Record<string, number>, max: number): number {
	const times = Object.values(seen);
	if (times.length <= max) return -Infinity;
	times.sort((a, b) => b - a);
	return times[max] + 1;
}

/**
 * Emits the oldest `maxPerPoll` candidates and records them. A complete poll that leaves nothing waiting
 * also moves the window's start to its own start and the floor by the retention period and the
 * cap; ids created before the floor are pruned (the floor excludes them for good).
 */
export function finishEnrichedPoll(plan: EnrichedPlan, collector: EnrichedCollector, complete = true): EnrichedOutcome {
	const sorted = collector.sorted();
	const chosen = plan.emit ? sorted.slice(0, plan.maxPerPoll) : sorted;
	const backlog = plan.emit ? collector.candidateCount - chosen.length : 0;

	const seen: Record<string, number> = { ...(plan.previous?.seen ?? {}) };
	for (const c of chosen) seen[c.key] = c.created;
	let since = plan.since;
	let createdFloor = plan.createdFloor;
	// A partial read (the service's pagination did not add up) may have left some waiting.
	if (backlog === 0 && complete) {
		since = plan.now;
		createdFloor = Math.max(createdFloor, plan.now - RETENTION_MS, capFloor(seen, plan.maxSeen));
	}
	for (const [key, created] of Object.entries(seen)) {
		if (created < createdFloor) delete seen[key];
	}

	return {
		emit: plan.emit ? chosen.map((c) => c.contact as Contact) : [],
		state: {
			version: ENRICHED_STATE_VERSION,
			baseline: plan.previous?.baseline ?? plan.now,
			since,
			createdFloor,
			seen,
		},
		backlog,
		unreadable: [...collector.unreadable],
		deferred: [...collector.deferred],
	};
}
