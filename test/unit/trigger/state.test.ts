/** The stored New Contact state, and what every event's state shares: logged ids, the bound. */
import { WAITING_WITNESSES } from '../../../nodes/OutreachContact/trigger/shared/ledger/candidates';
import { SAMPLE_HOLD_IDS } from '../../../nodes/OutreachContact/trigger/shared/ledger/witnesses';
import { logOnce } from '../../../nodes/OutreachContact/trigger/shared/ledger/ledger';
import {
	activatedNewContact,
	settleNewContact,
} from '../../../nodes/OutreachContact/trigger/shared/ledger/newContact';
import type { NewContactReading } from '../../../nodes/OutreachContact/trigger/shared/ledger/newContactReading';
import {
	MAX_DELETED,
	MAX_ID_LENGTH,
	MAX_LOGGED,
	MAX_STATE_BYTES,
	STATE_VERSION,
	stateBytes,
	type NewContactState,
} from '../../../nodes/OutreachContact/trigger/shared/ledger/shapes';
import {
	readNewContactState,
	toStored,
} from '../../../nodes/OutreachContact/trigger/shared/ledger/stored';
import {
	createdTime,
	DAY_MS,
	HOUR_MS,
} from '../../../nodes/OutreachContact/trigger/shared/serviceTime';
import { pageOf, zonelessDate } from '../../support/poll';

const T0 = Date.UTC(2026, 2, 10, 9, 0, 0);

const state: NewContactState = {
	version: STATE_VERSION,
	baseline: T0 - DAY_MS,
	floor: T0 - 2 * HOUR_MS,
	cutoff: T0 - DAY_MS,
	handledTo: T0 - HOUR_MS,
	seen: { '17': T0 - 90 * 60_000, abc: T0 - HOUR_MS },
	logged: ['40'],
	mode: 'ordered',
	order: 'newest',
	pageSize: 100,
	count: 5321,
	checkedTo: 300,
	roundFrom: T0 - 5 * 60_000,
	checkedFrom: T0 - 20 * 60_000,
};

/** The same state as n8n stores it: the field names of version 2. */
const json = toStored(state);

