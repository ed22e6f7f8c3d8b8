/**
 * Per-account pacing, by virtual time: many concurrent requests through real n8n-core
 * execute contexts never put more than the limit into one 60 s window, and a 429 seen by
 * one caller holds back every caller of the account until its Retry-After has passed.
 */
import nock from 'nock';

import { getContact } from '../../../nodes/OutreachContact/transport/api';
import { Pacer } from '../../../nodes/OutreachContact/transport/pacer';
import { callInNode } from '../../../harness/n8nHarness';
import { busiestMinute } from '../../../harness/pacingWindow';
import { useVirtualClock } from '../../support/virtualTime';

// No test waits for real time (virtual clock); the margin is for slow, busy machines.
jest.setTimeout(20_000);

const API_KEY = 'sk-dummy-SECRET-1234567890';
const ORIGIN = 'https://outreach.test';
const BASE = `${ORIGIN}/api/v2`;

const time = useVirtualClock();
afterEach(() => jest.restoreAllMocks());

function serveContacts(times: number[], count: number) {
	nock(ORIGIN)
		.get(/^\/api\/v2\/contact\/\d+\/$/)
		.times(count)
		.reply(function (uri) {
			times.push(time.clock.now());
			const id = Number(/contact\/(\d+)\//.exec(uri)![1]);
			return [200, { data: { id, email: `c${id}@example.com` } }];
		});
}

const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);

describe('pacing', () => {
	it('100 concurrent requests at 30/min: no 60 s window holds more than 30', async () => {
		const times: number[] = [];
		serveContacts(times, 100);
		const out = await time.clock.run(
			callInNode(
				async (ctx) => await Promise.all(ids(100).map(async (id) => await getContact(ctx, id))),
				{ credentials: { baseUrl: BASE, apiKey: API_KEY, requestsPerMinute: 30 } },
			),
		);
		expect(out.threw).toBe(false);
		expect((out.value as Array<{ id: number }>).map((c) => c.id)).toEqual(ids(100));
		expect(times).toHaveLength(100);
		expect(busiestMinute(times)).toBeLessThanOrEqual(30);
		// Paced, not stalled: 100 requests at 30/min take a little over three minutes.
		const span = Math.max(...times) - Math.min(...times);
		expect(span).toBeGreaterThan(150_000);
		expect(span).toBeLessThan(240_000);
	});

	it('two executions with the same credential share one limit', async () => {
		const times: number[] = [];
		serveContacts(times, 80);
		const creds = { baseUrl: BASE, apiKey: API_KEY, requestsPerMinute: 30 };
		const run = (from: number) =>
			callInNode(
				async (ctx) =>
					await Promise.all(ids(40, from).map(async (id) => await getContact(ctx, id))),
				{ credentials: creds },
			);
		const [a, b] = await time.clock.run(Promise.all([run(1), run(1001)]));
		expect(a.threw || b.threw).toBe(false);
		expect(times).toHaveLength(80);
		expect(busiestMinute(times)).toBeLessThanOrEqual(30);
	});

	it('a different account (key) is paced separately', async () => {
		const times: number[] = [];
		serveContacts(times, 20);
		const run = (apiKey: string, from: number) =>
			callInNode(
				async (ctx) =>
					await Promise.all(ids(10, from).map(async (id) => await getContact(ctx, id))),
				{ credentials: { baseUrl: BASE, apiKey, requestsPerMinute: 10 } },
			);
		await time.clock.run(Promise.all([run(API_KEY, 1), run('sk-live-OTHER-0987654321', 101)]));
		// Ten each fit the burst of each account: all twenty leave at once.
		expect(new Set(times).size).toBe(1);
	});

	it('a 429 received by one caller pauses every caller until Retry-After has passed', async () => {
		type Event = { type: 'slot'; t: number } | { type: 'pause'; t: number; until: number };
		const events: Event[] = [];
		const acquire = Pacer.prototype.acquire;
		const pause = Pacer.prototype.pause;
		jest.spyOn(Pacer.prototype, 'acquire').mockImplementation(async function (this: Pacer) {
			const slot = await acquire.call(this);
			events.push({ type: 'slot', t: time.clock.now() });
			return slot;
		});
		jest.spyOn(Pacer.prototype, 'pause').mockImplementation(function (this: Pacer, until) {
			events.push({ type: 'pause', t: time.clock.now(), until });
			pause.call(this, until);
		});

		const sends: Array<{ id: number; t: number; status: number }> = [];
		let limited = false;
		nock(ORIGIN)
			.get(/^\/api\/v2\/contact\/\d+\/$/)
			.times(31)
			.reply(function (uri) {
				const id = Number(/contact\/(\d+)\//.exec(uri)![1]);
				if (id === 3 && !limited) {
					limited = true;
					sends.push({ id, t: time.clock.now(), status: 429 });
					return [429, { detail: 'Too many requests' }, { 'Retry-After': '30' }];
				}
				sends.push({ id, t: time.clock.now(), status: 200 });
				return [200, { data: { id, email: `c${id}@example.com` } }];
			});

		const out = await time.clock.run(
			callInNode(
				async (ctx) => await Promise.all(ids(30).map(async (id) => await getContact(ctx, id))),
				{ credentials: { baseUrl: BASE, apiKey: API_KEY, requestsPerMinute: 30 } },
			),
		);
		expect(out.threw).toBe(false);
		expect(sends).toHaveLength(31);

		const pauseAt = events.findIndex((e) => e.type === 'pause');
		expect(pauseAt).toBeGreaterThanOrEqual(0);
		const paused = events[pauseAt] as Extract<Event, { type: 'pause' }>;
		expect(paused.until - paused.t).toBeGreaterThanOrEqual(30_000);
		expect(paused.until - paused.t).toBeLessThanOrEqual(30_250);

		// Callers were waiting when the 429 came in, and none of them got a slot before the end.
		const after = events.slice(pauseAt + 1).filter((e) => e.type === 'slot');
		expect(after.length).toBeGreaterThan(1);
		for (const slot of after) expect(slot.t).toBeGreaterThanOrEqual(paused.until);

		// The service saw the retried request 30 s (plus jitter) after it said 429.
		const first429 = sends.find((s) => s.status === 429)!;
		const retried = sends.find((s) => s.id === 3 && s.status === 200)!;
		expect(retried.t - first429.t).toBeGreaterThanOrEqual(30_000);
		// A rejected request takes no slot: the service never accepts more than the limit in a minute.
		expect(
			busiestMinute(sends.filter((s) => s.status === 200).map((s) => s.t)),
		).toBeLessThanOrEqual(30);
	});
});
