import { CUT_FACTOR, MIN_SHARE, PROBE_GAP_MS, SLOT_HOLD_MS } from './rules';

/** A request that left: hand it back to the pacer when its answer (or failure) comes. */
export interface Send {
	readonly at: number;
	/** Sent beyond the budget, to learn whether the account has room (rule 4). */
	readonly probe?: boolean;
}

/** A request that holds a slot: until SLOT_HOLD_MS after its answer, Infinity while in flight. */
interface Slot {
	sentAt: number;
	freesAt: number;
}

/**
 * The window budget of one process (docs/pacing.md, rules 1 to 4): at most `budget` slots held,
 * a slot held by every request the service did not reject until SLOT_HOLD_MS after its answer;
 * the budget cut on a 429 and grown by probes.
 */
export class WindowBudget {
	/** The requests holding a slot, oldest send first. */
	private slots: Slot[] = [];

	budget: number;

	/** When the budget was last cut: crowding is recent for CALM_WINDOWS after it (rule 5). */
	lastCutAt = -Infinity;

	/** No probe before this time; `probing` while one is out; `chain` after one was accepted. */
	private probeAfter = 0;

	probing = false;

	private chain = false;

	constructor(private limit: number) {
		this.limit = Math.max(1, limit);
		this.budget = this.limit;
	}

	/** Rule 2: a new limit; a process at the old limit goes to the new one. */
	setLimit(perMinute: number): void {
		const limit = Math.max(1, perMinute);
		if (limit === this.limit) return;
		this.budget = this.budget >= this.limit ? limit : Math.min(this.budget, limit);
		this.limit = limit;
	}

	/**
	 * When the next request may leave (rule 1), and whether it is a probe (rule 4); `quietSince`:
	 * the last send, or the end of a pause if later.
	 */
	nextSend(now: number, quietSince: number): { at: number; probe: boolean } {
		this.prune(now);
		if (this.slots.length < this.budget) return { at: now, probe: false };
		// Infinity while every slot the budget needs is still waiting for its answer.
		const frees = this.freeingAt(this.slots.length - this.budget);
		const probeAt = this.chain ? now : Math.max(this.probeAfter, quietSince + PROBE_GAP_MS);
		const probe = this.budget < this.limit && probeAt + PROBE_GAP_MS < frees;
		return { at: probe ? probeAt : frees, probe };
	}

	recordSend(now: number, probe: boolean): void {
		this.slots.push({ sentAt: now, freesAt: Infinity });
		this.probing = probe;
	}

	/** The answer to `send`: a rejected send takes no slot; a probe grows or waits (rule 4); a 429 cuts (rule 3). */
	settle(send: Send, rateLimited: boolean, now: number): void {
		const held = this.heldBy(send);
		if (held >= 0) {
			if (rateLimited) this.slots.splice(held, 1);
			else this.slots[held].freesAt = now + SLOT_HOLD_MS;
		}
		if (send.probe) {
			this.probing = false;
			this.chain = !rateLimited;
			if (!rateLimited) {
				this.budget = Math.min(this.limit, Math.max(this.budget, this.slots.length));
			} else {
				this.prune(now);
				const frees =
					this.slots.length >= this.budget ? this.freeingAt(this.slots.length - this.budget) : now;
				// A slot still in flight frees after its answer: look again a hold from now at the latest.
				this.probeAfter = Number.isFinite(frees) ? frees : now + SLOT_HOLD_MS;
			}
		} else if (rateLimited && send.at > this.lastCutAt) {
			// One cut per crowding: 429s for requests sent before the cut answer the same crowding.
			this.budget = this.cut(now);
			this.lastCutAt = now;
			this.chain = false;
		}
	}

	/** `send` never reached the service: its slot is free again, and a probe may go again later. */
	release(send: Send): void {
		const held = this.heldBy(send);
		if (held >= 0) this.slots.splice(held, 1);
		if (send.probe) this.probing = false;
	}

	private heldBy(send: Send): number {
		let held = this.slots.length - 1;
		while (
			held >= 0 &&
			!(this.slots[held].sentAt === send.at && this.slots[held].freesAt === Infinity)
		)
			held--;
		return held;
	}

	/**
	 * Rule 3: at a crowded moment the accepted requests of every process in the window add up to
	 * the account's limit, so what this one holds is its share of the moment: the budget goes there at once, instead of
	 * coming down by CUT_FACTOR over several crowded window openings. A process holding less than
	 * the floor (it has just started, or found the account full) cannot read its share from that,
	 * and cuts by CUT_FACTOR only, so that it still competes for its share.
	 */
	private cut(now: number): number {
		this.prune(now);
		const floor = Math.ceil(this.limit * MIN_SHARE);
		const cut = Math.floor(this.budget * CUT_FACTOR);
		// Accepted requests only: those still in flight at a crowded moment are mostly refused.
		const held = this.slots.filter((slot) => Number.isFinite(slot.freesAt)).length;
		return held >= floor ? Math.max(floor, Math.min(cut, held)) : Math.max(floor, cut);
	}

	/** The time the slot `rank` (0: the first) frees, in the order slots free. */
	private freeingAt(rank: number): number {
		return this.slots.map((slot) => slot.freesAt).sort((a, b) => a - b)[rank];
	}

	private prune(now: number): void {
		if (this.slots.some((slot) => slot.freesAt <= now))
			this.slots = this.slots.filter((slot) => slot.freesAt > now);
	}
}