/** As n8n stores it: through JSON. */
const stored = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('readNewContactState', () => {
	it('is absent before the first poll', () => {
		expect(readNewContactState(undefined)).toEqual({});
		expect(readNewContactState(null)).toEqual({});
	});

	it('stores the field names of version 2, which saved workflows and 1.0.0 read', () => {
		expect(stored(json)).toEqual({
			version: 2,
			baseline: T0 - DAY_MS,
			floor: T0 - 2 * HOUR_MS,
			cutoff: T0 - DAY_MS,
			through: T0 - HOUR_MS,
			seen: { '17': T0 - 90 * 60_000, abc: T0 - HOUR_MS },
			reported: ['40'],
			order: 'newest',
			pageSize: 100,
			total: 5321,
			verified: 300,
			roundFrom: T0 - 5 * 60_000,
			checkedFrom: T0 - 20 * 60_000,
		});
	});

	it('reads a state back through JSON unchanged, a walk under way included', () => {
		expect(readNewContactState(stored(json))).toEqual({ state });
		// A boundary a range left, with the newest date the ranges emitted; one stored before that
		// date was kept reads without it.
		const bounded: NewContactState = {
			...state,
			boundary: { lo: 4, hi: 4, count: 90, emittedTo: T0 },
		};
		expect(stored(toStored(bounded))).toMatchObject({
			bisect: { lo: 4, hi: 4, total: 90, emittedTo: T0 },
		});
		expect(readNewContactState(stored(toStored(bounded)))).toEqual({ state: bounded });
		// Newest first, a poll that left a poll's worth waiting says the next reads from its page.
		const full: NewContactState = {
			...state,
			boundary: { lo: 4, hi: 4, count: 90, fullPoll: true },
		};
		expect(stored(toStored(full))).toMatchObject({
			bisect: { lo: 4, hi: 4, total: 90, fullPoll: true },
		});
		expect(readNewContactState(stored(toStored(full)))).toEqual({ state: full });
		// A read that took the poll's share, its check with no request (poll.ts): kept; anything
		// but true is left out.
		const waited: NewContactState = { ...state, checkWaited: true };
		expect(stored(toStored(waited))).toMatchObject({ checkWaited: true });
		expect(readNewContactState(stored(toStored(waited)))).toEqual({ state: waited });
		expect(readNewContactState({ ...(stored(json) as object), checkWaited: 1 })).toEqual({ state });
		// Oldest first, a bisection before a range was taken keeps the last count's page, and a
		// range that stopped on a count that shrank says the next poll reads falling.
		const pinned: NewContactState = {
			...state,
			boundary: { lo: 2, hi: 55, count: 117, handledPage: 5, falling: true },
		};
		expect(stored(toStored(pinned))).toMatchObject({
			bisect: { lo: 2, hi: 55, total: 117, handled: 5, falling: true },
		});
		expect(readNewContactState(stored(toStored(pinned)))).toEqual({ state: pinned });
		// Emit Contacts From the Last N Days before anything is handled: the backlog's bound.
		const backlog: NewContactState = { ...state, handledTo: null, backlogBy: T0 - 3 * HOUR_MS };
		expect(stored(toStored(backlog))).toMatchObject({ backlogBy: T0 - 3 * HOUR_MS });
		expect(readNewContactState(stored(toStored(backlog)))).toEqual({ state: backlog });
		const older = { ...json, bisect: { lo: 4, hi: 4, total: 90 } };
		expect(readNewContactState(stored(older))).toEqual({
			state: { ...state, boundary: { lo: 4, hi: 4, count: 90 } },
		});
		const common = {
			...state,
			order: undefined,
			count: undefined,
			checkedTo: undefined,
			boundary: undefined,
			roundFrom: undefined,
			checkedFrom: undefined,
			backlogBy: undefined,
		};
		const walking: NewContactState = {
			...common,
			mode: 'walking',
			walk: {
				page: 7,
				days: 4,
				newest: T0,
				previous: T0 - HOUR_MS,
				rises: true,
				last: T0,
				limit: 12,
				ceiling: T0 - 2 * HOUR_MS,
				widened: 4,
			},
		};
		expect(stored(toStored(walking))).toMatchObject({ walk: { span: 4 } });
		expect(readNewContactState(stored(toStored(walking)))).toEqual({ state: walking });
		// The first walk that completes a sample without an order (sampling.ts).
		const sampling = {
			from: T0,
			tops: [T0 - 1, T0 - 2, T0 - 3],
			zoneless: true,
			days: 3,
			total: 40,
			added: 2,
			restarted: true,
		};
		const sampled: NewContactState = { ...walking, sampling };
		expect(stored(toStored(sampled))).toMatchObject({ sampling });
		expect(readNewContactState(stored(toStored(sampled)))).toEqual({ state: sampled });
		const bad = { ...(stored(toStored(sampled)) as object), sampling: { from: 'x', tops: [] } };
		expect(readNewContactState(bad)).toEqual({ state: walking });
	});

	it.each([
		['a string', 'x', 'not an object'],
		['an array', [], 'not an object'],
		['an unknown version', { ...json, version: 'two' }, 'version two, expected 1 or 2'],
		['a bad floor', { ...json, floor: 'x' }, 'invalid times'],
		['a bad through', { ...json, through: '2026-03-10' }, 'invalid times'],
		['a bad cutoff', { ...json, cutoff: undefined }, 'invalid times'],
		['no seen map', { ...json, seen: undefined }, 'no list of seen contacts'],
		['a bad seen time', { ...json, seen: { 5: 'x' } }, 'invalid time for contact 5'],
	])('is refused when it has %s (and the poll starts over)', (_, raw, problem) => {
		const read = readNewContactState(raw);
		expect(read.state).toBeUndefined();
		expect(read.problem).toContain(problem);
	});

	it('keeps the contacts found deleted (deleted) only while they are in seen, at most MAX_DELETED', () => {
		const deleted: NewContactState = { ...state, deleted: ['17', 'abc'] };
		expect(stored(toStored(deleted))).toMatchObject({ deleted: ['17', 'abc'] });
		expect(readNewContactState(stored(toStored(deleted)))).toEqual({ state: deleted });
		// Ids no longer in seen, other values and those past the bound are dropped, read or written.
		const odd = { ...json, deleted: ['17', 'nope', 7, null, 'toString', '__proto__', 'abc'] };
		expect(readNewContactState(stored(odd)).state).toMatchObject({ deleted: ['17', 'abc'] });
		expect(stored(toStored({ ...state, deleted: ['nope'] }))).not.toHaveProperty('deleted');
		const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`${i}`, T0]));
		const full = readNewContactState(stored({ ...json, seen: many, deleted: Object.keys(many) }));
		expect((full.state as { deleted?: string[] }).deleted).toHaveLength(MAX_DELETED);
	});

	it('keeps the oldest contacts the last read left waiting (leftWaiting), at most WAITING_WITNESSES', () => {
		const left: NewContactState = { ...state, leftWaiting: { '21': T0, '22': T0 + 1 } };
		expect(stored(toStored(left))).toMatchObject({ leftWaiting: { '21': T0, '22': T0 + 1 } });
		expect(readNewContactState(stored(toStored(left)))).toEqual({ state: left });
		// Entries that are not an id with a time are dropped, and past the bound; none left, none kept.
		const odd = { ...json, leftWaiting: { '21': T0, '22': 'x', ['9'.repeat(65)]: T0 } };
		expect(readNewContactState(stored(odd)).state).toMatchObject({ leftWaiting: { '21': T0 } });
		// Written newest first (only a state edited by hand holds more): the oldest are kept.
		const many = Object.fromEntries(
			Array.from({ length: 30 }, (_, i) => [`${i + 100}`, T0 + (30 - i) * 1000]),
		);
		const full = readNewContactState(stored({ ...json, leftWaiting: many })).state;
		const kept = Object.keys((full as { leftWaiting: object }).leftWaiting);
		expect(kept.sort()).toEqual(
			Array.from({ length: WAITING_WITNESSES }, (_, i) => `${i + 100 + 30 - WAITING_WITNESSES}`),
		);
		for (const leftWaiting of [[], 'x', { '21': null }])
			expect(readNewContactState(stored({ ...json, leftWaiting })).state).not.toHaveProperty(
				'leftWaiting',
			);
	});

	it('the ledger names the oldest contacts a read left waiting, keeps them until emitted, found deleted or passed by the handled point, and drops them when the order breaks', () => {
		const rules = { now: T0, maxPerPoll: 2, time: createdTime };
		const learned = { mode: 'ordered' as const, order: 'newest' as const, checkedTo: 0 };
		const dates = [5, 4, 3, 2, 1].map((m) => new Date(T0 - m * 60_000).toISOString());
		const read: NewContactReading = { pages: [pageOf(dates)], reachesHandled: true, learned };
		const out = settleNewContact(state, read, rules).state as { leftWaiting?: object };
		// Contacts 1 and 2 (5 and 4 minutes back) are emitted; 3, 4 and 5 wait.
		expect(out.leftWaiting).toEqual({
			'3': T0 - 3 * 60_000,
			'4': T0 - 2 * 60_000,
			'5': T0 - 60_000,
		});
		const none: NewContactReading = { pages: [], reachesHandled: true, learned };
		const held = settleNewContact(out as NewContactState, none, rules).state;
		expect(held).toMatchObject({ leftWaiting: out.leftWaiting });
		// A read that met none of them (pages of contacts emitted already) keeps them too; one
		// emitted, found deleted, or at or below the handled point goes; `deleted` keeps emitted ids.
		const after = out as NewContactState;
		const known = { ...read, pages: [pageOf(dates.slice(0, 2))] };
		const still = settleNewContact(after, known, rules).state as { leftWaiting?: object };
		expect(still.leftWaiting).toEqual(out.leftWaiting);
		const lookedUp = { ...learned, deleted: ['4', '17'] };
		const next = settleNewContact(after, { ...read, pages: [], learned: lookedUp }, rules).state;
		expect(next).toMatchObject({ deleted: ['17'] });
		expect((next as { leftWaiting?: object }).leftWaiting).toEqual({
			'3': T0 - 3 * 60_000,
			'5': T0 - 60_000,
		});
		const emitted = settleNewContact(after, read, rules).state as { leftWaiting?: object };
		expect(emitted.leftWaiting).toEqual({ '5': T0 - 60_000 });
		const passed = { ...after, handledTo: T0 - 2 * 60_000 };
		const beyond = settleNewContact(passed, none, rules).state as { leftWaiting?: object };
		expect(beyond.leftWaiting).toEqual({ '5': T0 - 60_000 });
		const walk = { mode: 'walking' as const, walk: null };
		const broken = settleNewContact(out as NewContactState, { ...read, learned: walk }, rules);
		expect(broken.state).not.toHaveProperty('leftWaiting');
	});

	it('N days in an order: the sample keeps its oldest new contacts as witnesses (sampleWaiting) until they come, whatever polls leave waiting', () => {
		// Page 1 newest first: 12 contacts of the last hour, then 2 from before the N days.
		const minutes = [...Array.from({ length: 12 }, (_, i) => 5 + i * 5), 25 * 60, 26 * 60];
		const dates = minutes.map((m) => new Date(T0 - m * 60_000).toISOString());
		const activated = activatedNewContact({
			pages: [pageOf(dates)],
			order: 'newest',
			proved: true,
			count: 14,
			pageSize: 25,
			days: 2,
			now: T0,
			time: createdTime,
			initialFloor: T0 - DAY_MS,
		}).state;
		// The oldest 10 of the 12 of the day (ids 3 to 12), none from before it.
		const sample = Object.fromEntries(
			Array.from({ length: 10 }, (_, i) => [`${i + 3}`, T0 - (15 + i * 5) * 60_000]),
		);
		expect(activated).toMatchObject({ mode: 'ordered', sampleWaiting: sample });
		expect(readNewContactState(stored(toStored(activated)))).toEqual({ state: activated });
		// A range that emits 2 contacts of a backfill a day back and leaves 10 older than the
		// sample's waiting: leftWaiting holds those, sampleWaiting stays.
		const rules = { now: T0, maxPerPoll: 2, time: createdTime };
		const learned = { mode: 'ordered' as const, order: 'newest' as const, checkedTo: 0 };
		const backfill = Array.from({ length: 12 }, (_, i) => ({
			id: 100 + i,
			email: `b${i}@x.test`,
			created_date: new Date(T0 - 23 * HOUR_MS + i * 1000).toISOString(),
		}));
		const page = { page: 1, pageSize: 25, contacts: backfill };
		const read: NewContactReading = { pages: [page], reachesHandled: true, learned };
		const after = settleNewContact(activated, read, rules).state;
		expect(Object.keys((after as { leftWaiting: object }).leftWaiting)).toHaveLength(10);
		expect(after).toMatchObject({ sampleWaiting: sample });
		// While they wait, the floor waits: by insertion, the sample's later pages may sit behind
		// the backfill unread (helper-84). Without them it follows the handled point, once a round
		// of the check completed and the range reached the handled point.
		const round = { ...learned, checkedFrom: T0 };
		const reached = { ...read, reach: T0 - 23 * HOUR_MS + 1000, learned: round };
		expect(settleNewContact(activated, reached, rules).state.floor).toBe(activated.floor);
		const without = { ...activated, sampleWaiting: undefined };
		const followed = settleNewContact(without, reached, rules).state;
		expect(followed.floor).toBeGreaterThan(activated.floor);
		// Nor once `seen` holds SAMPLE_HOLD_IDS ids: by creation the whole N days' backlog comes
		// before the newest, and the state's bound would give up ids at every poll (helper-85).
		const many = Array.from({ length: SAMPLE_HOLD_IDS }, (_, i) => [`s${i}`, T0 - DAY_MS + i]);
		const full = { ...activated, seen: Object.fromEntries(many) };
		expect(settleNewContact(full, reached, rules).state.floor).toBe(followed.floor);
		// One of them emitted goes; the rest stay.
		const own = { ...read, pages: [pageOf(dates.slice(0, 12))] };
		const emitted = settleNewContact(activated, own, { ...rules, maxPerPoll: 1 }).state;
		expect(Object.keys((emitted as { sampleWaiting: object }).sampleWaiting)).toEqual(
			Object.keys(sample).filter((id) => id !== '12'),
		);
	});

	it('tells a state of a newer version apart: the poll stops with an error instead of starting over', () => {
		expect(readNewContactState({ ...json, version: 3 })).toEqual({
			newer: { stored: 3, known: 2 },
		});
	});

	it('drops what it cannot use of the hints (order, sizes, walk) and keeps the rest', () => {
		const read = readNewContactState({
			...json,
			order: 'sideways',
			pageSize: 0,
			total: -1,
			verified: 'x',
			walk: { page: 0, days: 3 },
			reported: 'nope',
		}).state!;
		// Without an order to trust it walks the window, from a new walk.
		expect(read).toEqual({
			version: 2,
			baseline: state.baseline,
			floor: state.floor,
			cutoff: state.cutoff,
			handledTo: state.handledTo,
			seen: state.seen,
			logged: [],
			mode: 'walking',
			walk: null,
		});
	});

	describe('a version 1 state (before the reads were spread over polls)', () => {
		const v1 = {
			version: 1,
			baseline: T0 - DAY_MS,
			floor: T0 - 2 * HOUR_MS,
			watermark: T0 - HOUR_MS,
			seen: { '9': T0 - HOUR_MS },
			walk: { order: 'newest', verifiedAt: T0, polledAt: T0, pageSize: 50, total: 420 },
		};

		it('goes on as version 2: its watermark is where it had handled contacts to', () => {
			expect(readNewContactState(stored(v1))).toEqual({
				state: {
					version: 2,
					baseline: v1.baseline,
					floor: v1.floor,
					cutoff: null,
					handledTo: v1.watermark,
					seen: v1.seen,
					logged: [],
					mode: 'ordered',
					order: 'newest',
					pageSize: 50,
					count: 420,
					checkedTo: 0,
				},
			});
		});

		it('without a trusted order, or without any walk memory, it walks the window', () => {
			const unordered = readNewContactState({ ...v1, walk: { order: 'unordered' } }).state!;
			expect(unordered).toMatchObject({ mode: 'walking', walk: null });
			const bare = readNewContactState({ ...v1, walk: undefined, watermark: null }).state!;
			expect(bare).toMatchObject({ handledTo: null, cutoff: null, mode: 'walking', walk: null });
		});

		it('is refused like a version 2 state when its times are bad', () => {
			expect(readNewContactState({ ...v1, watermark: 'x' }).problem).toContain('invalid times');
		});
	});
});

