import type { Contact } from '../../types';

/**
 * The service's time and order, as the trigger reads them (docs/trigger.md): its timestamps, the
 * search window in whole days and the order of its results. Pure; callers pass `now`.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

// YYYY-MM-DD, then optionally T/t/space, hh:mm, :ss, a fraction (. or ,) and a zone:
// Z, UTC, GMT, ±hh, ±hhmm or ±hh:mm. Spaces before the zone are tolerated.
const ISO_8601 =
	/^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?(?:\s*(Z|z|UTC|GMT|[+-]\d{2}(?::?\d{2})?))?$/;

const EPOCH = /^\d{9,}(\.\d+)?$/;

/** Below this an epoch number is read as seconds, above it as milliseconds (year 5138 vs 1973). */
const EPOCH_SECONDS_LIMIT = 100_000_000_000;

function daysInMonth(year: number, month: number): number {
	if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
	return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function fromEpoch(value: number): number | undefined {
	if (!Number.isFinite(value) || value <= 0) return undefined;
	return Math.floor(value < EPOCH_SECONDS_LIMIT ? value * 1000 : value);
}

/**
 * The creation time of a contact in epoch ms, or undefined when it cannot be read: ISO 8601
 * (no zone means UTC, never the machine's zone), a bare date, or epoch seconds/milliseconds.
 */
export function parseCreatedTime(value: unknown): number | undefined {
	if (typeof value === 'number') return fromEpoch(value);
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	if (EPOCH.test(text)) return fromEpoch(Number(text));
	const m = ISO_8601.exec(text);
	if (!m) return undefined;
	const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone = 'Z'] = m;
	const year = Number(y);
	const month = Number(mo);
	const day = Number(d);
	const hour = Number(h);
	const minute = Number(mi);
	let second = Number(s);
	if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
	// 24:00:00 is the end of the day in ISO 8601; Date.UTC rolls it over to the next day.
	if (hour > 24 || (hour === 24 && (minute > 0 || second > 0 || /[1-9]/.test(fraction))))
		return undefined;
	if (minute > 59 || second > 60) return undefined;
	// A leap second is read as the last millisecond of its minute.
	const ms = second === 60 ? 999 : Number(fraction.slice(0, 3).padEnd(3, '0'));
	if (second === 60) second = 59;

	let offsetMinutes = 0;
	if (zone !== 'Z' && zone !== 'z' && zone !== 'UTC' && zone !== 'GMT') {
		const digits = zone.slice(1).replace(':', '');
		const oh = Number(digits.slice(0, 2));
		const om = digits.length > 2 ? Number(digits.slice(2, 4)) : 0;
		if (oh > 23 || om > 59) return undefined;
		offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (oh * 60 + om);
	}
	const utc = Date.UTC(year, month - 1, day, hour, minute, second, ms);
	return Number.isFinite(utc) ? utc - offsetMinutes * MINUTE_MS : undefined;
}

/** Whether a creation date is readable and an instant: epoch time, or a date with its zone. */
function isInstant(value: unknown): boolean {
	if (parseCreatedTime(value) === undefined) return false;
	if (typeof value === 'number') return true;
	const text = typeof value === 'string' ? value.trim() : '';
	return EPOCH.test(text) || ISO_8601.exec(text)?.[8] !== undefined;
}

/**
 * The time an event files a contact under (its floor, cutoff, handled point and order are in
 * it): each event's table entry names one (events.ts), and every reader and the ledger use that.
 * `instant` tells whether a contact's time is one n8n's clock can be compared with: a date
 * without a zone is read as UTC, which it may not be (docs/trigger.md, "Timestamps").
 */
export type TimeOf = ((contact: Contact) => number | undefined) & {
	instant(contact: Contact): boolean;
};

/**
 * Dates read, by their text: a poll sorts and filters the same contacts many times, and the
 * next polls read most of them again (a fifth of a simulated poll's time went to reading dates
 * again). At most READ_DATES entries (about a megabyte); then it starts over.
 */
const readDates = new Map<string, number | undefined>();
const READ_DATES = 10_000;

function readDate(value: unknown): number | undefined {
	if (typeof value !== 'string' || value.length > 64) return parseCreatedTime(value);
	if (readDates.has(value)) return readDates.get(value);
	if (readDates.size >= READ_DATES) readDates.clear();
	const time = parseCreatedTime(value);
	readDates.set(value, time);
	return time;
}

