import { activationCutoff } from '../../../nodes/OutreachContact/trigger/shared/ledger/activationCutoff';
import {
	MAX_ADDED,
	readSampling,
	met,
	sampledCutoff,
	startSampling,
} from '../../../nodes/OutreachContact/trigger/shared/ledger/sampling';
import {
	createdTime,
	HOUR_MS,
	MINUTE_MS,
} from '../../../nodes/OutreachContact/trigger/shared/serviceTime';
import { contactAt, pageOf, zonelessDate } from '../../support/poll';

const activation = Date.UTC(2026, 10, 26, 12, 0, 0);
/** A date with its zone, `minutes` from the activation. */
const zoned = (minutes: number) => new Date(activation + minutes * MINUTE_MS).toISOString();
/** The same instant written without a zone by a service 9 hours east of UTC (Tokyo). */
const tokyo = (minutes: number) => zonelessDate(activation + 9 * HOUR_MS + minutes * MINUTE_MS);
/** A page of contacts of their own: each contact of these tests has an id no other holds. */
let nextId = 1;
const page = (dates: string[]) => ({
	...pageOf(dates),
	contacts: dates.map((date) => contactAt(nextId++, date)),
});

describe("the sample's walk: the cutoff it sets", () => {
	it('counts each date as much earlier as it was read after the activation', () => {
		const sampling = startSampling([page([zoned(-300), zoned(-200)])], createdTime, activation, 2);
		// Read 20 minutes after the activation: a contact dated 10 minutes after it counts as -10.
		const later = met(
			sampling,
			[page([zoned(10), zoned(-100)])],
			createdTime,
			activation + 20 * MINUTE_MS,
		);
		expect(later.tops).toEqual([-10, -120, -200, -300].map((m) => activation + m * MINUTE_MS));
		// Dates with their zone: the newest, so that every contact read before the activation is kept out.
		expect(sampledCutoff(later, activation - 400 * MINUTE_MS)).toBe(activation - 10 * MINUTE_MS);
	});

	it('keeps a contact created after the activation above the cutoff, whatever the time the walk took', () => {
		// Read 3 hours after the activation (a pause): a contact created 30 minutes after it counts
		// at -150 minutes, below its own date; the one created 5 minutes before the activation
		// comes as new. Dates with a zone: the cutoff rises to the newest met up to the clock
		// less the overlap (-60), so that a contact created 68 minutes before the activation
		// and read 8 minutes after it (-76) is not emitted (survey 17).
		const sampling = startSampling([page([zoned(-500)])], createdTime, activation, 2);
		const walked = met(
			sampling,
			[page([zoned(-5), zoned(30), zoned(-68)])],
			createdTime,
			activation + 3 * HOUR_MS,
		);
		expect(sampledCutoff(walked, null)).toBe(activation - 60 * MINUTE_MS);
		const quiet = met(sampling, [page([zoned(-68)])], createdTime, activation + 8 * MINUTE_MS);
		expect(sampledCutoff(quiet, null)).toBe(activation - 68 * MINUTE_MS);
	});

	it('counts a contact met again once, at its first date (survey 2000000)', () => {
		// Without a zone: two contacts dated 21 hours ahead (as read), met by the walk 46 hours
		// after the activation, then one of them again 6 minutes later as the list moved. Counted
		// twice, it was the third newest, and the cutoff lay 10 hours past contacts created after
		// the activation (5 of 128 lost).
		const sampling = startSampling([page([tokyo(-300), tokyo(-200)])], createdTime, activation, 4);
		const ahead = page([tokyo(1260), tokyo(1261), tokyo(-100)]);
		const first = met(sampling, [ahead], createdTime, activation + 2776 * MINUTE_MS);
		const again = met(
			first,
			[{ ...ahead, contacts: [ahead.contacts[1]] }],
			createdTime,
			activation + 2782 * MINUTE_MS,
		);
		expect(again.tops).toEqual(first.tops);
		expect(sampledCutoff(again, null)).toBe(sampledCutoff(first, null));
		expect(again.topIds).toHaveLength(5);
		expect(new Set(again.topIds)).toEqual(new Set(first.topIds));
		// A stored state of an older version (no ids) still reads; its dates count as they are.
		const { sampling: read } = readSampling({ ...first, topIds: undefined });
		expect(read?.tops).toEqual(first.tops);
		expect(read?.topIds).toBeUndefined();
		// Ids that do not match the dates one for one are dropped, not trusted.
		expect(readSampling({ ...first, topIds: ['1'] }).sampling?.topIds).toBeUndefined();
	});

	it('counts a contact without a usable id met again once too, by its date (helper-59)', () => {
		// Without a zone: two contacts without an id dated 4 hours past the service's present (13
		// past n8n's clock as read: within any zone), met by the walk and again
		// as it went on. Counted at every meeting they filled the three newest dates, and the cutoff
		// lay hours past contacts created after the activation.
		const sampling = startSampling([page([tokyo(-300), tokyo(-200)])], createdTime, activation, 4);
		const noId = (date: string) => ({ ...contactAt(0, date), id: undefined }) as never;
		const ahead = { ...pageOf([]), contacts: [noId(tokyo(240)), noId(tokyo(241))] };
		const first = met(sampling, [ahead], createdTime, activation + 60 * MINUTE_MS);
		const again = met(first, [ahead], createdTime, activation + 66 * MINUTE_MS);
		expect(again.tops).toEqual(first.tops);
		expect(sampledCutoff(again, null)).toBe(sampledCutoff(first, null));
		// Their keys keep no contact data but the date, and a stored state reads them back.
		const noIds = again.topIds?.filter((id) => id.startsWith('~'));
		expect(noIds).toEqual([241, 240].map((m) => `~${createdTime(noId(tokyo(m)))}`));
		expect(readSampling(again).sampling?.topIds).toEqual(again.topIds);
	});

	it('without a zone, leaves out a date past any zone of n8n’s clock: it does not set the cutoff (helper-96)', () => {
		// Tokyo time read as UTC is 9 hours ahead. Read 7 minutes after the activation, four
		// contacts dated 10 hours ahead of that (19 hours past n8n's clock, more than the zone
		// furthest east, 14 hours, and the overlap) and two created after the activation; one more
		// added than the count shows. Ranked, the four set the cutoff 19 hours ahead and the two
		// (and every contact of the next 19 hours) counted as there.
		const sampling = startSampling(
			[page([tokyo(-300), tokyo(-200), tokyo(-100)])],
			createdTime,
			activation,
			4,
		);
		const now = activation + 7 * MINUTE_MS;
		const walked = met(
			{ ...sampling, added: 1 },
			[page([tokyo(607), tokyo(607), tokyo(607), tokyo(607), tokyo(5), tokyo(6)])],
			createdTime,
			now,
		);
		const cutoff = sampledCutoff(walked, null);
		// The fourth newest of what is left: the activation's third newest, below both.
		expect(walked.tops).toHaveLength(5);
		expect(cutoff).not.toBeNull();
		expect(cutoff!).toBeLessThan(createdTime(contactAt(0, tokyo(5)))!);
		// Dated 4 hours past the service's present (13 past n8n's clock as read, within the zone
		// furthest east and the overlap), they still count.
		const near = met(
			{ ...sampling, added: 1 },
			[page([tokyo(240), tokyo(240), tokyo(240), tokyo(240), tokyo(5), tokyo(6)])],
			createdTime,
			now,
		);
		expect(near.tops).toHaveLength(9);
		expect(sampledCutoff(near, null)).toBeGreaterThan(createdTime(contactAt(0, tokyo(6)))!);
	});

	it('without a zone, leaves out exactly the dates past n8n’s clock by more than 14 hours and the overlap', () => {
		// Dates as UTC (a service at UTC+0), read 7 minutes after the activation: the line is
		// n8n's clock then, plus 14 hours (UTC+14) and the overlap (1 hour).
		const utc = (minutes: number) => zonelessDate(activation + minutes * MINUTE_MS);
		const sampling = startSampling(
			[page([utc(-300), utc(-200), utc(-100)])],
			createdTime,
			activation,
			4,
		);
		const now = activation + 7 * MINUTE_MS;
		const onLine = 7 + 15 * 60;
		const walked = met(sampling, [page([utc(onLine), utc(onLine + 1)])], createdTime, now);
		// On the line it ranks; a minute past it, not.
		expect(walked.tops).toHaveLength(4);
		expect(walked.tops[0]).toBe(createdTime(contactAt(0, utc(onLine)))! - 7 * MINUTE_MS - HOUR_MS);
	});

	it('keeps at most 203 dates, whatever a stored state held', () => {
		const stored = {
			from: activation,
			tops: Array.from({ length: 100_000 }, (_, i) => -i),
			days: 2,
		};
		expect(met(stored, [page([zoned(-1)])], createdTime, activation).tops).toHaveLength(203);
	});

	it("caps dates with a zone at n8n's clock at the activation: contacts dated ahead go no further", () => {
		const ahead = startSampling([page([zoned(300), zoned(-30)])], createdTime, activation, 2);
		expect(sampledCutoff(ahead, null)).toBe(activation);
	});

	it('takes the third newest of dates without a zone, and never goes below the sample cutoff', () => {
		const sampling = startSampling(
			[page([tokyo(-1), tokyo(-2), tokyo(-3), tokyo(-4)])],
			createdTime,
			activation,
			2,
		);
		expect(sampling.zoneless).toBe(true);
		const third = createdTime(contactAt(1, tokyo(-3)))!;
		expect(sampledCutoff(sampling, null)).toBe(third);
		expect(sampledCutoff(sampling, third + 1)).toBe(third + 1);
		expect(sampledCutoff({ from: activation, tops: [], days: 2 }, 42)).toBe(42);
	});

	it('without a zone, takes as many dates more as the count grew while the walk read, on the sample window', () => {
		const first = { ...page([tokyo(-30), tokyo(-20), tokyo(-10)]), total: 100 };
		const sampling = startSampling([first], createdTime, activation, 2);
		// A minute later: three contacts dated 3 hours ahead (12 past n8n's clock as read, well inside
		// the line, which the test above pins), and the count grew by 3.
		const ahead = { ...page([tokyo(180), tokyo(181), tokyo(182), tokyo(-5)]), total: 103 };
		const walked = met(sampling, [ahead], createdTime, activation + MINUTE_MS);
		expect(walked.added).toBe(3);
		// The third newest below the three added: -30 (-5, read a minute later, counts as -66: a
		// minute and the overlap earlier).
		expect(sampledCutoff(walked, null)).toBe(createdTime(contactAt(1, tokyo(-30))));
		// A wider window (after a pause) counts more contacts: no growth is taken from it.
		const wider = met(sampling, [{ ...ahead, total: 180 }], createdTime, activation, 4);
		expect(wider.added).toBeUndefined();
		// Past MAX_ADDED, or fewer dates than the rank: the sample's own cutoff stays.
		expect(sampledCutoff({ ...walked, added: MAX_ADDED + 1 }, 7)).toBe(7);
		expect(sampledCutoff({ ...walked, added: 10 }, 7)).toBe(7);
	});

	it("without a zone, keeps the contacts of the activation's first minutes above the cutoff when n8n's clock is set back", () => {
		const first = { ...page([tokyo(-30), tokyo(-20), tokyo(-10)]), total: 100 };
		const sampling = startSampling([first], createdTime, activation, 2);
		// Read 4 minutes after the activation by a clock set back 6 minutes (it reads 2 minutes
		// before the activation): three contacts created in the first 3 minutes, and the count
		// the same (three aged out of the window). Each counts the overlap earlier, so none of
		// them is taken for one that was there (survey 120000: without the margin, the cutoff
		// fell on +1 and the first were lost).
		const created = { ...page([tokyo(1), tokyo(2), tokyo(3), tokyo(-1)]), total: 100 };
		const walked = met(sampling, [created], createdTime, activation - 2 * MINUTE_MS);
		const cutoff = sampledCutoff(walked, null)!;
		expect(cutoff).toBe(createdTime(contactAt(1, tokyo(-30))));
		expect(cutoff).toBeLessThan(createdTime(contactAt(1, tokyo(1)))!);
	});

	it('oldest first without a zone: contacts added on the last page while the sample read do not set the cutoff', () => {
		// Page 1 (count 40 of pages of 25: 2 pages, 10 free places on the last), then page 2 a
		// minute later (count 43): three dated 4 hours ahead landed in its free places.
		const first = { ...page([tokyo(-300), tokyo(-290), tokyo(-280)]), total: 40, pages: 2 };
		const added = [tokyo(-30), tokyo(-20), tokyo(-10), tokyo(240), tokyo(241), tokyo(242)];
		const last = { ...page(added), page: 2, total: 43, pages: 2 };
		const times = [first, last].flatMap((p) => p.contacts.map((c) => createdTime(c)!));
		const at = (minutes: number) => createdTime(contactAt(1, tokyo(minutes)));
		// The third newest below the three added: -30, not the third newest of all (+240).
		expect(activationCutoff([first, last], times, createdTime, 'oldest', activation)).toBe(at(-30));
		// Fewer than three left below the added (g2-1616: a last page of 2, then 3 added): the oldest
		// of those left, not the third newest of all (+240).
		const short = {
			...page([tokyo(-20), tokyo(-10), tokyo(240), tokyo(241), tokyo(242)]),
			page: 2,
		};
		const shortPages = [first, { ...short, total: 43, pages: 2 }];
		const shortTimes = shortPages.flatMap((p) => p.contacts.map((c) => createdTime(c)!));
		expect(activationCutoff(shortPages, shortTimes, createdTime, 'oldest', activation)).toBe(
			at(-20),
		);
		// Not where the list is known to have no order (`ends`): pages before may hold newer ones,
		// and the third newest of all stays for the first walk to raise (helper-59).
		expect(activationCutoff(shortPages, shortTimes, createdTime, 'ends', activation)).toBe(at(240));
		// Only added ones on the last pages: nothing there to set it, the third newest of all stays.
		const onlyAdded = [
			first,
			{ ...page([tokyo(240), tokyo(241), tokyo(242)]), page: 2, total: 43 },
		];
		const onlyTimes = onlyAdded.flatMap((p) => p.contacts.map((c) => createdTime(c)!));
		expect(activationCutoff(onlyAdded, onlyTimes, createdTime, 'oldest', activation)).toBe(at(240));
		// Added beyond the free places land on pages the sample did not read: the rank counts only
		// those that fit (a full last page: none; helper-23: 48 counted took the cutoff 14 hours
		// back, and a backfill from before the activation came).
		const full = { ...first, total: 50 };
		expect(
			activationCutoff([full, { ...last, total: 98 }], times, createdTime, 'oldest', activation),
		).toBe(at(240));
		// Newest first (page 1 alone), without an order (the sample's walk decides), with a zone:
		// the third newest.
		expect(activationCutoff([first, last], times, createdTime, 'newest', activation)).toBe(at(240));
		expect(activationCutoff([first, last], times, createdTime, undefined, activation)).toBe(
			at(240),
		);
		const zonedPages = [
			{ ...page([zoned(-30), zoned(-20)]), total: 40, pages: 2 },
			{ ...page([zoned(-10), zoned(240), zoned(241)]), page: 2, total: 43, pages: 2 },
		];
		const zonedTimes = zonedPages.flatMap((p) => p.contacts.map((c) => createdTime(c)!));
		expect(activationCutoff(zonedPages, zonedTimes, createdTime, 'oldest', activation)).toBe(
			activation - 10 * MINUTE_MS,
		);
	});

	it("with a zone, n8n's clock caps the cutoff: three dated ahead do not set it (survey 260000)", () => {
		const ahead = [{ ...page([zoned(-20), zoned(480), zoned(481), zoned(482)]), total: 4 }];
		const times = ahead.flatMap((p) => p.contacts.map((c) => createdTime(c)!));
		for (const order of ['newest', 'oldest', undefined] as const)
			expect(activationCutoff(ahead, times, createdTime, order, activation)).toBe(activation);
		// A contact whose date cannot be read beside them does not lift the cap (it is no date
		// without a zone); one readable date without a zone does: n8n's clock cannot tell it ahead.
		const unreadable = [{ ...ahead[0], contacts: [...ahead[0].contacts, contactAt(9, 'soon')] }];
		expect(activationCutoff(unreadable, times, createdTime, 'oldest', activation)).toBe(activation);
		const mixed = [{ ...ahead[0], contacts: [...ahead[0].contacts, contactAt(9, tokyo(-400))] }];
		expect(activationCutoff(mixed, times, createdTime, 'oldest', activation)).toBe(
			activation + 480 * MINUTE_MS,
		);
	});
});
