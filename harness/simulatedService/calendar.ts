/** Calendar days and wall clocks in an IANA timezone, for the simulations (the sandbox's day rule). */

// Day counting is the sandbox's: the same rule the local service applies to "days since".
import { wallClock } from '../../sandbox/calendar';

export { calendarDayNumber as dayNumber, daysSince } from '../../sandbox/calendar';

const DAY_MS = 86_400_000;

/** Wall-clock parts of `ms` in `timeZone` and the zone's UTC offset then, in minutes. */
export function localParts(ms: number, timeZone: string) {
	const p = wallClock(ms, timeZone);
	const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
	const offsetMinutes = Math.round((wall - (ms - (((ms % 1000) + 1000) % 1000))) / 60_000);
	return { ...p, offsetMinutes };
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
