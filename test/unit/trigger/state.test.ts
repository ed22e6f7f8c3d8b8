/** The stored New Contact state, and what every event's state shares: reported ids, the bound. */
import {
	readPollState,
	STATE_VERSION,
	type PollState,
} from '../../../nodes/OutreachContact/trigger/newContact/state';
import {
	cutToBound,
	MAX_REPORTED,
	readReported,
	stateBytes,
	withReported,
} from '../../../nodes/OutreachContact/trigger/shared/state';
import {
	MAX_ID_LENGTH,
	MAX_STATE_BYTES,
} from '../../../nodes/OutreachContact/trigger/shared/storedState';
import { DAY_MS, HOUR_MS } from '../../../nodes/OutreachContact/trigger/shared/serviceTime';

const T0 = Date.UTC(2026, 2, 10, 9, 0, 0);

const state: PollState = {
	version: STATE_VERSION,
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
};

/** As n8n stores it: through JSON. */
const stored = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('readPollState', () => {
	it('is absent before the first poll', () => {
		expect(readPollState(undefined)).toEqual({});
		expect(readPollState(null)).toEqual({});
	});

	it('reads a state back through JSON unchanged, a walk under way included', () => {
		expect(readPollState(stored(state))).toEqual({ state });
		const walking: PollState = {
			...state,
			order: undefined,
			walk: {
				page: 7,
				days: 4,
				newest: T0,
				previous: T0 - HOUR_MS,
				rises: true,
				last: T0,
				limit: 12,
				ceiling: T0 - 2 * HOUR_MS,
				span: 4,
			},
		};
		delete walking.order;
		expect(readPollState(stored(walking))).toEqual({ state: walking });
	});

	it.each([
		['a string', 'x', 'not an object'],
		['an array', [], 'not an object'],
		['an unknown version', { ...state, version: 'two' }, 'version two, expected 1 or 2'],
		['a bad floor', { ...state, floor: 'x' }, 'invalid times'],
		['a bad through', { ...state, through: '2026-03-10' }, 'invalid times'],
		['a bad cutoff', { ...state, cutoff: undefined }, 'invalid times'],
		['no seen map', { ...state, seen: undefined }, 'no list of seen contacts'],
		['a bad seen time', { ...state, seen: { 5: 'x' } }, 'invalid time for contact 5'],
	])('is refused when it has %s (and the poll starts over)', (_, raw, problem) => {
		const read = readPollState(raw);
		expect(read.state).toBeUndefined();
		expect(read.problem).toContain(problem);
	});

	it('tells a state of a newer version apart: the poll stops with an error instead of starting over', () => {
		expect(readPollState({ ...state, version: 3 })).toEqual({ newer: { stored: 3, known: 2 } });
	});

	it('drops what it cannot use of the hints (order, sizes, walk) and keeps the rest', () => {
		const read = readPollState({
			...state,
			order: 'sideways',
			pageSize: 0,
			total: -1,
			verified: 'x',
			walk: { page: 0, days: 3 },
			reported: 'nope',
		}).state!;
		expect(read).toEqual({
			version: 2,
			baseline: state.baseline,
			floor: state.floor,
			cutoff: state.cutoff,
			through: state.through,
			seen: state.seen,
			reported: [],
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
			expect(readPollState(stored(v1))).toEqual({
				state: {
					version: 2,
					baseline: v1.baseline,
					floor: v1.floor,
					cutoff: null,
					through: v1.watermark,
					seen: v1.seen,
					reported: [],
					order: 'newest',
					pageSize: 50,
					total: 420,
				},
			});
		});

		it('without a trusted order, or without any walk memory, it walks the window', () => {
			const unordered = readPollState({ ...v1, walk: { order: 'unordered' } }).state!;
			expect(unordered.order).toBeUndefined();
			expect(unordered.walk).toBeUndefined();
			const bare = readPollState({ ...v1, walk: undefined, watermark: null }).state!;
			expect(bare).toMatchObject({ through: null, cutoff: null });
			expect(bare.order).toBeUndefined();
		});

		it('is refused like a version 2 state when its times are bad', () => {
			expect(readPollState({ ...v1, watermark: 'x' }).problem).toContain('invalid times');
		});
	});
});

