import type { ReadPage } from '../../../paging/pageReader';
import { CUTOFF_RANK, cutoffOf, type Order, type TimeOf } from '../serviceTime';
import { MAX_ADDED } from './sampling';

/**
 * The cutoff a first activation's sample sets when it took an order, and with N days the date the
 * first range must reach (docs/trigger.md, "First activation"). Without an order the sample's walk
 * sets the cutoff (sampling.ts).
 */

/**
 * The cutoff of a first activation's sample read in an order (`times`: the dates it took): its
 * third newest date, at most n8n's clock `now` when every date has a zone. Without a zone, n8n's
 * clock cannot tell a date ahead. Oldest first, the sample reads page 1, then the last page as
 * page 1 counted them; contacts added meanwhile (its count grew: at a low Requests per Minute the
 * two are a minute apart) fill that page's free places, and may be dated ahead: three dated an
 * hour ahead set the cutoff above every contact created after the activation (surveys 160000 and
 * 170000). So the cutoff is the third newest of the last pages below as many as may have landed
 * there (the oldest left when fewer than three are; none past MAX_ADDED). Only those: the others
 * land on pages the sample did not read, and counting them took the cutoff hours below the
 * activation, letting contacts from before it in (helper-23). Newest first the sample reads page 1
 * alone; without an order the sample's walk sets the cutoff (`sampledCutoff`).
 */
export function activationCutoff(
	pages: ReadPage[],
	times: number[],
	time: TimeOf,
	/** 'ends': no order, page 1 and the last pages of a list that looked oldest first (Sample's `ends`). */
	order: Order | 'ends' | undefined,
	now: number,
): number | null {
	const top = cutoffOf(times);
	// Dates with a zone: n8n's clock at the activation caps the cutoff. Three contacts dated 8
	// hours ahead set it there, and every contact of the next 8 hours passed for one that was
	// there (survey 260000: 129 of 129). Those the sample read above it are recorded. A contact
	// whose date cannot be read has no say: it is neither ahead nor without a zone.
	const zoneless = pages.some((p) =>
		p.contacts.some((c) => time(c) !== undefined && !time.instant(c)),
	);
	if (top !== null && !zoneless) return Math.min(top, now);
	const first = pages[0];
	const total = first?.total;
	const guarded = order === 'oldest' || order === 'ends';
	if (!guarded || pages.length < 2 || first.page !== 1 || total === undefined) return top;
	const added = Math.max(0, ...pages.map((p) => (p.total ?? total) - total));
	// Free places from page 1's count up to the end of the last page read (the page after the
	// one asked, when the list grew onto it: activationSample.ts).
	const end = Math.max(first.pages ?? 1, ...pages.map((p) => p.page));
	const free = Math.max(0, end * first.pageSize - total);
	const landed = Math.min(added, free);
	const chosen = new Set(times);
	const dates = pages
		.slice(1)
		.flatMap((p) => p.contacts.map((c) => time(c)))
		.filter((t): t is number => t !== undefined && chosen.has(t))
		.sort((a, b) => b - a);
	// Fewer than CUTOFF_RANK left below those, in an order: the oldest of them. Oldest first, the
	// pages before hold none dated above it (taking the third newest of all lost 21 of 22
	// contacts: three dated 12 hours ahead, without a zone, added while pages of 3 were read,
	// g2-1616). Not in a list known to have no order (`ends`): pages before may hold newer ones
	// (helper-59); there the first walk raises the cutoff from the third newest of all.
	const rank = CUTOFF_RANK + landed;
	const short = order === 'ends' ? rank > dates.length : landed >= dates.length;
	if (landed === 0 || landed > MAX_ADDED || short) return top;
	return Math.min(top ?? Infinity, dates[Math.min(rank, dates.length) - 1]);
}

/**
 * Emit Contacts From the Last N Days (`floor` N days back), read in an order: `backlogBy`, the
 * third newest of the sample's dates at or above the floor (the oldest when fewer), to spread
 * into the state; nothing without N days or such a date (NewContactState's `backlogBy`).
 */
export function backlogOf(times: number[], floor: number | undefined): { backlogBy?: number } {
	const backlogBy = floor === undefined ? null : cutoffOf(times.filter((t) => t >= floor));
	return backlogBy === null ? {} : { backlogBy };
}
