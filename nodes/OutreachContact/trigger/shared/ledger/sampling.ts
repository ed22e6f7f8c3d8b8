import type { ReadPage } from '../../../paging/pageReader';
import type { Contact } from '../../../types';
import { CUTOFF_RANK, DAY_MS, MOST_EAST_MS, type TimeOf } from '../serviceTime';
import { idKey } from './candidates';
import { OVERLAP_MS } from './ledger';
import { count, isTime, type Sampling, type Walk } from './shapes';

/**
 * The sample's walk (docs/trigger.md, "First activation"): without an order, a first activation's
 * sample reads a few pages, and the pages it left unread may hold contacts created before the
 * activation and dated above its cutoff. The first walk then completes the sample: it emits and
 * records nothing, and only finds the window's newest dates; the walks that emit start after it.
 *
 * A contact a poll reads `e` after the activation is dated at most `e` past the service's present
 * at the activation (dates ahead aside), so each date counts as that much earlier: the cutoff
 * stays at or below that present, and every contact created after the activation is dated above
 * it, whatever the zone of the dates. A contact created before the activation and dated within
 * `e` below the window's newest may come as new. n8n's clock measures `e`, and a clock set back
 * after the activation shortens it: a date read after the activation counts the overlap earlier
 * still, so a clock set back by less than the overlap loses nothing (survey 120000: set back 6
 * minutes, the contacts of the activation's first 2 minutes were recorded as there). A date with
 * its zone needs no such margin: n8n's clock at the activation caps the cutoff, dates ahead
 * included. Without a zone nothing tells a date ahead (short of one past any zone, `met`), and
 * as many as the service's count grew while the walk read (on the sample's window) may be among
 * the newest: the cutoff is the third newest below that many (survey 15: three dated 5 hours
 * ahead arrived in the walk's first minute and, as its three newest, set the cutoff past 174
 * contacts created after them).
 */

/** The most contacts added while the walk reads that it guards against; more, it sets no cutoff. */
export const MAX_ADDED = 200;

/** The most dates a sampling keeps. */
const MAX_TOPS = CUTOFF_RANK + MAX_ADDED;

/**
 * The sampling after a poll at `now` read `pages` of a window of `days`; `margin` counts dates
 * without a zone that much earlier still (none for the activation's own pages: nothing elapsed).
 */
export function met(
	sampling: Sampling,
	pages: ReadPage[],
	time: TimeOf,
	now: number,
	days = sampling.days,
	margin = OVERLAP_MS,
): Sampling {
	const elapsed = Math.max(0, now - sampling.from);
	// A stored state holds at most MAX_TOPS (one edited by hand may hold more: cut before sorting).
	const tops = sampling.tops.slice(0, MAX_TOPS);
	const ids = sampling.topIds?.length === tops.length ? sampling.topIds : tops.map(() => '');
	const entries = tops.map((date, i) => ({ date, id: ids[i] }));
	// A contact met again (a page read again as the list moved, a walk that goes on) keeps its first
	// date, the highest: counted again, e minutes lower, one of two contacts dated ahead without a
	// zone became the third newest and set the cutoff 10 hours past contacts created after the
	// activation (survey 2000000: 5 of 128 lost).
	const counted = new Set(ids.filter((id) => id !== ''));
	let zoneless = sampling.zoneless === true;
	let added = sampling.added ?? 0;
	let highestDate = sampling.highestDate ?? -Infinity;
	for (const page of pages) {
		if (days === sampling.days && page.total !== undefined && sampling.total !== undefined)
			added = Math.max(added, page.total - sampling.total);
		for (const contact of page.contacts) {
			const t = time(contact);
			if (t === undefined) continue;
			const instant = time.instant(contact);
			highestDate = Math.max(highestDate, t);
			if (!instant) zoneless = true;
			// Dated past n8n's clock by more than any zone and the overlap: ahead in every zone, it
			// says nothing of the service's present. Four such, added while the walk read as
			// deletions kept the count, were the newest and set the cutoff 18 hours ahead: 7 of 9
			// contacts created after the activation never came (helper-96). One there at the
			// activation comes as new if the walk read it; the activation's own pages record theirs.
			if (!instant && t > now + MOST_EAST_MS + OVERLAP_MS) continue;
			const id = sampleKey(contact, t);
			if (counted.has(id)) continue;
			counted.add(id);
			entries.push({ date: t - elapsed - (instant ? 0 : margin), id });
		}
	}
	const kept = entries.sort((a, b) => b.date - a.date).slice(0, MAX_TOPS);
	const next: Sampling = {
		...sampling,
		tops: kept.map((e) => e.date),
		topIds: kept.map((e) => e.id),
		...(zoneless ? { zoneless } : {}),
	};
	if (added > 0) next.added = added;
	if (highestDate > -Infinity) next.highestDate = highestDate;
	return next;
}

/**
 * The window of a sample's walk that starts at `now`: with dates that carry their zone, the
 * sample's, a day wider for each whole day since the activation, so that it still holds the
 * activation's window after a pause. (Started again at day 4, a window of 4 days held none of it:
 * the walk met nothing past where it had stopped, and contacts of the 12 hours before the
 * activation came; survey 710000.) Without a zone, the sample's: contacts added while the walk
 * reads count on that window only (`met`), and a wider one left three dated ahead among them
 * unguarded, which set the cutoff past the contacts created after the activation (helper-41).
 */
export function sampleWindow(sampling: Sampling, now: number): number {
	if (sampling.zoneless) return sampling.days;
	return sampling.days + Math.max(0, Math.floor((now - sampling.from) / DAY_MS));
}

