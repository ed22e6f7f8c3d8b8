/**
 * Issue 26, points 3 and 4, over real HTTP through n8n-core: Stop (n8n-core's own cancellation,
 * the execution's cancel signal) frees the account at once, and an account whose service cannot
 * be reached fails its items within one retry budget instead of one budget per item. The
 * package and the sandbox share a clock that jumps over every wait.
 */
import type { IDataObject } from 'n8n-workflow';

import { contactAddParameters, nodeWorkflow, runWorkflow } from '../../harness/n8nHarness';
import { sandboxOnTestClock } from '../support/sandboxClock';
import { closedPortUrl, droppingServer } from '../support/unreachableServers';

jest.setTimeout(60_000);

const GET_ROUTE = 'GET /contact/<id>/';
const HOLD_MS = 60_500;

const env = sandboxOnTestClock({ start: Date.UTC(2026, 10, 25, 9, 0, 0), random: () => 0.5 });
beforeEach(() => {
	env.sandbox.stats.log = [];
});

/** `items` empty items into Contact → Get of `contactId`. */
function getWorkflow(items: number, continueOnFail = false, contactId = 5) {
	return nodeWorkflow(
		{ resource: 'contact', operation: 'get', contactId: String(contactId) },
		{ items: Array.from({ length: items }, () => ({})), continueOnFail },
	);
}

describe('Stop', () => {
	it('sends nothing after the stop, takes no slot, and the next execution is served as soon as the account has room', async () => {
		const { id } = env.sandbox.store.addContact({
			email: 'a@example.com',
			sequence_id: 101,
			created_date: env.clock.now(),
		});
		const credentials = {
			baseUrl: env.sandbox.baseUrl,
			apiKey: env.sandbox.apiKey,
			requestsPerMinute: 3,
		};
		let stop: (() => void) | undefined;
		let stoppedAt: number | undefined;
		// The stop comes as the service answers the third request: the account is full (3 per
		// minute), and the other seven items wait for room at the account's pacer.
		const log = env.sandbox.stats.log!;
		const record = log.push.bind(log);
		log.push = (...records) => {
			const length = record(...records);
			if (length === 3) {
				stoppedAt = env.clock.now();
				stop?.();
			}
			return length;
		};
		const first = await runWorkflow(getWorkflow(10, false, id), {
			credentials,
			onStart: (s) => (stop = s),
		});
		expect(stoppedAt).toBeDefined();
		expect(first.run.status).toBe('canceled');
		expect(log.map((r) => r.route)).toEqual([GET_ROUTE, GET_ROUTE, GET_ROUTE]);
		expect(log.every((r) => r.at <= stoppedAt!)).toBe(true);

		// A second execution of the account waits for the first free slot only: the stopped
		// items left the queue and took none.
		const second = await runWorkflow(getWorkflow(1, false, id), { credentials });
		expect(second.errorOf('Node')?.message).toBeUndefined();
		expect(second.outputOf('Node')).toHaveLength(1);
		expect(log).toHaveLength(4);
		expect(log[3].at).toBe(log[0].answeredAt + HOLD_MS);
	});

	it('stops Wait for Processing between its rounds: no search after the stop', async () => {
		env.sandbox.settings.processingMs = 3_600_000;
		const credentials = { baseUrl: env.sandbox.baseUrl, apiKey: env.sandbox.apiKey };
		let stop: (() => void) | undefined;
		let stoppedAt: number | undefined;
		let waitsBefore = 0;
		env.clock.onSleep = (ms) => {
			// The second round's wait: the add, its look-up and one round of searches are done.
			if (stoppedAt === undefined && ms >= 3_000 && ms < 60_000) {
				stoppedAt = env.clock.now();
				waitsBefore = env.clock.sleeps.length;
				stop?.();
			}
		};
		const workflow = nodeWorkflow(
			contactAddParameters('wait@example.com', { options: { waitForProcessing: true } }),
		);
		const result = await runWorkflow(workflow, { credentials, onStart: (s) => (stop = s) });
		expect(stoppedAt).toBeDefined();
		expect(result.run.status).toBe('canceled');
		expect(env.sandbox.stats.log!.filter((r) => r.at > stoppedAt!)).toEqual([]);
		// The wait itself ended with the stop: no round waited out after it.
		expect(env.clock.sleeps).toHaveLength(waitsBefore);
	});
});

describe('An unreachable account fails fast', () => {
	const ITEMS = 2_000;

	function errors(result: Awaited<ReturnType<typeof runWorkflow>>): IDataObject[] {
		return result.outputOf('Node').map((item) => item.json);
	}

	it('2,000 items against a refused connection: every item carries the error, no slot is held', async () => {
		const baseUrl = await closedPortUrl();
		const start = env.clock.now();
		const result = await runWorkflow(getWorkflow(ITEMS, true), {
			credentials: { baseUrl, apiKey: 'key-1234', maxAttempts: 3, maxRetryWaitSeconds: 20 },
		});
		const out = errors(result);
		expect(out).toHaveLength(ITEMS);
		expect(new Set(out.map((json) => String(json.error).replace(/ \[item \d+\]$/, '')))).toEqual(
			new Set(['Could not reach the service (ECONNREFUSED)']),
		);
		// No wait for a slot: a refused connection never reached the service.
		expect(env.clock.now() - start).toBeLessThan(HOLD_MS);
	});

	it('2,000 items against dropped connections: one retry budget in all, and the waiting items fail with the same error', async () => {
		const server = await droppingServer();
		try {
			const start = env.clock.now();
			const result = await runWorkflow(getWorkflow(ITEMS, true), {
				credentials: {
					baseUrl: server.url,
					apiKey: 'key-1234',
					maxAttempts: 3,
					maxRetryWaitSeconds: 20,
				},
			});
			const out = errors(result);
			expect(out).toHaveLength(ITEMS);
			const messages = new Set(out.map((json) => String(json.error).replace(/ \[item \d+\]$/, '')));
			expect(messages).toEqual(
				new Set(['The connection to the service failed (ECONNRESET) after 3 attempts']),
			);
			// Within Max Retry Wait (20 s) plus the slot holds of the dropped requests that may have
			// reached the service, not one budget per item (2,000 x 3 attempts).
			expect(server.connections()).toBeLessThan(100);
			expect(env.clock.now() - start).toBeLessThanOrEqual(20_000 + HOLD_MS);
		} finally {
			await server.close();
		}
	});
});
