/** The three parts of the pacer, each on its own (docs/pacing.md numbers the rules). */
import { Pacer } from '../../../nodes/OutreachContact/transport/pacer';
import { InFlightGate } from '../../../nodes/OutreachContact/transport/pacing/inFlightGate';
import {
	PROBE_GAP_MS,
	SLOT_HOLD_MS,
	WINDOW_MS,
} from '../../../nodes/OutreachContact/transport/pacing/rules';
import { SendQueue } from '../../../nodes/OutreachContact/transport/pacing/sendQueue';
import { WindowBudget } from '../../../nodes/OutreachContact/transport/pacing/windowBudget';
import { TestClock } from '../../../harness/testClock';

describe('WindowBudget (rules 1 to 4)', () => {
	it('rule 1: sends up to the budget at once, then a slot frees SLOT_HOLD_MS after its answer', () => {
		const budget = new WindowBudget(3);
		for (const t of [0, 10, 20]) {
			expect(budget.nextSend(t, -Infinity)).toEqual({ at: t, probe: false });
			budget.recordSend(t, false);
		}
		// Every slot waits for its answer: no time to wait for yet.
		expect(budget.nextSend(30, 20).at).toBe(Infinity);
		budget.settle({ at: 10 }, false, 2_000);
		budget.settle({ at: 0 }, false, 3_000);
		expect(budget.nextSend(3_000, 20)).toEqual({ at: 2_000 + SLOT_HOLD_MS, probe: false });
		expect(budget.nextSend(2_000 + SLOT_HOLD_MS, 20)).toEqual({
			at: 2_000 + SLOT_HOLD_MS,
			probe: false,
		});
	});

	it('rule 3: a 429 cuts the budget to the accepted requests the process holds, when they are at least the floor', () => {
		const budget = new WindowBudget(200);
		for (let t = 0; t < 30; t++) budget.recordSend(t, false);
		for (let t = 0; t < 25; t++) budget.settle({ at: t }, false, 100 + t);
		// 25 accepted, 5 still in flight: the account was full, and 25 was this process's share of it.
		budget.settle({ at: 25 }, true, 200);
		expect(budget.budget).toBe(25);
		// Holding 80 accepted (above 0.7 x its budget), a process cuts to 70% of its budget.
		const big = new WindowBudget(100);
		for (let t = 0; t < 81; t++) big.recordSend(t, false);
		for (let t = 0; t < 80; t++) big.settle({ at: t }, false, 100 + t);
		big.settle({ at: 80 }, true, 200);
		expect(big.budget).toBe(70);
	});

	it('rule 3: a 429 cuts the budget to 70%, once per crowding, never below 5% of the limit; its send takes no slot', () => {
		const budget = new WindowBudget(200);
		for (let t = 0; t < 100; t++) budget.recordSend(t, false);
		budget.settle({ at: 50 }, true, 200);
		expect(budget.budget).toBe(140);
		budget.settle({ at: 60 }, true, 210); // sent before the cut: the same crowding
		expect(budget.budget).toBe(140);
		for (let n = 0; n < 20; n++) budget.settle({ at: 300 + n }, true, 300 + n);
		expect(budget.budget).toBe(10);
		// 98 sends held in the window, budget 10: held back until a probe, PROBE_GAP_MS after the last send.
		expect(budget.nextSend(400, 99)).toEqual({ at: 99 + PROBE_GAP_MS, probe: true });
	});

	it('rule 4: held back, a process probes beyond its budget; accepted, the budget grows to what the window holds', () => {
		const budget = new WindowBudget(10);
		for (let t = 0; t < 10; t++) budget.recordSend(t, false);
		budget.settle({ at: 5 }, true, 20); // cut to 7 (its send freed a slot: 9 held)
		expect(budget.budget).toBe(7);
		const probe = budget.nextSend(30_000, 10);
		expect(probe).toEqual({ at: 10 + PROBE_GAP_MS, probe: true }); // due already: it leaves now
		budget.recordSend(30_000, true);
		expect(budget.probing).toBe(true);
		budget.settle({ at: 30_000, probe: true }, false, 30_100);
		expect(budget.probing).toBe(false);
		expect(budget.budget).toBe(10);
	});

	it('rule 4: after a pause, a probe waits for a quiet moment as after a send', async () => {
		// 10 sent, the last answered 429: the budget is cut to 7 (0.7 x 10; 9 held).
		const clock = new TestClock({ sleep: 'scheduled' });
		const start = clock.now();
		const pacer = new Pacer(10, () => clock);
		for (let n = 0; n < 10; n++) pacer.settle(await clock.run(pacer.acquire()), n === 9);
		// The 429 asked to wait 20 s: every caller waits, and the account's window opens then.
		pacer.pause(start + 20_000);
		const probe = await clock.run(pacer.acquire());
		expect(probe.probe).toBe(true);
		// Not when the pause ends, when the others send too, but PROBE_GAP_MS after it.
		expect(probe.at - start).toBe(20_000 + PROBE_GAP_MS);
	});

	it('rule 2: a new limit applies at once to a process at the old one', () => {
		const budget = new WindowBudget(200);
		budget.setLimit(50);
		expect(budget.budget).toBe(50);
	});
});

