/**
 * A schedule of the trigger's property test, and what it comes to: the contacts of the account
 * (when each appears, the creation time the service holds, when it is enriched) and the polls
 * (when, after a restart or not, with which faults). A schedule is plain data, so that
 * fast-check prints a failing one as a literal that a regression test can replay.
 */
import { scheduleEventOf } from './events';
import { createPrng } from '../../sandbox/prng';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * How the service lists its results: by creation time (newest or oldest first), by insertion
 * (the order contacts were added, whatever their created_date says), or in no order.
 */
export type ListOrder = 'newest' | 'oldest' | 'insertionNewest' | 'insertionOldest' | 'unordered';

/** How the service writes created_date: ISO 8601 in UTC, or the local time of a zone without a zone. */
export type DateStyle = 'utc' | 'Asia/Tokyo' | 'America/Phoenix';

export type Arrival =
	/** `count` contacts spread over the gap before the poll. */
	| { kind: 'steady'; count: number }
	/** `count` contacts within 10 seconds. */
	| { kind: 'burst'; count: number }
	/**
	 * An import of `percent`% of Max Contacts per Poll (more than 100%) within a few seconds, at
	 * most MAX_IMPORT_PAGES pages of the cap and MAX_IMPORT contacts.
	 */
	| { kind: 'import'; percent: number }
	/** `count` contacts dated `minutesBack` before the moment they appear. */
	| { kind: 'backfill'; count: number; minutesBack: number }
	/** `count` contacts dated `hoursAhead` after the moment they appear (a wrong date, within a day). */
	| { kind: 'ahead'; count: number; hoursAhead: number }
	/**
	 * `count` contacts dated `minutesBack` before the moment they appear, spread over the `ms`
	 * after the poll's due time: they appear while the poll reads (helper-44; in the draw since
	 * 2026-11-29, helper-46's failures).
	 */
	| { kind: 'whileReading'; count: number; ms: number; minutesBack: number };

export interface Step {
	/**
	 * Minutes from the previous poll to this one: 1-10, or a pause of hours to days; in units of
	 * the schedule's `pollSeconds` when it has one.
	 */
	gapMinutes: number;
	/** Contacts that appear in that gap. */
	arrivals: Arrival[];
	/** n8n restarts before this poll: static data through JSON, pacing and memory forgotten. */
	restart: boolean;
	/** n8n's wall clock is stepped by this many minutes before the poll (the service's is not). */
	clockStepMinutes: number;
	/** The share of this poll's requests (retries included) the service answers with a fault. */
	faultPercent: number;
	faultStatus: 503 | 429 | 'mixed';
	/** Contacts deleted in the service's app (absent: none). */
	deletions?: Deletions;
}

/**
 * Deletions of a step: `before` contacts of the search, drawn at random, just before the poll;
 * `during` of the newest while the poll pages (after its first page is answered).
 */
export interface Deletions {
	before: number;
	during: number;
}

export interface Schedule {
	/** An event of the trigger's table (events.ts). */
	event: string;
	order: ListOrder;
	/** The largest page the service serves. */
	cap: number;
	/** The credential's Requests per Minute (the trigger's share is a quarter, at least 1). */
	requestsPerMinute: number;
	maxPerPoll: number;
	/** Emit Contacts From the Last N Days on Activation. */
	initialDays: number;
	/** Whether the trigger filters on sequence 101 (contacts are then of 101 or 102). */
	sequenceFilter: boolean;
	dates: DateStyle;
	/** Contacts before the activation: `count` spread over the `hoursBack` hours before it. */
	before: { count: number; hoursBack: number };
	/**
	 * The events of eligible contacts: the share of contacts enriched, each 1 to `maxDelayMinutes`
	 * after it appears, and, drawn on its own, the share with snippets written in the same way.
	 */
	enrich: { percent: number; maxDelayMinutes: number };
	/** Places contacts within their gaps and draws faults: the rest of the randomness. */
	seed: number;
	steps: Step[];
	/**
	 * Polls faster than a minute (n8n's custom cron has seconds): each step's gap counts in units
	 * of this many seconds instead of minutes. Absent: minutes.
	 */
	pollSeconds?: number;
}