describe('logged: contacts the trigger cannot place are logged once', () => {
	const withLogged = (logged: string[]): NewContactState => ({ ...state, logged });

	it('tells which ids are new to log, and remembers them', () => {
		const first = logOnce(withLogged([]), ['40', '(no id, created_date "x")']);
		expect(first.fresh).toEqual(['40', '(no id, created_date "x")']);
		const again = logOnce(first.state, ['40', '41']);
		expect(again.fresh).toEqual(['41']);
		expect(again.state.logged).toEqual(['40', '(no id, created_date "x")', '41']);
	});

	it('logs an id met twice in one poll once', () => {
		const { fresh, state: after } = logOnce(withLogged([]), ['40', '40']);
		expect(fresh).toEqual(['40']);
		expect(after.logged).toEqual(['40']);
	});

	it(`keeps at most ${MAX_LOGGED}, the oldest going first`, () => {
		const many = Array.from({ length: 70 }, (_, i) => `id${i}`);
		const { state: after, fresh } = logOnce(withLogged(['old']), many);
		expect(fresh).toHaveLength(70);
		expect(after.logged).toHaveLength(MAX_LOGGED);
		expect(after.logged[0]).toBe('id20');
		expect(after.logged[MAX_LOGGED - 1]).toBe('id69');
	});

	it('reads a stored list back, and anything else as none', () => {
		const logged = (reported: unknown) => readNewContactState({ ...json, reported }).state!.logged;
		expect(logged(['a', 'b'])).toEqual(['a', 'b']);
		expect(logged('a')).toEqual([]);
		expect(logged([1, 'a', 'x'.repeat(MAX_ID_LENGTH + 81)])).toEqual(['a']);
		expect(logged(Array.from({ length: 80 }, (_, i) => `${i}`))).toHaveLength(MAX_LOGGED);
	});
});