describe('reported: contacts the trigger cannot place are logged once', () => {
	it('tells which ids are new to log, and remembers them', () => {
		const first = withReported(undefined, ['40', '(no id, created_date "x")']);
		expect(first.fresh).toEqual(['40', '(no id, created_date "x")']);
		const again = withReported(first.reported, ['40', '41']);
		expect(again.fresh).toEqual(['41']);
		expect(again.reported).toEqual(['40', '(no id, created_date "x")', '41']);
	});

	it('logs an id met twice in one poll once', () => {
		const { fresh, reported } = withReported([], ['40', '40']);
		expect(fresh).toEqual(['40']);
		expect(reported).toEqual(['40']);
	});

	it(`keeps at most ${MAX_REPORTED}, the oldest going first`, () => {
		const many = Array.from({ length: 70 }, (_, i) => `id${i}`);
		const { reported, fresh } = withReported(['old'], many);
		expect(fresh).toHaveLength(70);
		expect(reported).toHaveLength(MAX_REPORTED);
		expect(reported[0]).toBe('id20');
		expect(reported[MAX_REPORTED - 1]).toBe('id69');
	});

	it('reads a stored list back, and anything else as none', () => {
		expect(readReported(['a', 'b'])).toEqual(['a', 'b']);
		expect(readReported('a')).toEqual([]);
		expect(readReported([1, 'a', 'x'.repeat(MAX_ID_LENGTH + 81)])).toEqual(['a']);
		expect(readReported(Array.from({ length: 80 }, (_, i) => `${i}`))).toHaveLength(MAX_REPORTED);
	});
});

describe('cutToBound: the state stays within MAX_STATE_BYTES', () => {
	/** A state with `n` ids of `length` characters, the i-th created at T0 + i. */
	function big(n: number, length = MAX_ID_LENGTH, char = 'x'): PollState {
		const seen: Record<string, number> = {};
		for (let i = 0; i < n; i++) seen[`${i}`.padStart(length, char)] = T0 + i;
		return { ...state, seen };
	}

	it('leaves a state within its bound as it is', () => {
		const s = big(100);
		const before = stored(s);
		expect(cutToBound(s)).toBeUndefined();
		expect(s).toEqual(before);
	});

	it('drops the oldest ids until the state fits, and returns the newest it dropped', () => {
		const s = big(1000, 20);
		const max = stateBytes(s) - 5000;
		const dropped = cutToBound(s, max);
		expect(stateBytes(s)).toBeLessThanOrEqual(max);
		const kept = Object.values(s.seen);
		expect(dropped).toBe(Math.min(...kept) - 1); // the ids are one ms apart
		expect(kept.length).toBeGreaterThan(800);
		expect(stateBytes(s)).toBeGreaterThan(max - 60); // no more than needed went
	});

	it('holds for the stated bound: 20,000 ids of the longest length fit in 512 KiB once cut', () => {
		const s = big(20_000);
		expect(stateBytes(s)).toBeGreaterThan(MAX_STATE_BYTES);
		const dropped = cutToBound(s);
		expect(dropped).toBeDefined();
		expect(stateBytes(s)).toBeLessThanOrEqual(MAX_STATE_BYTES);
		expect(Object.values(s.seen).every((t) => t > dropped!)).toBe(true);
	});

	it('holds in bytes for ids of non-ASCII characters', () => {
		const s = big(20_000, MAX_ID_LENGTH, '€');
		cutToBound(s);
		expect(Buffer.byteLength(JSON.stringify(s), 'utf8')).toBeLessThanOrEqual(MAX_STATE_BYTES);
	});
});
