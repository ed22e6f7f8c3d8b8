import type { ReadPage } from '../../../paging/pageReader';
import { CUTOFF_RANK, cutoffOf, type TimeOf } from '../serviceTime';

/**
 * The sample's walk (docs/trigger.md, "First activation"): without an order, a first activation's
 * sample reads a few pages, and the pages it left unread may hold contacts created before the
 * activation and dated above its cutoff. The first walk then completes the sample: it emits and
 * records nothing, and only finds the window's newest dates; the walks that emit start after it.
 *
 * A contact a poll reads `e` after the activation is dated at most `e` past the service's present
 * at the activation (dates ahead aside), so each date counts as that much earlier: the cutoff, the
 * third newest of them, stays at or below that present, and every contact created after the
 * activation is dated above it, whatever the zone of the dates. A contact created before the
 * activation and dated within `e` below the window's newest may come as new.
 */
export interface Sampling {
	/** n8n's clock at the activation. */
	from: number;
	/** The newest dates met so far, each less the time since the activation, at most CUTOFF_RANK, newest first. */
	tops: number[];
	/** Whether a date without a zone was met: n8n's clock then cannot cap the cutoff. */
	zoneless?: boolean;
}

/** The sampling after a poll at `now` read `pages`. */
export function met(sampling: Sampling, pages: ReadPage[], time: TimeOf, now: number): Sampling {
	const since = Math.max(0, now - sampling.from);
	const dates: number[] = [];
	let zoneless = sampling.zoneless === true;
	for (const page of pages)
		for (const contact of page.contacts) {
			const t = time(contact);
			if (t === undefined) continue;
			dates.push(t - since);
			if (!time.instant(contact)) zoneless = true;
		}
	const tops = [...sampling.tops, ...dates].sort((a, b) => b - a).slice(0, CUTOFF_RANK);
	return { ...sampling, tops, ...(zoneless ? { zoneless } : {}) };
}

/** The sampling a first activation at `now` starts with the pages its sample read. */
export function startSampling(pages: ReadPage[], time: TimeOf, now: number): Sampling {
	return met({ from: now, tops: [] }, pages, time, now);
}

/**
 * The cutoff once the sample's walk is complete, never below the sample's own. With dates that
 * carry their zone, the newest date met (less the time since the activation), not past n8n's
 * clock at the activation: contacts dated ahead go no further. Without a zone n8n's clock cannot
 * tell a date ahead, so the third newest, as the sample's cutoff: the two above it come as new.
 */
export function sampledCutoff(sampling: Sampling, cutoff: number | null): number | null {
	const { tops, zoneless, from } = sampling;
	const top = zoneless ? cutoffOf(tops) : tops.length > 0 ? Math.min(tops[0], from) : null;
	return top === null ? cutoff : Math.max(cutoff ?? -Infinity, top);
}