describe('the bound: the state the ledger stores stays within MAX_STATE_BYTES', () => {
	/** A state with `n` ids of `length` characters, the i-th created at T0 + i. */
	function big(n: number, length = MAX_ID_LENGTH, char = 'x'): NewContactState {
		const seen: Record<string, number> = {};
		for (let i = 0; i < n; i++) seen[`${i}`.padStart(length, char)] = T0 + i;
		return { ...state, seen };
	}

	/** A poll that read nothing: the ledger only stores the state, within its bound. */
	const quiet: NewContactReading = {
		pages: [],
		reachesHandled: false,
		learned: { mode: 'ordered', order: 'newest', checkedTo: 0 },
	};
	const settle = (s: NewContactState) =>
		settleNewContact(s, quiet, { now: T0, maxPerPoll: 100, time: createdTime });

	it('leaves a state within its bound as it is', () => {
		const s = big(100);
		const before = stored(s);
		const out = settle(s);
		expect(out.cut).toBeUndefined();
		expect(out.state.seen).toEqual(s.seen);
		expect(out.state.floor).toBe(s.floor);
		expect(s).toEqual(before); // the state given is not changed
	});

	it('holds for the stated bound: 20,000 ids of the longest length fit in 512 KiB once cut', () => {
		const s = big(20_000);
		expect(stateBytes(toStored(s))).toBeGreaterThan(MAX_STATE_BYTES);
		const { state: kept, cut } = settle(s);
		expect(cut).toBeDefined();
		expect(stateBytes(toStored(kept))).toBeLessThanOrEqual(MAX_STATE_BYTES);
		const times = Object.values(kept.seen);
		// The oldest went (the ids are one ms apart), and the floor passed the newest dropped, so
		// that a dropped id can never come again.
		expect(cut).toBe(Math.min(...times) - 1);
		expect(times.every((t) => t > cut!)).toBe(true);
		expect(kept.floor).toBe(cut! + 1);
		// No more than needed went: what is left of the bound is the room for the logged ids.
		expect(stateBytes(toStored(kept))).toBeGreaterThan(MAX_STATE_BYTES - MAX_LOGGED * 80 * 3 - 100);
	});

	it('holds in bytes for ids of non-ASCII characters', () => {
		const { state: kept } = settle(big(20_000, MAX_ID_LENGTH, '€'));
		expect(Buffer.byteLength(JSON.stringify(toStored(kept)), 'utf8')).toBeLessThanOrEqual(
			MAX_STATE_BYTES,
		);
	});
});

