/**
 * The collector (ledger/candidates.ts): which contacts of a poll's pages are candidates, the
 * oldest Max Contacts per Poll kept in memory, what cannot be placed, and what the ledger
 * records of the chosen ones.
 */
import {
	CandidateCollector,
	idKey,
	WAITING_WITNESSES,
	type CollectRules,
} from '../../../nodes/OutreachContact/trigger/shared/ledger/candidates';
import { OVERLAP_MS } from '../../../nodes/OutreachContact/trigger/shared/ledger/ledger';
import { settleNewContact } from '../../../nodes/OutreachContact/trigger/shared/ledger/newContact';
import { DEFAULT_MAX_PER_POLL } from '../../../nodes/OutreachContact/trigger/pollRunner';
import { MAX_ID_LENGTH } from '../../../nodes/OutreachContact/trigger/shared/ledger/shapes';
import {
	createdTime,
	DAY_MS,
	FUTURE_TOLERANCE_MS,
	HOUR_MS,
	MINUTE_MS,
} from '../../../nodes/OutreachContact/trigger/shared/serviceTime';
import { contactAt as contact, idsOf as ids } from '../../support/poll';
import { storedState, T0 } from '../../support/newContactPoll';
import { seededRandom } from '../../../harness/testClock';

const rules = (over: Partial<CollectRules> = {}): CollectRules => ({
	now: T0,
	time: createdTime,
	emit: true,
	maxPerPoll: DEFAULT_MAX_PER_POLL,
	floor: T0 - HOUR_MS,
	cutoff: null,
	seen: {},
	...over,
});

