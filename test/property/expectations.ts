/**
 * What a schedule lets the trigger emit and what it must emit, from the schedule alone (the
 * contacts, when each appeared, was dated and enriched, and when the activation ran), by the
 * rules docs/trigger.md states for each event. Tolerances sit where the docs give them (the
 * overlap of an hour at the activation's edge) and where the test keeps clear of the stated
 * assumptions (see LATE_MS and EDGE_MS).
 */
import { RETENTION_MS } from '../../nodes/OutreachContact/trigger/shared/ledger/eligible';
import { scheduleEventOf } from './events';
import type { PlannedContact, Schedule } from './schedule';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The overlap of docs/trigger.md: the tolerance at the activation's edge. */
export const OVERLAP_MS = HOUR;

/**
 * The docs' one assumption: a contact becomes searchable within an hour of the contacts created
 * around it. A contact that appears more than LATE_MS after its created_date is not required
 * (the generators date backfills at most 30 minutes or at least 2 hours back, so no schedule
 * sits near the hour).
 */
export const LATE_MS = 45 * MINUTE;

/**
 * Around the edge of "the last N days", which the trigger places on the service's dates read
 * by n8n's clock: contacts within this of it may come and need not.
 */
const EDGE_MS = 2 * HOUR;

const ZONE_OFFSET_MS: Record<Schedule['dates'], number> = {
	utc: 0,
	'Asia/Tokyo': 9 * HOUR,
	'America/Phoenix': -7 * HOUR,
};

/** The time created_date says as a reader that takes a zone-less date for UTC sees it. */
export function datedAt(schedule: Schedule, contact: PlannedContact): number {
	return contact.createdMs + ZONE_OFFSET_MS[schedule.dates];
}

/** The activation poll as it ran: its start and end (true time, n8n's clock agrees then). */
export interface Activation {
	start: number;
	end: number;
	/** The activation found no order it could use: its first walk completes the sample. */
	withoutOrder?: boolean;
	/**
	 * When the walk that completes the activation's sample last ended (true time; the runner sets it
	 * as the polls go). That walk counts each date without a zone as early as the time since the
	 * activation (docs/trigger-open-schedules.md, the open corner's first kind), so the corner
	 * reaches that much further back.
	 */
	sampledUntil?: number;
}

export interface Rules {
	/** Whether the trigger may emit the contact (once). */
	may(contact: PlannedContact): boolean;
	/** Whether it must have emitted the contact once all is drained. */
	must(contact: PlannedContact): boolean;
}

/**
 * docs/trigger.md, First activation: the cutoff is the third newest creation time the activation
 * reads; contacts created at or before it were there and are never emitted, so a contact dated
 * after it counts as new even when it is added after the activation with an older date. And "an
 * account with no contact yet: the floor is a day back". The activation's window reaches at
 * least two and at most four days back: the test allows the lowest cutoff either gives.
 */
const WINDOW_DAYS = { least: 2, most: 4 };

/** How far before the activation the open corner reaches: the zone furthest west of UTC. */
const OPEN_CORNER_MS = 12 * 60 * 60_000;

/** The third newest of `times` (the smallest when fewer), as docs/trigger.md's cutoff. */
function thirdNewest(times: number[]): number | undefined {
	const sorted = [...times].sort((a, b) => b - a);
	return sorted[Math.min(2, sorted.length - 1)];
}