describe("what a walk goes on from: not past the present the poll's own pages show", () => {
	it("caps the newest a walk stores at the present after this poll's dates without a zone", () => {
		// The lag stored is 0; this poll's new contacts are dated 7 hours behind n8n's clock
		// (Phoenix, without a zone), and the walk's reader, given the lag before them, went on
		// from n8n's clock (survey 36: 761 lost after a pause of 31 hours).
		const walking: NewContactState = {
			...{ version: STATE_VERSION, baseline: T0 - DAY_MS, floor: T0 - 9 * HOUR_MS },
			...{ cutoff: null, handledTo: T0 - 8 * HOUR_MS, seen: {}, logged: [] },
			zoneLag: { lowest: 0, since: T0 - HOUR_MS, before: 0 },
			mode: 'walking',
			walk: { page: 2, days: 2, newest: null, previous: T0 - 8 * HOUR_MS },
		};
		const behind = [6.9, 6.95, 7, 7.1].map((h) => zonelessDate(T0 - h * HOUR_MS));
		const read: NewContactReading = {
			pages: [pageOf(behind)],
			reachesHandled: false,
			complete: true,
			learned: { mode: 'walking', walk: { page: 1, days: 2, newest: null, previous: T0 } },
		};
		const out = settleNewContact(walking, read, { now: T0, maxPerPoll: 100, time: createdTime });
		expect(out.state.zoneLag?.lowest).toBe(-7 * HOUR_MS);
		expect(out.state.mode === 'walking' && out.state.walk?.previous).toBe(T0 - 7 * HOUR_MS);
	});
});
