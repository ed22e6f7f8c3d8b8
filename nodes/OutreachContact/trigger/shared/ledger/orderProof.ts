import type { ReadPage } from '../../../paging/pageReader';
import type { Contact } from '../../../types';
import type { Order, TimeOf } from '../serviceTime';
import { readSampling, startSampling } from './sampling';
import type { NewContactBase, NewContactState, OrderedSample, Sampling } from './shapes';

/**
 * The order a first activation's sample took, until the trigger has read enough to trust it
 * (docs/trigger.md, "First activation"). A sample of a few pages takes a list for newest or
 * oldest first when its dates fall or rise, and a list in no order does so by chance: pages of 2
 * at a share of 1 or 2 are four contacts, falling or rising one time in 12 (helper-52). Its cutoff
 * then lies anywhere in the window, and the contacts dated above it that the sample did not read,
 * there at the activation, came as new.
 *
 * So the sample stays beside the order (`orderedSample`, the same shape as the sampling's):
 * - for an eligible event, until its first walk completes: a walk of the window, in the order,
 *   proves it;
 * - for New Contact, until its floor passes the activation: no contact from before it then
 *   comes, whatever the order.
 * A read that finds the list in no order meanwhile (the first walk's dates rise and fall; New
 * Contact's read breaks the order) emits nothing, and the sample becomes the sampling: the walk
 * completes it as for a sample in no order (sampling.ts), and the cutoff rises to the window's
 * newest. What came before that poll stays emitted. The eligible events' first walk reads page 1
 * first, and every contact after it falls below page 1's oldest (the cutoff) or breaks the order
 * where it stands, unless that contact was deleted meanwhile. New Contact's reads compare less
 * (the rolling check compares pages of one count): a contact from before the activation may pass
 * there as one searchable late before the order breaks (none in survey 798000 after the change).
 */

/**
 * The sample to keep beside the order the activation took: none without an order or a cutoff, or
 * when the sample proved the order (`proved`, activationSample.ts: what it compared passes by
 * chance no more often than six contacts in one list, one time in 720). Kept that way only where the sample is a handful of
 * contacts: a real order read at 30 contacts a minute on pages of 5 met its own contacts again on
 * a page its anchor had left (walkAnchor.ts), rose, and walked the window once more for nothing.
 */
export function orderedSampleOf(
	pages: ReadPage[],
	sample: { order?: Order; proved?: true },
	cutoff: number | null,
	at: { time: TimeOf; now: number; days: number },
): { orderedSample?: OrderedSample } {
	const { order } = sample;
	if (!order || sample.proved || cutoff === null) return {};
	const sampling = startSampling(pages, at.time, at.now, at.days);
	// Only with dates that carry their zone: n8n's clock then caps the sampling's cutoff. Without
	// one, the sampling tells contacts dated ahead by how far the count grew, and deletions cancel
	// that: a real order disproved there recorded a contact created after the activation (helper-56:
	// 10 of about 16,000 schedules, three dated ahead and deletions). There it stays as it was.
	return sampling.zoneless ? {} : { orderedSample: { ...sampling, order } };
}

/**
 * Whether an eligible event's first walk found the list not in the sample's order, before it
 * emits from `pages`:
 * - newest first, its dates rose (at `walk`, rises and falls over the walk so far): the walk reads
 *   page 1 first, and every contact after it falls below the cutoff or rises where it stands;
 * - oldest first, a page before the activation's last holds a contact dated above the cutoff
 *   (`cutoff`, from the last page): by creation, contacts added later land after the cutoff's
 *   own, and by insertion at the end. Its dates alone did not tell: pages 1 and 2 of a list in
 *   no order rose, and two contacts enriched 8 and 23 hours before the activation came (survey
 *   799000). Without the activation's count, every page lies before the last.
 */
export function disproved(
	orderedSample: OrderedSample,
	walk: { rises?: boolean; falls?: boolean },
	read: { pages: ReadPage[]; cutoff: number; time: TimeOf; pageSize?: number },
): boolean {
	if (orderedSample.order === 'newest') return walk.rises === true;
	if (walk.falls === true) return true;
	// Without the activation's count no page is known to lie before its last, and every page counts
	// as one: a contact created since disproves a real order (a walk for nothing), but one that was
	// there, on a page of a list in no order, does too (helper-59: taking only the falls let it come).
	const size = read.pageSize ?? read.pages[0]?.pageSize ?? 1;
	const last = Math.ceil((orderedSample.total ?? Infinity) / Math.max(1, size));
	const above = (c: Contact) => (read.time(c) ?? -Infinity) > read.cutoff;
	return read.pages.some((p) => p.page < last && p.contacts.some(above));
}

/** The sampling a disproved order's sample becomes (sampling.ts): the same dates, no order. */
export function samplingOf(orderedSample: OrderedSample): Sampling {
	const sampling: Sampling & { order?: unknown } = { ...orderedSample };
	delete sampling.order;
	return sampling;
}

/** A New Contact state's sample, kept while its floor has not passed the activation. */
export function keptWhileBelow(
	orderedSample: OrderedSample | undefined,
	floor: number,
): { orderedSample?: OrderedSample } {
	return orderedSample && floor <= orderedSample.from ? { orderedSample } : {};
}

/**
 * A New Contact state whose order broke while it rested on the sample, as the sampling starts
 * from: what it shares with every mode, handled up to the activation's cutoff again (what its
 * reads proved is void). The floor stays: it has not passed the activation (keptWhileBelow).
 */
export function sampledAgain(state: Extract<NewContactState, { mode: 'ordered' }>): NewContactBase {
	const { version, baseline, floor, cutoff, seen, logged, pageSize, zoneLag, priorFloor } = state;
	const from = state.orderedSample?.from ?? baseline;
	const handledTo = cutoff === null ? null : Math.min(cutoff, from);
	const base: NewContactBase = { version, baseline, floor, cutoff, handledTo, seen, logged };
	if (pageSize !== undefined) base.pageSize = pageSize;
	if (zoneLag) base.zoneLag = zoneLag;
	if (priorFloor) base.priorFloor = priorFloor;
	return base;
}

/** A stored sample of the order, as `{ orderedSample }` to spread, or nothing. */
export function readOrderedSample(raw: unknown): { orderedSample?: OrderedSample } {
	const { sampling } = readSampling(raw);
	const order = (raw as { order?: unknown } | undefined)?.order;
	if (!sampling || (order !== 'newest' && order !== 'oldest')) return {};
	return { orderedSample: { ...sampling, order } };
}
