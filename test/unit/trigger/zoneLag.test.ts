import {
	observeLag,
	serviceNow,
	zonelessDates,
	type ZoneLag,
} from '../../../nodes/OutreachContact/trigger/shared/ledger/zoneLag';
import {
	createdTime,
	DAY_MS,
	MOST_LAG_MS,
	HOUR_MS,
	MINUTE_MS,
} from '../../../nodes/OutreachContact/trigger/shared/serviceTime';
import { pageOf, zonelessDate } from '../../support/poll';

const now = Date.UTC(2026, 10, 26, 12, 0, 0);
/** A date without a zone `hours` from n8n's clock, as the service writes it. */
const zoneless = (hours: number) => zonelessDate(now + hours * HOUR_MS);
const page = pageOf;

describe('zone lag: the service present of dates without a zone', () => {
	it('observes the third newest date without a zone above the handled point, not dates with a zone', () => {
		const pages = [
			page([zoneless(-7), zoneless(-7.1), zoneless(-7.2), zoneless(-5), zoneless(-5)]),
			page([new Date(now - MINUTE_MS).toISOString(), zoneless(-9)]),
		];
		const dates = zonelessDates(pages, now - 8 * HOUR_MS, {}, createdTime, now);
		expect(dates).toHaveLength(5);
		// Two dated ahead (-5 h) do not count: the third newest is the service's present, -7 h.
		expect(observeLag(undefined, dates, now)).toMatchObject({ lowest: -7 * HOUR_MS, since: now });
		expect(observeLag(undefined, [], now)).toBeUndefined();
	});

	it('does not observe contacts seen before: three dated ahead, met again at every poll, do not hold the lag at 0', () => {
		// An account 7 hours west of UTC. Ids 1-3: dated 9 hours ahead (2 hours ahead of n8n's
		// clock as read), emitted at the last poll; ids 4-8: arrived since, at the service's present.
		const ahead = [zoneless(2), zoneless(2), zoneless(2)];
		const pages = [page([...ahead, ...[-7, -7, -7, -7.1, -7.1].map(zoneless)])];
		const seen = { 1: now + 2 * HOUR_MS, 2: now + 2 * HOUR_MS, 3: now + 2 * HOUR_MS };
		const all = zonelessDates(pages, now - 8 * HOUR_MS, {}, createdTime, now);
		expect(observeLag(undefined, all, now)?.lowest).toBe(0);
		const fresh = zonelessDates(pages, now - 8 * HOUR_MS, seen, createdTime, now);
		expect(fresh).toHaveLength(5);
		expect(observeLag(undefined, fresh, now)).toMatchObject({ lowest: -7 * HOUR_MS, since: now });
	});

	it('keeps the lowest observation of the day, so that contacts dated ahead later do not lift it', () => {
		const first: ZoneLag = { lowest: -7 * HOUR_MS, since: now };
		const later = now + 10 * MINUTE_MS;
		const ahead = observeLag(first, [later - 5 * HOUR_MS], later);
		expect(ahead?.lowest).toBe(-7 * HOUR_MS);
		expect(serviceNow(ahead, later)).toBe(later - 7 * HOUR_MS);
	});

	it('rises only after a whole day: a new day starts, the day before still counts for a day', () => {
		const first = observeLag(undefined, [now - 8 * HOUR_MS], now);
		const nextDay = now + DAY_MS;
		const rotated = observeLag(first, [nextDay - 7 * HOUR_MS], nextDay);
		expect(rotated).toEqual({ lowest: -7 * HOUR_MS, since: nextDay, before: -8 * HOUR_MS });
		expect(serviceNow(rotated, nextDay)).toBe(nextDay - 8 * HOUR_MS);
		const twoDays = nextDay + DAY_MS;
		const risen = observeLag(rotated, [twoDays - 7 * HOUR_MS], twoDays);
		expect(serviceNow(risen, twoDays)).toBe(twoDays - 7 * HOUR_MS);
	});

	it('stays between n8n’s clock and the zone furthest west: east of UTC and far-back dates are capped', () => {
		const east: ZoneLag = { lowest: 0, since: now - DAY_MS };
		expect(serviceNow(observeLag(east, [now + 9 * HOUR_MS], now), now)).toBe(now);
		// The zone furthest west, UTC-12.
		expect(serviceNow(observeLag(undefined, [now - 3 * DAY_MS], now), now)).toBe(
			now - 12 * HOUR_MS,
		);
		expect(serviceNow(undefined, now)).toBe(now);
	});

	it("counts the zone furthest west for the first day: three contacts dated ahead first do not make n8n's clock the present", () => {
		// West of UTC by 7 hours, the first contacts met are three dated 9 hours ahead (2 ahead as
		// read): they observe 0, as an account east of UTC would.
		const first = observeLag(
			undefined,
			[now + 2 * HOUR_MS, now + 2 * HOUR_MS, now + 2 * HOUR_MS],
			now,
		);
		expect(serviceNow(first, now)).toBe(now - MOST_LAG_MS);
		// Contacts at the service's present arrive within the day: the lag the next day is theirs.
		const later = now + HOUR_MS;
		const met = observeLag(first, [later - 7 * HOUR_MS], later);
		const nextDay = now + DAY_MS;
		expect(serviceNow(observeLag(met, [nextDay + 2 * HOUR_MS], nextDay), nextDay)).toBe(
			nextDay - 7 * HOUR_MS,
		);
	});
});
