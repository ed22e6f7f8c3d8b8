/** Time rules of the trigger (see docs/trigger.md): pure, callers pass `now`. */

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
	return new Date(Date.UTC(year, month, 0)).getUTCDate();
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

/**
 * The `created_timestamp` `Less than` value that returns every contact created at or after
 * `floor`, whatever timezone the service counts days in: one spare day absorbs DST changes,
 * clock skew and zone-less timestamps (the proof is in docs/trigger.md).
 */
export function windowDays(now: number, floor: number): number {
	return Math.max(0, Math.ceil((now - floor) / DAY_MS)) + 2;
}