/** `n` more requests may leave `gate` at `now` (each is started), and then not one more. */
function expectRoomFor(gate: InFlightGate, now: number, n: number): void {
	for (let i = 0; i < n; i++) {
		expect(gate.allows(now, 200, -Infinity)).toBe(true);
		gate.started();
	}
	expect(gate.allows(now, 200, -Infinity)).toBe(false);
}

/** A gate past its warm-up answer (2 s) that has then seen one answer of 600 ms, at 2.6 s. */
function gateKnowing600Ms(): InFlightGate {
	const gate = new InFlightGate();
	gate.started();
	gate.finished(0, 2_000); // warm-up
	gate.started();
	gate.finished(2_000, 2_600);
	return gate;
}

describe('InFlightGate (rule 5)', () => {
	it('one at a time until an answer time is known, not counting the first answer (warm-up)', () => {
		const gate = new InFlightGate();
		expect(gate.allows(0, 200, -Infinity)).toBe(true);
		gate.started();
		expect(gate.allows(0, 200, -Infinity)).toBe(false);
		gate.finished(0, 2_000); // the first answer: warm-up, not a sample
		gate.started();
		gate.finished(2_000, 2_600);
		// 600 ms answers, budget 200: 200 sends in 5 s want ceil(600 * 200 / 5000) = 24 in flight.
		expectRoomFor(gate, 3_000, 24);
	});

	it('a window without answers keeps the answer time known before it', () => {
		const gate = gateKnowing600Ms();
		// Two quiet minutes (the next execution in this process): 600 ms is still what it knows.
		expectRoomFor(gate, 2_600 + 2 * WINDOW_MS, 24);
	});

	it('fewer in flight while answers show requests waiting in the process, back once they do not', () => {
		const gate = new InFlightGate();
		gate.started();
		gate.finished(0, 500); // warm-up
		gate.started();
		gate.finished(1_000, 1_100); // 100 ms alone: budget 200 wants ceil(100 * 200 / 5000) = 4
		expectRoomFor(gate, 2_000, 4);
		// 4 out, answered after 400 ms: about 3 of them waited (a busy event loop): one fewer per
		// such answer, counted from what is out.
		gate.finished(2_000, 2_400);
		gate.finished(2_000, 2_400);
		expect(gate.allows(2_400, 200, -Infinity)).toBe(false); // 2 out, 2 allowed
		gate.finished(2_000, 2_700); // 2 out, 700 ms: still waiting, down to one
		gate.finished(2_000, 2_700);
		expectRoomFor(gate, 2_700, 1);
		// Answers near the lowest time again: one more each, up to what the answer time wants.
		gate.finished(2_700, 2_810);
		expectRoomFor(gate, 2_810, 2);
		gate.finished(2_810, 2_920);
		gate.finished(2_810, 2_920);
		expectRoomFor(gate, 2_920, 4);
	});

	it('a steady slow answer time is travel, not waiting: 24 in flight stay', () => {
		const gate = gateKnowing600Ms();
		for (let round = 0; round < 3; round++) {
			const at = 3_000 + round * 1_000;
			expectRoomFor(gate, at, 24);
			for (let n = 0; n < 24; n++) gate.finished(at, at + 600 + (n % 3) * 50);
		}
	});

	it('never more than 25, and one at a time for three windows after a cut', () => {
		const gate = new InFlightGate();
		gate.started();
		gate.finished(0, 1);
		gate.started();
		gate.finished(1, 10_001); // 10 s answers
		for (let n = 0; n < 25; n++) gate.started();
		expect(gate.allows(10_002, 200, -Infinity)).toBe(false);
		const calm = new InFlightGate();
		expect(calm.allows(1_000, 200, 0)).toBe(true);
		calm.started();
		expect(calm.allows(1_000 + 3 * WINDOW_MS - 1, 200, 1_000)).toBe(false);
	});
});