export function rulesOf(
	schedule: Schedule,
	contacts: readonly PlannedContact[],
	activation: Activation,
): Rules {
	const ofSequence = (c: PlannedContact) => !schedule.sequenceFilter || c.sequenceId === 101;
	const cutoffWithin = (days: number) =>
		thirdNewest(
			contacts
				.filter(
					(c) =>
						ofSequence(c) &&
						c.visibleAt <= activation.start &&
						c.createdMs >= activation.start - days * DAY,
				)
				.map((c) => datedAt(schedule, c)),
		);
	const near = cutoffWithin(WINDOW_DAYS.least);
	const far = cutoffWithin(WINDOW_DAYS.most) ?? Infinity;
	// The earliest date New Contact may emit without N days (an hour of overlap below it).
	const cutoff = Math.min(far, near === undefined ? activation.start - DAY - EDGE_MS : Infinity);
	// The open corner (issue 47's decision; docs/trigger-open-schedules.md): results in no order
	// and dates without a zone, a contact created (for the other events: made eligible) in the
	// hours before the activation may come, once. Allowed there and nowhere else. Pages of 1 tell
	// no order at the activation (a page of one contact rises and falls alike): the activation
	// samples them as a list in no order, whatever the service's, and its walk learns the order.
	// The activation may also find no order in a list that has one: a backfill added while it read
	// breaks it (helper-58: oldest first, pages of 2 to 4, a share of 1, a backfill while the
	// activation read). Its first walk then completes the sample as for a list in no order, and
	// the same holds.
	const openCorner =
		(schedule.order === 'unordered' || schedule.cap === 1 || activation.withoutOrder === true) &&
		schedule.dates !== 'utc';
	// The corner's reach: 12 hours, and the time the sample's walk took (its first kind). Seed 87,
	// schedule 2928: Contact Snippets Ready, no order, Tokyo dates, a share of 1 and two imports
	// while that walk read for 33 minutes; a contact given snippets 12.15 hours before came.
	const reach = () =>
		OPEN_CORNER_MS + Math.max(0, (activation.sampledUntil ?? 0) - activation.start);
	const inCorner = (moment: number) => openCorner && moment >= activation.start - reach();
	// Dates without a zone, in any order: a contact that was not there when the activation began
	// (it appeared while the activation read, or later) may come, dated up to the corner's reach
	// before it. Such a contact is not in the list the activation stands for, whatever its date;
	// the trigger counts dates without a zone read after the activation an hour earlier
	// (docs/trigger-open-schedules.md, the open corner's fourth kind), so a backfill dated 2 hours
	// back that lands while the activation reads at a share of 1 may pass its cutoff (property
	// run seed 44). A contact that was there still may not come outside the open corner.
	const arrivedLater = (c: PlannedContact, moment: number) =>
		schedule.dates !== 'utc' &&
		c.visibleAt > activation.start &&
		moment >= activation.start - reach();
	const newContactFrom = (c: PlannedContact) =>
		c.createdMs >= activation.start - OVERLAP_MS ||
		datedAt(schedule, c) >= cutoff - OVERLAP_MS ||
		inCorner(c.createdMs) ||
		arrivedLater(c, c.createdMs);
	const late = (c: PlannedContact) => c.visibleAt - c.createdMs > LATE_MS;
	const days = schedule.initialDays * DAY;
	// The start of "the last N days" on the service's dates.
	const since = activation.start - days;
	const afterActivation = (c: PlannedContact) =>
		c.createdMs > activation.end && c.visibleAt > activation.end;
	const { eligibleAt } = scheduleEventOf(schedule.event);
	if (!eligibleAt) {
		return {
			may: (c) =>
				ofSequence(c) && (days === 0 ? newContactFrom(c) : datedAt(schedule, c) >= since - EDGE_MS),
			must: (c) =>
				ofSequence(c) &&
				!late(c) &&
				(days === 0 ? afterActivation(c) : datedAt(schedule, c) >= since + EDGE_MS),
		};
	}
	// docs/trigger.md, retention: a contact created more than 30 days before a complete walk is
	// never emitted. One made eligible in the last 7 days of that is not required: with an order a
	// walk reads one page a poll, and at the runner's polls 6 hours apart (until the last contact
	// becomes eligible) a walk of a few dozen pages takes days. The docs say so.
	const pastRetention = (c: PlannedContact, at: number) =>
		at > c.createdMs + RETENTION_MS - 7 * DAY;
	// An event of eligible contacts (Contact Enriched: the enrichment): the event is the moment a
	// contact becomes eligible; with N days, of contacts created in them too. docs/trigger.md:
	// "With N days, the first walk emits the contacts of those days" (eligible ones, as they are
	// dated), whenever they became eligible: a contact eligible before the days began may come
	// when its date, as the trigger reads it, lies within them.
	return {
		may: (c) => {
			const at = eligibleAt(c);
			return (
				ofSequence(c) &&
				at !== undefined &&
				(days === 0
					? at >= activation.start - OVERLAP_MS || inCorner(at) || arrivedLater(c, at)
					: at >= since - EDGE_MS || datedAt(schedule, c) >= since - EDGE_MS)
			);
		},
		must: (c) => {
			const at = eligibleAt(c);
			return (
				ofSequence(c) &&
				!late(c) &&
				at !== undefined &&
				!pastRetention(c, at) &&
				(days === 0
					? afterActivation(c) && at > activation.end
					: at >= since + EDGE_MS && datedAt(schedule, c) >= since + EDGE_MS)
			);
		},
	};
}
