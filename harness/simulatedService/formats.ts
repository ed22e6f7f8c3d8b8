/**
 * How a service may write created_date (the interface does not show it): each is a function
 * from the service's creation time to the text it serves.
 */
import { localParts } from './calendar';

const QUARTER_HOUR_MS = 15 * 60_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO 8601 in UTC: 2026-03-05T21:05:07.123Z */
export const isoUtc = (ms: number): string => new Date(ms).toISOString();

/** The zone's UTC offset at `ms` in minutes, looked up once per quarter hour (offsets change on quarter hours). */
function offsetMinutes(timeZone: string): (ms: number) => number {
	const known = new Map<number, number>();
	return (ms) => {
		const bucket = Math.floor(ms / QUARTER_HOUR_MS);
		let offset = known.get(bucket);
		if (offset === undefined) {
			offset = localParts(bucket * QUARTER_HOUR_MS, timeZone).offsetMinutes;
			known.set(bucket, offset);
		}
		return offset;
	};
}

/** The local time of `timeZone` to the millisecond, without a zone: 2026-03-05T13:05:07.123 */
function localTime(timeZone: string): (ms: number) => { text: string; offset: number } {
	const offsetAt = offsetMinutes(timeZone);
	return (ms) => {
		const offset = offsetAt(ms);
		return { text: new Date(ms + offset * 60_000).toISOString().slice(0, 23), offset };
	};
}

/** The local time of `timeZone` and its offset then: 2026-03-05T13:05:07.123-08:00 */
export function isoWithOffset(timeZone: string): (ms: number) => string {
	const local = localTime(timeZone);
	return (ms) => {
		const { text, offset } = local(ms);
		const off = Math.abs(offset);
		return `${text}${offset < 0 ? '-' : '+'}${pad(Math.floor(off / 60))}:${pad(off % 60)}`;
	};
}

/**
 * The local time of `timeZone` with no zone at all: 2026-03-05 13:05:07.123. A reader that
 * takes it for UTC sees every contact of a zone east of UTC in the future, and of a zone west
 * of UTC hours old.
 */
export function localWithoutZone(timeZone: string): (ms: number) => string {
	const local = localTime(timeZone);
	return (ms) => local(ms).text.replace('T', ' ');
}