/** A contact of the account as the schedule makes it. */
export interface PlannedContact {
	id: number;
	/** When it appears in the search (true time). */
	visibleAt: number;
	/** The creation time the service holds (true time); created_date writes it. */
	createdMs: number;
	enrichAt?: number;
	/** When the service writes its sentence snippets (true time); absent: never. */
	snippetsAt?: number;
	sequenceId: number;
}

export interface PlannedPoll {
	/** When it is due (true time); it starts later if the previous poll still runs. */
	at: number;
	restart: boolean;
	clockStepMs: number;
	faultPercent: number;
	faultStatus: 503 | 429 | 'mixed';
	deletions?: Deletions;
}

export interface Plan {
	/** The activation poll's time (true time); n8n's clock agrees with it then. */
	start: number;
	contacts: PlannedContact[];
	/** The activation first, then one per step. */
	polls: PlannedPoll[];
}

/** A Monday at 09:00 UTC; the service's midnight falls within most schedules of a day or more. */
export const PLAN_START = Date.UTC(2026, 5, 8, 9, 0, 0);

/** n8n's wall clock stays within this of the service's clock (the docs' assumption is an hour). */
export const MAX_SKEW_MS = 30 * MINUTE;

const SEQUENCE = 101;
const OTHER_SEQUENCE = 102;

/** The contacts and polls of `schedule`: a pure function of it. */
export function planOf(schedule: Schedule): Plan {
	const random = createPrng(schedule.seed);
	const within = (from: number, to: number) => from + Math.floor(random() * Math.max(1, to - from));
	const drafts: Array<Omit<PlannedContact, 'id' | 'sequenceId' | 'enrichAt' | 'snippetsAt'>> = [];
	const start = PLAN_START;
	const { count, hoursBack } = schedule.before;
	for (let i = 0; i < count; i++) {
		const t = within(start - hoursBack * HOUR, start - MINUTE);
		drafts.push({ visibleAt: t, createdMs: t });
	}
	const polls: PlannedPoll[] = [
		{ at: start, restart: false, clockStepMs: 0, faultPercent: 0, faultStatus: 503 },
	];
	let previous = start;
	let skew = 0;
	const unit = schedule.pollSeconds ? schedule.pollSeconds * 1000 : MINUTE;
	for (const step of schedule.steps) {
		const at = previous + step.gapMinutes * unit;
		// Contacts appear strictly between the polls' due times, never at one.
		const moment = () => within(previous + 1, at - Math.min(15_000, (at - previous) / 2));
		for (const arrival of step.arrivals)
			drafts.push(...arrivalContacts(arrival, schedule, moment, at));
		const wanted = step.clockStepMinutes * MINUTE;
		const clockStepMs = Math.max(-MAX_SKEW_MS, Math.min(MAX_SKEW_MS, skew + wanted)) - skew;
		skew += clockStepMs;
		polls.push({
			at,
			restart: step.restart,
			clockStepMs,
			faultPercent: step.faultPercent,
			faultStatus: step.faultStatus,
			...(step.deletions ? { deletions: step.deletions } : {}),
		});
		previous = at;
	}
	// Ids follow insertion: the order 'by insertion' is the order of ids.
	drafts.sort((a, b) => a.visibleAt - b.visibleAt || a.createdMs - b.createdMs);
	const contacts = drafts.map((d, i) => {
		const contact: PlannedContact = {
			...d,
			id: i + 1,
			sequenceId: schedule.sequenceFilter && random() < 0.5 ? OTHER_SEQUENCE : SEQUENCE,
		};
		// Enrichment and snippets at times of their own (some contacts get one, both or neither).
		const later = () =>
			random() * 100 < schedule.enrich.percent
				? d.visibleAt + MINUTE + Math.floor(random() * schedule.enrich.maxDelayMinutes * MINUTE)
				: undefined;
		if (scheduleEventOf(schedule.event).eligibleAt) {
			const enrichAt = later();
			const snippetsAt = later();
			if (enrichAt !== undefined) contact.enrichAt = enrichAt;
			if (snippetsAt !== undefined) contact.snippetsAt = snippetsAt;
		}
		return contact;
	});
	return { start, contacts, polls };
}