/** The sampling a first activation at `now` starts with the pages its sample read. */
export function startSampling(
	pages: ReadPage[],
	time: TimeOf,
	now: number,
	days: number,
): Sampling {
	const total = pages[0]?.total;
	return met(
		{ from: now, tops: [], days, ...(total === undefined ? {} : { total }) },
		pages,
		time,
		now,
		days,
		0,
	);
}

/**
 * The cutoff once the sample's walk is complete, never below the sample's own. With dates that
 * carry their zone, the newest date met (less the time since the activation), not past n8n's
 * clock at the activation: contacts dated ahead go no further; and at least the newest date met
 * as it is, up to n8n's clock at the activation less the overlap (as the floor, this counts on a
 * service clock at most the overlap behind n8n's). Without a zone, the third newest below as many
 * as were added while the walk read (none past MAX_ADDED, or when it met fewer).
 */
export function sampledCutoff(sampling: Sampling, cutoff: number | null): number | null {
	const { tops, zoneless, from } = sampling;
	const rank = zoneless ? CUTOFF_RANK + (sampling.added ?? 0) : 1;
	const top = rank <= tops.length ? tops[rank - 1] : null;
	if (top === null) return cutoff;
	const zoned = Math.max(
		Math.min(top, from),
		Math.min(sampling.highestDate ?? top, from - OVERLAP_MS),
	);
	return Math.max(cutoff ?? -Infinity, zoneless ? top : zoned);
}

/**
 * The sampling of a walk that goes on again: it was cut short (`cutShort`), and the cutoff from
 * what it met let contacts of the hours before the activation in (survey 400000: a pause aged its
 * place out of the window, 23 contacts of the 135 minutes before it; survey 410000: an import while
 * it read at pages of 1). Its dates stay. After that only a walk that grew goes on, within a
 * bound of pages (goesOn): an account that keeps shrinking or growing under it (one that ages out
 * more than a few pages between polls) would hold the trigger on the sample for good.
 */
export function restarted(sampling: Sampling): Sampling {
	return { ...sampling, restarted: true };
}

/**
 * How a complete walk, at `walk` as it ended, was cut short: 'grown' past the pages its first
 * answer allowed (it goes on after the page where it stopped, with an allowance from the count
 * its next page reports; the eligible events' first walk does too, eligible.ts: a
 * start from page 1 cost an import without an order a third more polls, `npm run bench -- import`),
 * or 'shrank' where it could not read back (it lost its place: it starts again from page 1). A
 * walk that ended on a repeated page is neither: the service broke, and going on would not end
 * (walkStep leaves a walk cut at its allowance on the page after it, one that met a repeated page
 * on that page: at or before its allowance).
 */
export function cutShort(
	walk: Partial<Walk>,
	inconsistent: string | undefined,
): 'grown' | 'shrank' | undefined {
	const { limit, page } = walk;
	if (inconsistent !== undefined && limit !== undefined && (page ?? 0) > limit) return 'grown';
	return walk.shrank === true && !inconsistent ? 'shrank' : undefined;
}

/**
 * How a sample's walk cut short (`cut`, see cutShort) goes on, if it does, instead of completing
 * on what it met: the first time, either way; after that, when it outgrew its allowance and is
 * still within the pages the sample's count and MAX_ADDED more contacts fill (`page`, in pages of
 * `size`). Completed a second time short, a walk of pages of 1 that an import outgrew twice never
 * met the activation's newest, and a contact enriched hours before the activation came
 * (helper-50, f2_0). Bounded by pages, not by `sampling.added`: that counts only on the sample's
 * own window, and a walk on a wider one (a day after the activation) went on for good while a
 * steady stream outran it, emitting nothing (helper-52). Past the bound it completes on what it
 * met, as it did before.
 */
export function goesOn(
	walked: Sampling,
	cut: 'grown' | 'shrank' | undefined,
	page: number | undefined,
	size: number | undefined,
): 'grown' | 'shrank' | undefined {
	if (!walked.restarted) return cut;
	const most = Math.ceil(((walked.total ?? 0) + MAX_ADDED) / Math.max(1, size ?? 1));
	return cut === 'grown' && (page ?? Infinity) <= most ? cut : undefined;
}

/** A stored sampling, as `{ sampling }` to spread, or nothing when not as written. */
export function readSampling(raw: unknown): { sampling?: Sampling } {
	const json = raw as Record<string, unknown> | undefined;
	if (!json || !isTime(json.from) || !Array.isArray(json.tops) || !isTime(json.days)) return {};
	const sampling: Sampling = { from: json.from, tops: json.tops.filter(isTime), days: json.days };
	const ids = json.topIds;
	if (Array.isArray(ids) && ids.length === sampling.tops.length && ids.every(isId))
		sampling.topIds = ids;
	if (json.zoneless === true) sampling.zoneless = true;
	if (json.restarted === true) sampling.restarted = true;
	if (isTime(json.highestDate)) sampling.highestDate = json.highestDate;
	for (const key of ['total', 'added'] as const)
		if (count(json[key]) !== undefined) sampling[key] = count(json[key]);
	return { sampling };
}

/**
 * What tells a contact the walk meets again: its id, or, without a usable one, `~` and its date as
 * the event reads it (`t`, epoch ms). Counted at every meeting, two contacts without an id dated
 * ahead, met again as the walk went on, filled the dates above the cutoff (helper-59). Never the
 * email: the state keeps no contact data.
 */
function sampleKey(contact: Contact, t: number): string {
	return idKey(contact?.id) ?? `~${t}`;
}

/** A stored id of `topIds`: '' or an id as `idKey` keeps it. */
function isId(id: unknown): id is string {
	return typeof id === 'string' && (id === '' || idKey(id) === id);
}
