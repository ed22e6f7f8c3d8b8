import { NodeOperationError, type IPollFunctions } from 'n8n-workflow';

import type { PageReader, ReadPage } from '../../paging/pageReader';
import type { Contact } from '../../types';
import { CUTOFF_RANK } from './settings';
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

/** Pages a first activation reads as a sample when the results are in no order. */
export const ACTIVATION_PAGES = 5;

/**
 * What a first activation reads of a window, for either event: a handful of pages, not the window.
 * Page 1 tells the order; newest first, it holds the newest contacts; oldest first, the last page
 * does (and the one before, when the last holds fewer than CUTOFF_RANK); without an order, the
 * first ACTIVATION_PAGES pages are a sample. `order` is undefined when the window must be walked.
 */
export async function readSample(
	ctx: IPollFunctions,
	reader: PageReader,
): Promise<{ first: ReadPage; pages: number; order?: 'newest' | 'oldest'; sample: ReadPage[] }> {
	const first = await reader.read(1);
	if (!first) {
		throw new NodeOperationError(ctx.getNode(), 'The trigger could not read the contacts yet', {
			description:
				'Its share of the account was used by an earlier poll within the last minute. The next poll tries again.',
		});
	}
	const pages = first.pages ?? (first.contacts.length < first.pageSize ? 1 : 2);
	const watch = new OrderWatch();
	watch.add(first.contacts);
	const seen = pages > 1 ? watch.order : undefined;
	const sample: ReadPage[] = [first];
	if (seen === 'oldest') {
		const last = await reader.read(pages);
		if (last) sample.push(last);
		if (last && last.contacts.length < CUTOFF_RANK && pages > 2) {
			const before = await reader.read(pages - 1);
			if (before) sample.push(before);
		}
		return { first, pages, order: 'oldest', sample };
	}
	if (seen === 'newest') return { first, pages, order: 'newest', sample };
	for (let page = 2; page <= Math.min(pages, ACTIVATION_PAGES); page++) {
		const read = await reader.read(page);
		if (!read) break;
		sample.push(read);
	}
	return { first, pages, sample };
}
