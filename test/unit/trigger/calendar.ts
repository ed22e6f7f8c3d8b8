/** Calendar days in an IANA timezone, the way a service may count "days since" (test helper). */

// Day counting is the sandbox's: the same rule the local service applies to "days since".
export { calendarDayNumber as dayNumber, daysSince } from '../../../sandbox/calendar';

const DAY_MS = 86_400_000;

/** Wall-clock parts of `ms` in `timeZone` and the zone's UTC offset then, in minutes. */
const timeFormatters = new Map<string, Intl.DateTimeFormat>();

export function localParts(ms: number, timeZone: string) {
	let f = timeFormatters.get(timeZone);
	if (!f) {
		f = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: 'numeric',
			day: 'numeric',
			hour: 'numeric',
			minute: 'numeric',
			second: 'numeric',
		});
		timeFormatters.set(timeZone, f);
	}
	const parts = f.formatToParts(new Date(ms));
	const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
	const wall = Date.UTC(
		get('year'),
		get('month') - 1,
		get('day'),
		get('hour'),
		get('minute'),
		get('second'),
	);
	const offsetMinutes = Math.round((wall - (ms - (((ms % 1000) + 1000) % 1000))) / 60_000);
	return {
		year: get('year'),
		month: get('month'),
		day: get('day'),
		hour: get('hour'),
		minute: get('minute'),
		second: get('second'),
		offsetMinutes,
	};
}

/** The UTC instant of local midnight starting calendar day `day` (a dayNumber) in `timeZone`. */
export function localMidnight(day: number, timeZone: string): number {
	// Start from UTC midnight of that date and correct by the offset (twice, for DST edges).
	let guess = day * DAY_MS;
	for (let i = 0; i < 3; i++) {
		const p = localParts(guess, timeZone);
		const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
		guess -= wall - day * DAY_MS;
	}
	return guess;
}
