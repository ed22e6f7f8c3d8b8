// Calendar-day arithmetic in an IANA timezone, for the "days since" search conditions.

const MS_PER_DAY = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
	let formatter = formatters.get(timeZone);
	if (!formatter) {
		// Throws RangeError for an unknown timezone, which is what callers should see.
		formatter = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: 'numeric',
			day: 'numeric',
			hour: 'numeric',
			minute: 'numeric',
			second: 'numeric',
		});
		formatters.set(timeZone, formatter);
	}
	return formatter;
}

/** Throws a RangeError when `timeZone` is not a valid IANA name. */
export function assertTimeZone(timeZone: string): void {
	formatterFor(timeZone);
}

/** The wall-clock date and time of `epochMs` in `timeZone`, as numbers (month 1-12). */
export function wallClock(epochMs: number, timeZone: string) {
	const parts = formatterFor(timeZone).formatToParts(new Date(epochMs));
	const value = (type: string): number => Number(parts.find((p) => p.type === type)?.value);
	return {
		year: value('year'),
		month: value('month'),
		day: value('day'),
		hour: value('hour'),
		minute: value('minute'),
		second: value('second'),
	};
}

/** Number of the calendar day (days since 1970-01-01) that `epochMs` falls on in `timeZone`. */
export function calendarDayNumber(epochMs: number, timeZone: string): number {
	const { year, month, day } = wallClock(epochMs, timeZone);
	return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

/**
 * Whole calendar days between the event and now, both taken as dates in `timeZone`.
 * 0 means the event happened today; an event later today or in the future gives 0 or less.
 */
export function daysSince(eventMs: number, nowMs: number, timeZone: string): number {
	return calendarDayNumber(nowMs, timeZone) - calendarDayNumber(eventMs, timeZone);
}

/** The wall-clock time of `epochMs` in `timeZone`, as "YYYY-MM-DDThh:mm:ss" with no zone. */
export function localDateTime(epochMs: number, timeZone: string): string {
	const t = wallClock(epochMs, timeZone);
	const two = (n: number) => String(n).padStart(2, '0');
	return `${t.year}-${two(t.month)}-${two(t.day)}T${two(t.hour)}:${two(t.minute)}:${two(t.second)}`;
}
