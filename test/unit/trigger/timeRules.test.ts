import { seededRandom } from '../../../harness/testClock';
import {
	createdTime,
	DAY_MS,
	HOUR_MS,
	parseCreatedTime,
	windowDays,
} from '../../../nodes/OutreachContact/trigger/shared/serviceTime';
import { daysSince, localMidnight, dayNumber } from '../../../harness/simulatedService/calendar';

describe('parseCreatedTime', () => {
	const noon = Date.UTC(2026, 0, 5, 12, 0, 0);

	it.each([
		['2026-01-05T12:00:00Z', noon],
		['2026-01-05T12:00:00z', noon],
		['2026-01-05T12:00:00 UTC', noon],
		['2026-01-05T12:00:00+00:00', noon],
		['2026-01-05 12:00:00', noon], // no zone: UTC
		['2026-01-05T12:00:00', noon],
		['2026-01-05T12:00', noon],
		['2026-01-05t12:00:00', noon],
		['  2026-01-05 12:00:00  ', noon],
		['2026-01-05T12:00:00.5Z', noon + 500],
		['2026-01-05T12:00:00,25Z', noon + 250],
		['2026-01-05T12:00:00.123456Z', noon + 123], // microseconds cut to ms
		['2026-01-05 12:00:00.123456789', noon + 123],
		['2026-01-06T01:00:00+13:00', noon],
		['2026-01-06T01:00:00+1300', noon],
		['2026-01-05T17:30:00+05:30', noon],
		['2026-01-05T04:00:00-08:00', noon],
		['2026-01-05T04:00:00-08', noon],
		['2026-01-05 04:00:00 -08:00', noon],
		['2026-01-05', Date.UTC(2026, 0, 5)],
		['2026-01-04T24:00:00Z', Date.UTC(2026, 0, 5)],
		['2016-12-31T23:59:60Z', Date.UTC(2016, 11, 31, 23, 59, 59, 999)],
		['2024-02-29T00:00:00Z', Date.UTC(2024, 1, 29)],
		[1767614400, noon], // epoch seconds
		[1767614400000, noon], // epoch ms
		['1767614400', noon],
		['1767614400.5', noon + 500],
	])('reads %p', (input, expected) => {
		expect(parseCreatedTime(input)).toBe(expected);
	});

	it.each([
		[undefined],
		[null],
		[''],
		['   '],
		['yesterday'],
		['05/01/2026 12:00'],
		['2026-02-30T00:00:00Z'],
		['2025-02-29T00:00:00Z'],
		['2026-13-01T00:00:00Z'],
		['2026-00-10T00:00:00Z'],
		['2026-01-05T25:00:00Z'],
		['2026-01-05T24:00:01Z'],
		['2026-01-05T12:60:00Z'],
		['2026-01-05T12:00:61Z'],
		['2026-01-05T12:00:00+24:00'],
		['2026-01-05T12:00:00+05:60'],
		['2026-01-05T12:00:00 PST'],
		['2026-1-5T12:00:00Z'],
		[0],
		[-5],
		[Number.NaN],
		[Number.POSITIVE_INFINITY],
		[true],
		[{}],
		[[2026, 1, 5]],
	])('refuses %p', (input) => {
		expect(parseCreatedTime(input)).toBeUndefined();
	});

	it('does not depend on the machine timezone for times without a zone', () => {
		// Date.parse would read this as local time; the trigger reads it as UTC everywhere.
		expect(parseCreatedTime('2026-07-01 00:00:00')).toBe(Date.UTC(2026, 6, 1));
	});

	it('reads every day of every month of 400 years as the calendar has it (February 29 in leap years)', () => {
		for (let year = 1900; year < 2300; year++)
			for (let month = 1; month <= 12; month++) {
				const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
				const day = (d: number) =>
					`${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
				expect(parseCreatedTime(day(last))).toBe(Date.UTC(year, month - 1, last));
				expect(parseCreatedTime(day(last + 1))).toBeUndefined();
			}
	});

	it('createdTime answers a date read before as the first time, also after 20,000 others', () => {
		const contact = (created_date: string) => ({ id: 1, email: 'a@x.test', created_date });
		const first = createdTime(contact('2026-03-01T10:00:00Z'));
		for (let i = 0; i < 20_000; i++) createdTime(contact(String(1_780_000_000_000 + i * 1000)));
		expect(createdTime(contact('2026-03-01T10:00:00Z'))).toBe(first);
		expect(first).toBe(Date.UTC(2026, 2, 1, 10));
		expect(createdTime(contact('2026-02-30'))).toBeUndefined();
		expect(createdTime(contact('2026-02-30'))).toBeUndefined();
	});
});

describe('windowDays', () => {
	const zones = [
		'UTC',
		'Pacific/Auckland', // +12/+13, DST
		'Pacific/Chatham', // +12:45/+13:45
		'Pacific/Kiritimati', // +14
		'Pacific/Pago_Pago', // -11
		'America/Los_Angeles', // DST
		'America/St_Johns', // -3:30/-2:30
		'Australia/Lord_Howe', // 30-minute DST
		'Asia/Kathmandu', // +5:45
		'Europe/London',
	];

	it('is 2 for a floor at now, one more per started day', () => {
		const now = Date.UTC(2026, 0, 5, 12);
		expect(windowDays(now, now)).toBe(2);
		expect(windowDays(now, now - 1)).toBe(3);
		expect(windowDays(now, now - DAY_MS)).toBe(3);
		expect(windowDays(now, now - DAY_MS - 1)).toBe(4);
		expect(windowDays(now, now + 5 * HOUR_MS)).toBe(2); // floor ahead of n8n's clock
	});

	it('includes every contact created since the floor, in every timezone, over DST changes', () => {
		const random = seededRandom(7);
		const start = Date.UTC(2024, 0, 1);
		const span = 3 * 365 * DAY_MS;
		let checked = 0;
		for (let i = 0; i < 2000; i++) {
			const zone = zones[i % zones.length];
			const now = start + Math.floor(random() * span);
			const floor = now - Math.floor(random() ** 2 * 9 * DAY_MS);
			const w = windowDays(now, floor);
			for (let j = 0; j < 5; j++) {
				// Created between the floor and now; the timestamp may also be written up to 12 hours
				// off (a local time without a zone): the true time is then that much earlier.
				const stamp = floor + Math.floor(random() * (now - floor + 1));
				const writtenAhead = j === 4 ? Math.floor(random() * 12 * HOUR_MS) : 0;
				const trueTime = stamp - writtenAhead;
				expect(daysSince(trueTime, now, zone)).toBeLessThan(w);
				// A service counting 24-hour periods instead of calendar days:
				expect(Math.floor((now - trueTime) / DAY_MS)).toBeLessThan(w);
				checked++;
			}
		}
		expect(checked).toBe(10000);
	});

	it('covers a poll just after midnight: the late contacts of the day before are inside', () => {
		const zone = 'Pacific/Auckland';
		for (const day of [
			dayNumber(Date.UTC(2026, 0, 10), zone),
			dayNumber(Date.UTC(2026, 8, 27), zone),
		]) {
			const midnight = localMidnight(day, zone);
			const now = midnight + 5_000;
			const lateYesterday = midnight - 60_000;
			expect(daysSince(lateYesterday, now, zone)).toBe(1);
			expect(daysSince(lateYesterday, now, zone)).toBeLessThan(windowDays(now, lateYesterday));
		}
	});

	it('needs its spare day: without it a contact is missed across a DST start', () => {
		// Auckland moves from +12 to +13 at 02:00 on Sunday 2026-09-27. A contact created on
		// Saturday 23:50 and a poll on Monday 00:05: 23h15m apart, but two calendar days.
		const zone = 'Pacific/Auckland';
		const created = Date.UTC(2026, 8, 26, 11, 50); // Sat 23:50 +12
		const now = Date.UTC(2026, 8, 27, 11, 5); // Mon 00:05 +13
		expect(now - created).toBe(23 * HOUR_MS + 15 * 60_000);
		expect(daysSince(created, now, zone)).toBe(2);
		const withoutSpareDay = Math.ceil((now - created) / DAY_MS) + 1;
		expect(daysSince(created, now, zone)).not.toBeLessThan(withoutSpareDay);
		expect(daysSince(created, now, zone)).toBeLessThan(windowDays(now, created));
	});
});
