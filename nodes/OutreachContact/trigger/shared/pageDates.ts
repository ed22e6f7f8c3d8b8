import type { ReadPage } from '../../paging/pageReader';
import type { Contact } from '../../types';
import { CUTOFF_RANK, cutoffOf, type TimeOf } from './serviceTime';

/** The dates of pages a read took: the third newest a range proves, the oldest one. */

/** The third newest creation time of the pages' contacts; undefined with fewer than CUTOFF_RANK. */
export function topOf(pages: ReadPage[], time: TimeOf): number | undefined {
	const all: number[] = [];
	for (const page of pages)
		for (const c of page.contacts) {
			const t = time(c);
			if (t !== undefined) all.push(t);
		}
	// Fewer than CUTOFF_RANK dates prove nothing: one contact dated ahead would set the point.
	return all.length < CUTOFF_RANK ? undefined : (cutoffOf(all) ?? undefined);
}

/** The oldest creation time of the pages' contacts, of those `which` takes (undefined when none has one). */
export function oldestOf(
	pages: ReadPage[],
	time: TimeOf,
	which: (c: Contact) => boolean = () => true,
): number | undefined {
	let oldest: number | undefined;
	for (const page of pages)
		for (const c of page.contacts) {
			const t = which(c) ? time(c) : undefined;
			if (t !== undefined && (oldest === undefined || t < oldest)) oldest = t;
		}
	return oldest;
}
