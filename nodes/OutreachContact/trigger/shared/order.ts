import type { Contact } from '../../types';
import { parseCreatedTime } from './timeRules';

/** The order the service lists search results in, as the trigger has seen it. */
export type ResultOrder = 'newest' | 'oldest' | 'unordered';

/**
 * Watches the created times of a walk's pages, in the order the service served them, and tells
 * which order they follow: newest first (never rising), oldest first (never falling), or
 * neither. Contacts without a readable time are passed over. Fewer than two distinct times
 * prove nothing: `order` is then undefined.
 */
export class OrderWatch {
	private last: number | undefined;

	private rises = false;

	private falls = false;

	/** Feeds one page; false as soon as `expected` no longer holds. */
	add(contacts: Contact[], expected?: ResultOrder): boolean {
		for (const contact of contacts) {
			const created = parseCreatedTime(contact?.created_date);
			if (created === undefined) continue;
			if (this.last !== undefined && created > this.last) this.rises = true;
			if (this.last !== undefined && created < this.last) this.falls = true;
			this.last = created;
		}
		return expected === undefined || this.order === undefined || this.order === expected;
	}

	/** A watch that goes on from a walk's saved position (a walk spread over polls). */
	static resume(saved: { rises?: boolean; falls?: boolean; last?: number }): OrderWatch {
		const watch = new OrderWatch();
		watch.rises = saved.rises === true;
		watch.falls = saved.falls === true;
		watch.last = saved.last;
		return watch;
	}

	/** What a walk saves of the watch between polls. */
	snapshot(): { rises?: boolean; falls?: boolean; last?: number } {
		const saved: { rises?: boolean; falls?: boolean; last?: number } = {};
		if (this.rises) saved.rises = true;
		if (this.falls) saved.falls = true;
		if (this.last !== undefined) saved.last = this.last;
		return saved;
	}

	get order(): ResultOrder | undefined {
		if (this.rises && this.falls) return 'unordered';
		if (this.falls) return 'newest';
		if (this.rises) return 'oldest';
		return undefined;
	}
}
