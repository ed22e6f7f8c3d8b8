// Calendar-day arithmetic in an IANA timezone, for the "days since" search conditions.

const MS_PER_DAY = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
	let formatter = formatters.get(timeZone);
	if (!formatter) {
		// Throws RangeError for an unknown timezone, which is what callers should see.
		formatter = new Intl.DateTimeFormat('en-US', {
			timeZone,
			year: 'numeric',
			month: 'numeric',
			day: 'numeric',
		});
		formatters.set(timeZone, formatter);
	}
	return formatter;
}

/** Throws a RangeError when `timeZone` is not a valid IANA name. */
export function assertTimeZone(timeZone: string): void {
	formatterFor(timeZone);
}

/** Number of the calendar day (days since 1970-01-01) that `epochMs` falls on in `timeZone`. */
export function calendarDayNumber(epochMs: number, timeZone: string): number {
	const parts = formatterFor(timeZone).formatToParts(new Date(epochMs));
	const value = (type: string): number => Number(parts.find((p) => p.type === type)?.value);
	return Date.UTC(value('year'), value('month') - 1, value('day')) / MS_PER_DAY;
}

/**
 * Whole calendar days between the event and now, both taken as dates in `timeZone`.
 * 0 means the event happened today; an event later today or in the future gives 0 or less.
 */
export function daysSince(eventMs: number, nowMs: number, timeZone: string): number {
	return calendarDayNumber(nowMs, timeZone) - calendarDayNumber(eventMs, timeZone);
}

const timeFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time of `epochMs` in `timeZone`, as "YYYY-MM-DDThh:mm:ss" with no zone. */
export function localDateTime(epochMs: number, timeZone: string): string {
	let formatter = timeFormatters.get(timeZone);
	if (!formatter) {
		formatter = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		});
		timeFormatters.set(timeZone, formatter);
	}
	const parts = formatter.formatToParts(new Date(epochMs));
	const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
	return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}`;
}