function arrivalContacts(
	arrival: Arrival,
	schedule: Schedule,
	moment: () => number,
	pollAt: number,
): Array<Omit<PlannedContact, 'id' | 'sequenceId' | 'enrichAt' | 'snippetsAt'>> {
	const out: Array<Omit<PlannedContact, 'id' | 'sequenceId' | 'enrichAt' | 'snippetsAt'>> = [];
	if (arrival.kind === 'whileReading') {
		// No moment drawn: the draws of the other arrivals stay as they were.
		for (let i = 0; i < arrival.count; i++) {
			const t = pollAt + 1 + Math.floor((i * arrival.ms) / arrival.count);
			out.push({ visibleAt: t, createdMs: t - arrival.minutesBack * MINUTE });
		}
		return out;
	}
	const at = moment();
	switch (arrival.kind) {
		case 'steady':
			for (let i = 0; i < arrival.count; i++) {
				const t = moment();
				out.push({ visibleAt: t, createdMs: t });
			}
			break;
		case 'burst':
			// 10 seconds, each contact on its own millisecond.
			for (let i = 0; i < arrival.count; i++) {
				const t = at + Math.floor((i * 10_000) / arrival.count);
				out.push({ visibleAt: t, createdMs: t });
			}
			break;
		case 'import': {
			const wanted = Math.ceil((schedule.maxPerPoll * arrival.percent) / 100);
			const count = Math.min(wanted, MAX_IMPORT_PAGES * schedule.cap, MAX_IMPORT);
			for (let i = 0; i < count; i++) out.push({ visibleAt: at + i, createdMs: at + i });
			break;
		}
		case 'backfill':
			for (let i = 0; i < arrival.count; i++)
				out.push({ visibleAt: at + i, createdMs: at + i - arrival.minutesBack * MINUTE });
			break;
		case 'ahead':
			for (let i = 0; i < arrival.count; i++)
				out.push({ visibleAt: at + i, createdMs: at + i + arrival.hoursAhead * HOUR });
			break;
	}
	return out;
}

/**
 * An import is at most 50 pages of the service's cap (issue 51, point 5: larger than the first
 * read, up to 50 pages) and at most 5,000 contacts, so that a schedule with a large Max Contacts
 * per Poll runs in seconds, not hours (seed 65's schedule 51 imported 54,000).
 */
export const MAX_IMPORT_PAGES = 50;
export const MAX_IMPORT = 5_000;

/** Steady arrivals and polls every few minutes, nothing else: the tool's control case. */
export const calmSchedule = (order: Schedule['order'], event: Schedule['event']): Schedule => ({
	event,
	order,
	cap: 50,
	requestsPerMinute: 200,
	maxPerPoll: 50,
	initialDays: 0,
	sequenceFilter: false,
	dates: 'utc',
	before: { count: 120, hoursBack: 24 },
	enrich: { percent: 80, maxDelayMinutes: 5 },
	seed: 11,
	steps: Array.from({ length: 30 }, (_, i) => ({
		gapMinutes: 1 + (i % 5),
		arrivals: [{ kind: 'steady' as const, count: 1 + (i % 7) }],
		restart: false,
		clockStepMinutes: 0,
		faultPercent: 0,
		faultStatus: 503 as const,
	})),
});
