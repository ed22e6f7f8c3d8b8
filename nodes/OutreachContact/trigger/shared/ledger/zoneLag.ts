import type { ReadPage } from '../../../paging/pageReader';
import { cutoffOf, DAY_MS, FUTURE_TOLERANCE_MS, MOST_LAG_MS, type TimeOf } from '../serviceTime';
import { cutoffIn, idKey, type PollRules } from './candidates';
import { isTime, type NewContactState } from './shapes';

/**
 * How far the service's dates without a zone lag n8n's clock (docs/trigger.md, "Dates without a
 * zone"). Such a date is read as UTC; a service that writes its local time west of UTC (Phoenix:
 * 7 hours) then dates its newest contacts hours behind n8n's clock, and n8n's clock no longer caps
 * the handled point: three contacts dated 2 hours ahead would lift the floor past the contacts
 * created after them. The service's present on its own dates is n8n's clock less this lag.
 *
 * The lag is learned from polls: each one that meets contacts above the handled point without a
 * zone observes their third newest date less n8n's clock. The lag kept is the lowest observation of the
 * last one to two days, so a few contacts dated ahead (higher) do not move it while earlier polls
 * met the real present. A quiet account observes nothing (nothing above the handled point); a
 * backfill dated back is below the handled point. Too low a lag only holds the floor lower: more
 * ids kept, nothing lost.
 */
export interface ZoneLag {
	/** The lowest observation since `since` (n8n's clock), in ms (0 or below). */
	lowest: number;
	since: number;
	/** The lowest observation of the day before `since`. */
	before?: number;
}

/**
 * The dates without a zone above `handled` that pages met, of contacts not `seen` before, within
 * the tolerance ahead: their third newest (cutoffOf) is what a poll observes, so that two dated
 * ahead do not count. Contacts met again do not observe again: three dated ahead, seen and still
 * above the handled point, would otherwise be the third newest at every poll, hold the lag at 0,
 * and the floor, hours ahead of the service's present, passed 66 contacts (survey 36).
 */
export function zonelessDates(
	pages: ReadPage[],
	handled: number,
	seen: Readonly<Record<string, number>>,
	time: TimeOf,
	now: number,
): number[] {
	const dates: number[] = [];
	for (const page of pages)
		for (const contact of page.contacts) {
			const created = time(contact);
			if (created === undefined || created <= handled || time.instant(contact)) continue;
			const key = idKey(contact?.id);
			if (key !== undefined && key in seen) continue;
			if (created <= now + FUTURE_TOLERANCE_MS) dates.push(created);
		}
	return dates;
}

/**
 * The lag after a poll that met `dates` (none: nothing to observe). Dates ahead of n8n's
 * clock observe 0: east of UTC n8n's clock caps the floor as it does for dates with a zone.
 */
export function observeLag(
	lag: ZoneLag | undefined,
	dates: number[],
	now: number,
): ZoneLag | undefined {
	const cutoff = cutoffOf(dates);
	if (cutoff === null) return lag;
	const observed = Math.max(-MOST_LAG_MS, Math.min(0, cutoff - now));
	// The first day counts the zone furthest west as the day before: an observation of 0 may be
	// three contacts dated ahead on a service that lags (survey 36: the 2 contacts after them lost).
	if (!lag) return { lowest: observed, since: now, before: -MOST_LAG_MS };
	// A new day of observations: the day before stays, so that the lag rises only after a whole day.
	if (now - lag.since >= DAY_MS || now < lag.since)
		return { lowest: observed, since: now, before: lag.lowest };
	return { ...lag, lowest: Math.min(lag.lowest, observed) };
}

/** The service's present on its own dates: n8n's clock less the lag (n8n's clock without one). */
export function serviceNow(lag: ZoneLag | undefined, now: number): number {
	if (!lag) return now;
	return now + Math.max(-MOST_LAG_MS, Math.min(0, lag.lowest, lag.before ?? 0));
}

/** A stored zone lag (zoneLag.ts), or undefined when it is not as written. */
export function readZoneLag(raw: unknown): ZoneLag | undefined {
	const lag = raw as Record<string, unknown> | undefined;
	if (!lag || !isTime(lag.lowest) || !isTime(lag.since)) return undefined;
	return {
		lowest: lag.lowest,
		since: lag.since,
		...(isTime(lag.before) ? { before: lag.before } : {}),
	};
}

/**
 * The zone lag after a poll that read `pages`: what their dates without a zone above the handled
 * point observe (New Contact's ledger).
 */
export function lagAfter(state: NewContactState, pages: ReadPage[], rules: PollRules) {
	const handled = Math.max(state.handledTo ?? -Infinity, cutoffIn(state) ?? -Infinity);
	const dates = zonelessDates(pages, handled, state.seen, rules.time, rules.now);
	return observeLag(state.zoneLag, dates, rules.now);
}