/** A contact's creation time: both events go by it (the service lists contacts by creation). */
export const createdTime: TimeOf = Object.assign(
	(contact: Contact) => readDate(contact?.created_date),
	{ instant: (contact: Contact) => isInstant(contact?.created_date) },
);

/**
 * The `created_timestamp` `Less than` value that returns every contact created at or after
 * `floor`, whatever timezone the service counts days in: one spare day absorbs DST changes,
 * clock skew and zone-less timestamps (the proof is in docs/trigger.md).
 */
export function windowDays(now: number, floor: number): number {
	return Math.max(0, Math.ceil((now - floor) / DAY_MS)) + 2;
}

/** The window is computed for this long after the poll starts: the service's day may turn meanwhile. */
export const WALK_ALLOWANCE_MS = HOUR_MS;

/** The window a poll starting at `now` searches to reach back to `floor` (windowDays). */
export const pollWindow = (now: number, floor: number) =>
	windowDays(now + WALK_ALLOWANCE_MS, floor);

/**
 * A contact dated more than this after n8n's clock waits until n8n's clock is that close: one
 * wrong date far ahead would otherwise move the floor past every real contact.
 */
export const FUTURE_TOLERANCE_MS = DAY_MS;

/**
 * The zones furthest west (UTC-12) and east (UTC+14) of UTC: a date without a zone, read as UTC,
 * is between 12 hours behind and 14 hours past n8n's clock when its contact was just created
 * (dates ahead aside). zoneLag.ts reads a lower lag as the first; sampling.ts leaves a date past
 * the second (and the overlap) out of the sample's ranking.
 */
export const MOST_LAG_MS = 12 * HOUR_MS;
export const MOST_EAST_MS = 14 * HOUR_MS;

/** Two contacts with wrong dates far ahead do not set a cutoff; the third newest does. */
export const CUTOFF_RANK = 3;

/** The CUTOFF_RANK-th largest time (the smallest when fewer), or null for none. */
export function cutoffOf(times: number[]): number | null {
	if (times.length === 0) return null;
	const sorted = [...times].sort((a, b) => b - a);
	return sorted[Math.min(CUTOFF_RANK, sorted.length) - 1];
}

/** The order the service lists search results in, as the trigger has seen it. */
export type ResultOrder = 'newest' | 'oldest' | 'unordered';

/** An order the trigger reads by. */
export type Order = Exclude<ResultOrder, 'unordered'>;

/**
 * Watches the created times of a walk's pages, in the order the service served them, and tells
 * which order they follow: newest first (never rising), oldest first (never falling), or
 * neither. Contacts without a readable time are passed over. Fewer than two distinct times
 * prove nothing: `order` is then undefined.
 */
export class OrderWatch {
	private last: number | undefined;

	private rises: boolean;

	private falls: boolean;

	/** A watch that starts afresh, or goes on from a walk's saved position (a walk spread over polls). */
	constructor(
		private readonly time: TimeOf,
		saved: { rises?: boolean; falls?: boolean; last?: number } = {},
	) {
		this.rises = saved.rises === true;
		this.falls = saved.falls === true;
		this.last = saved.last;
	}

	/** Feeds one page; false as soon as `expected` no longer holds. */
	add(contacts: Contact[], expected?: ResultOrder): boolean {
		for (const contact of contacts) {
			const created = this.time(contact);
			if (created === undefined) continue;
			if (this.last !== undefined && created > this.last) this.rises = true;
			if (this.last !== undefined && created < this.last) this.falls = true;
			this.last = created;
		}
		return expected === undefined || this.order === undefined || this.order === expected;
	}

	/** The next date is compared with none: the walk reads on from a place it cannot compare with. */
	forgetLast(): void {
		this.last = undefined;
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
		return orderShown({ rises: this.rises, falls: this.falls });
	}
}

/**
 * The order pages showed: whether a created time rose after another, and whether one fell (an
 * OrderWatch's, or a walk's saved position). Neither proves nothing yet.
 */
export function orderShown(seen: { rises?: boolean; falls?: boolean }): ResultOrder | undefined {
	if (seen.rises === true && seen.falls === true) return 'unordered';
	if (seen.falls === true) return 'newest';
	if (seen.rises === true) return 'oldest';
	return undefined;
}