describe('SendQueue (rule 6)', () => {
	it('serves callers in arrival order, one at a time', async () => {
		const queue = new SendQueue();
		const order: number[] = [];
		let release: () => void = () => undefined;
		const first = queue.take(async () => {
			await new Promise<void>((resolve) => (release = resolve));
			order.push(1);
		});
		const second = queue.take(async () => {
			order.push(2);
		});
		await Promise.resolve();
		expect(order).toEqual([]);
		release();
		await Promise.all([first, second]);
		expect(order).toEqual([1, 2]);
	});

	it('a pause holds until its latest end; the head of the queue wakes on an answer', async () => {
		const queue = new SendQueue();
		queue.pause(5_000);
		queue.pause(3_000);
		expect(queue.pausedUntil).toBe(5_000);
		let woke = false;
		const waiting = queue.waitForAnswer().then(() => (woke = true));
		await Promise.resolve();
		expect(woke).toBe(false);
		queue.wakeUp();
		await waiting;
		expect(woke).toBe(true);
	});
});

describe('Pacer: what never reached the service, Stop, and the clock (issue 26, points 3 and 5)', () => {
	it('a request that never reached the service gives its slot back at once', async () => {
		const clock = new TestClock({ sleep: 'scheduled' });
		const pacer = new Pacer(2, () => clock);
		const start = clock.elapsed();
		const first = await clock.run(pacer.acquire());
		pacer.release(first); // connection refused: nothing reached the service
		const second = await clock.run(pacer.acquire());
		pacer.settle(second, false);
		const third = await clock.run(pacer.acquire());
		pacer.settle(third, false);
		// Two slots were used by answered requests; the released one took none.
		expect(third.at).toBe(start);
		const fourth = await clock.run(pacer.acquire());
		expect(fourth.at).toBe(start + SLOT_HOLD_MS);
	});

	it('a stopped caller leaves the queue at once; the caller behind it is served when a slot frees', async () => {
		const clock = new TestClock({ sleep: 'scheduled' });
		const pacer = new Pacer(1, () => clock);
		const start = clock.elapsed();
		pacer.settle(await clock.run(pacer.acquire()), false);
		const stop = new AbortController();
		const stopped = pacer.acquire(stop.signal);
		const next = pacer.acquire();
		stop.abort();
		await expect(stopped).rejects.toThrow('The execution was stopped');
		const served = await clock.run(next);
		expect(served.at).toBe(start + SLOT_HOLD_MS);
		// The stopped caller never took the slot: one more caller waits a whole hold again.
		pacer.settle(served, false);
		expect((await clock.run(pacer.acquire())).at).toBe(start + 2 * SLOT_HOLD_MS);
	});

	it('a wall clock stepped back by an hour does not hold the requests', async () => {
		const clock = new TestClock({ sleep: 'scheduled' });
		const pacer = new Pacer(1, () => clock);
		const start = clock.elapsed();
		pacer.settle(await clock.run(pacer.acquire()), false);
		clock.stepWallClock(-3_600_000);
		await clock.run(pacer.acquire());
		expect(clock.elapsed()).toBe(start + SLOT_HOLD_MS);
	});
});