describe('the collector', () => {
	it('keeps only the oldest maxPerPoll contacts in memory but finds the same ones', () => {
		const random = seededRandom(11);
		const collector = new CandidateCollector(rules({ maxPerPoll: 10, floor: T0 - DAY_MS }));
		const all = Array.from({ length: 2000 }, (_, i) =>
			contact(i + 1, T0 - Math.floor(random() * HOUR_MS)),
		);
		let most = 0;
		for (let i = 0; i < all.length; i += 50) {
			// Every page again with some contacts of earlier pages (as when others arrive while paging).
			collector.add([...all.slice(i, i + 50), ...all.slice(Math.max(0, i - 20), i)]);
			most = Math.max(most, collector.sorted().length);
		}
		const out = collector.choose();
		const expected = [...all]
			.sort((a, b) => Date.parse(a.created_date) - Date.parse(b.created_date) || a.id - b.id)
			.slice(0, 10);
		expect(ids(out.emit)).toEqual(ids(expected));
		// And the oldest it leaves waiting, which the next range must hold (leftWaiting).
		const next = [...all]
			.sort((a, b) => Date.parse(a.created_date) - Date.parse(b.created_date) || a.id - b.id)
			.slice(10, 10 + WAITING_WITNESSES);
		expect(out.witnesses.map((c) => c.id)).toEqual(ids(next));
		expect(out.report.backlog).toBe(1990);
		expect(collector.candidateCount).toBe(2000); // each once, though many came twice
		expect(most).toBeLessThanOrEqual(2 * 10 + 100);
	});

	it('emits oldest first by (created, id), each id once', () => {
		const collector = new CandidateCollector(rules());
		collector.add([contact(12, T0 - 1000), contact(10, T0 - 3000), contact(11, T0 - 3000)]);
		collector.add([contact(10, T0 - 3000), contact(13, T0 - 2000)]);
		expect(ids(collector.choose().emit)).toEqual([10, 11, 13, 12]);
	});

	it('passes over contacts below the floor, at or before the cutoff, or seen', () => {
		const collector = new CandidateCollector(
			rules({ floor: T0 - HOUR_MS, cutoff: T0 - 30 * MINUTE_MS, seen: { '3': T0 - 1000 } }),
		);
		const below = contact(1, T0 - HOUR_MS - 1);
		const atCutoff = contact(2, T0 - 30 * MINUTE_MS);
		const seen = contact(3, T0 - 1000);
		const fresh = contact(4, T0 - 30 * MINUTE_MS + 1);
		collector.add([below, atCutoff, seen, fresh]);
		expect(ids(collector.choose().emit)).toEqual([4]);
		expect([below, atCutoff, seen, fresh].map((c) => collector.isKnown(c))).toEqual([
			true,
			true,
			true,
			false,
		]);
		expect(collector.belowFloor(below)).toBe(true);
		expect(collector.belowFloor(atCutoff)).toBe(false);
	});

	it('reports contacts without a readable id or date, and never emits them', () => {
		const collector = new CandidateCollector(rules());
		const noDate = contact(40, 'not a date');
		const noId = { ...contact(41, T0 - 1000), id: undefined as unknown as number };
		const longId = { ...contact(42, T0 - 1000), id: 'y'.repeat(MAX_ID_LENGTH + 1) as never };
		collector.add([noDate, noId, longId, contact(43, T0 - 2000)]);
		const { emit, report } = collector.choose();
		expect(ids(emit)).toEqual([43]);
		expect(report.unreadable).toEqual([
			'40',
			'(no id, created_date "2026-03-10T08:59:59.000Z")',
			`${'y'.repeat(MAX_ID_LENGTH)}…`,
		]);
		expect([noDate, noId, longId].every((c) => collector.isKnown(c))).toBe(true);
	});

	it('holds back a contact dated more than a day ahead, and takes it once it is near', () => {
		const ahead = contact(50, T0 + FUTURE_TOLERANCE_MS + 1);
		const now = new CandidateCollector(rules());
		now.add([ahead]);
		expect(now.choose()).toMatchObject({ emit: [], report: { deferred: ['50'] } });
		expect(now.isKnown(ahead)).toBe(true);
		const later = new CandidateCollector(rules({ now: T0 + 2 * MINUTE_MS }));
		later.add([ahead]);
		expect(ids(later.choose().emit)).toEqual([50]);
	});

	it('reads timestamps in any supported format the same way', () => {
		const collector = new CandidateCollector(rules());
		collector.add([
			contact(60, '2026-03-10 08:59:03'), // no zone: UTC
			contact(61, '2026-03-10T21:59:02+13:00'),
			contact(62, '2026-03-10T00:59:01.000000-08:00'),
			contact(63, String((T0 - 64_000) / 1000)), // epoch seconds: 08:58:56
		]);
		expect(ids(collector.choose().emit)).toEqual([63, 62, 61, 60]);
	});

	it('in record mode (a first activation) keeps every candidate and emits none', () => {
		const collector = new CandidateCollector(rules({ emit: false, maxPerPoll: 2 }));
		collector.add([1, 2, 3, 4].map((i) => contact(i, T0 - i * 1000)));
		const { chosen, emit, report, witnesses } = collector.choose();
		expect(chosen).toHaveLength(4);
		expect(witnesses).toEqual([]);
		expect(emit).toEqual([]);
		expect(report.backlog).toBe(0);
	});

	it('idKey: numbers and trimmed strings of up to 64 characters', () => {
		expect(idKey(17)).toBe('17');
		expect(idKey(' a1 ')).toBe('a1');
		expect(idKey('x'.repeat(MAX_ID_LENGTH))).toHaveLength(MAX_ID_LENGTH);
		for (const bad of ['', '  ', 'x'.repeat(MAX_ID_LENGTH + 1), NaN, null, {}, true])
			expect(idKey(bad)).toBeUndefined();
	});

	it('the ledger records the chosen in seen, and forgets ids the floor excludes for good', () => {
		const collector = new CandidateCollector(rules());
		const page = {
			page: 1,
			pageSize: 100,
			contacts: [contact(1, T0 - 5000), contact(2, T0 - 1000)],
		};
		collector.add(page.contacts);
		expect(ids(collector.choose().emit)).toEqual([1, 2]);
		const state = storedState({
			floor: T0 - 3 * HOUR_MS,
			through: null,
			order: 'newest',
			seen: { '0': T0 - 2 * HOUR_MS },
		});
		// The rolling check completed a round that began an hour after T0.
		const learned = {
			mode: 'ordered',
			order: 'newest',
			checkedTo: 0,
			checkedFrom: T0 + HOUR_MS,
		} as const;
		// Nothing handled without a gap: the floor stays, and the chosen join the seen ids.
		const kept = settleNewContact(
			state,
			{ pages: [page], reachesHandled: false, learned },
			{ now: T0, maxPerPoll: 100, time: createdTime },
		);
		expect(ids(kept.emit)).toEqual([1, 2]);
		expect(kept.state.seen).toEqual({ '0': T0 - 2 * HOUR_MS, '1': T0 - 5000, '2': T0 - 1000 });
		// Handled up to where the floor (an overlap behind) passes T0 - 1000: ids below it go.
		const read = { pages: [page], reachesHandled: true, reach: T0 - 1000 + OVERLAP_MS, learned };
		const pruned = settleNewContact(state, read, {
			now: T0 + HOUR_MS,
			maxPerPoll: 100,
			time: createdTime,
		});
		expect(pruned.state.floor).toBe(T0 - 1000);
		expect(pruned.state.seen).toEqual({ '2': T0 - 1000 });
		// Before the check's first round completes (no checkedFrom: N days), the round under way
		// bounds the floor: it stays the overlap below where that round began (survey 270000);
		// with no round either, it stays.
		const first = { mode: 'ordered', order: 'newest', checkedTo: 40 } as const;
		const during = (roundFrom?: number) =>
			settleNewContact(
				state,
				{ ...read, learned: { ...first, ...(roundFrom === undefined ? {} : { roundFrom }) } },
				{ now: T0 + HOUR_MS, maxPerPoll: 100, time: createdTime },
			).state;
		expect(during(T0 - HOUR_MS).handledTo).toBe(T0 - 1000 + OVERLAP_MS);
		expect(during(T0 - HOUR_MS).floor).toBe(T0 - 2 * HOUR_MS);
		expect(during().floor).toBe(T0 - 3 * HOUR_MS);
	});

	it('while new contacts wait on pages not read, the floor stays below the oldest contact read (survey 220000)', () => {
		const page = {
			page: 5,
			pageSize: 100,
			contacts: [contact(1, T0 - 3 * HOUR_MS), contact(2, T0 + 5 * HOUR_MS)],
		};
		const state = storedState({ floor: T0 - 10 * HOUR_MS, through: null, order: 'newest' });
		const now = T0 + 8 * HOUR_MS;
		const learned = { mode: 'ordered', order: 'newest', checkedTo: 0, checkedFrom: now } as const;
		const rules = { now, maxPerPoll: 100, time: createdTime };
		const read = { pages: [page], reachesHandled: true, reach: T0 + 5 * HOUR_MS, learned };
		// By insertion, pages not read may hold contacts older than the range's newest.
		const waits = settleNewContact(
			state,
			{ ...read, pagesWaiting: true, low: T0 - 3 * HOUR_MS },
			rules,
		);
		expect(waits.state.handledTo).toBe(T0 + 5 * HOUR_MS);
		expect(waits.state.floor).toBe(T0 - 3 * HOUR_MS - OVERLAP_MS);
		// Once nothing waits, the floor trails the handled point again.
		const done = settleNewContact(state, read, rules);
		expect(done.state.floor).toBe(T0 + 5 * HOUR_MS - OVERLAP_MS);
	});
});
