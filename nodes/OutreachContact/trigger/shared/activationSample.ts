import { NodeOperationError, type IPollFunctions } from 'n8n-workflow';

import type { PageReader, ReadPage } from '../../paging/pageReader';
import { CUTOFF_RANK, cutoffOf, OrderWatch, type TimeOf } from './serviceTime';

/**
 * The sample a first activation reads, for either event, and the cutoff it sets
 * (docs/trigger.md, "First activation"): a handful of pages, not the window.
 */

/** Pages a first activation reads as a sample when the results are in no order. */
export const ACTIVATION_PAGES = 5;

export interface Sample {
	first: ReadPage;
	pages: number;
	/** Undefined when the window must be walked. */
	order?: 'newest' | 'oldest';
	sample: ReadPage[];
	/** Without an order: the sample left pages of the window unread. */
	partial?: boolean;
}

/**
 * Page 1 tells the order; newest first, it holds the newest contacts; oldest first, the last page
 * does (and the one before, when the last holds fewer than CUTOFF_RANK); without an order, the
 * first ACTIVATION_PAGES pages are the sample. At most 3 or ACTIVATION_PAGES reads.
 */
export async function readSample(
	ctx: IPollFunctions,
	reader: PageReader,
	time: TimeOf,
): Promise<Sample> {
	const first = await reader.read(1);
	if (!first) {
		throw new NodeOperationError(ctx.getNode(), 'The trigger could not read the contacts yet', {
			description:
				'Its share of the account was used by an earlier poll within the last minute. The next poll tries again.',
		});
	}
	const pages = first.pages ?? (first.contacts.length < first.pageSize ? 1 : 2);
	const watch = new OrderWatch(time);
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
	return { first, pages, sample, partial: sample.length < pages };
}

/**
 * The cutoff a sample sets: the third newest of `times` (the sample's times the event counts).
 * Without an order the sample is a few pages of the window, and the pages it did not read may
 * hold newer contacts created before the activation. When every readable date it read is an
 * instant, those are dated before n8n's clock: the cutoff rises toward `ceiling` (n8n's clock
 * less the overlap), but never past the newest date the sample read, so that a service whose
 * clock or zone label lies behind n8n's loses no contact created after the activation. Dates
 * without a zone keep the third newest: they may lie hours behind n8n's clock, and so may the
 * contacts created after the activation.
 */
export function sampleCutoff(
	times: number[],
	sample: { pages: ReadPage[]; partial?: boolean },
	time: TimeOf,
	ceiling: number,
): number | null {
	const third = cutoffOf(times);
	if (third === null || !sample.partial) return third;
	const instants = sample.pages.every((p) =>
		p.contacts.every((c) => time(c) === undefined || time.instant(c)),
	);
	if (!instants) return third;
	const newest = times.reduce((a, b) => Math.max(a, b), third);
	return Math.max(third, Math.min(ceiling, newest));
}
