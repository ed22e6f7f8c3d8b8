/* eslint-disable no-console -- a benchmark script, not shipped */
import type { IDataObject } from 'n8n-workflow';

import { pollOnce, triggerNode } from '../harness/n8nHarness';
import { testHooks } from '../nodes/OutreachContact/testHooks';
import type { Order } from '../sandbox/search';
import { startSandbox } from '../sandbox/server';
import { seededRandom, TestClock } from '../harness/testClock';
import { MemoryPeak } from './memoryPeak';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const median = (values: number[]) =>
	[...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * (c) the trigger as a user meets it: an account with 5,000 new contacts a day for two days, then
 * a few a minute, polled every minute for an hour of simulated time after activation. Prints, per
 * result order, the requests of the activation and of each later poll (median, max), the share
 * of a `limitPerMinute` account the polls use (first 30 minutes, and the whole hour with the full
 * walk that verifies the order), and the contacts emitted against those created.
 */
export async function benchTrigger(limitPerMinute: number): Promise<void> {
	for (const order of ['newest', 'oldest', 'unordered'] as Order[]) {
		const start = Date.UTC(2026, 10, 23, 9, 0, 0);
		const clock = new TestClock({ start, seed: 7 });
		const restoreClock = clock.install();
		testHooks.resetPacers();
		testHooks.forgetTriggerStates();
		const sandbox = await startSandbox({
			rateLimit: limitPerMinute,
			maxPageSize: 100,
			order,
			now: () => clock.now(),
		});
		try {
			for (let i = 0; i < 10_000; i++) {
				sandbox.store.addContact({
					email: `day${i}@example.com`,
					sequence_id: 101,
					created_date: start - 2 * DAY + i * (DAY / 5_000),
				});
			}
			const credentials = { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey };
			const node = triggerNode('New Contact', { event: 'newContact', simplify: true });
			const staticData: IDataObject = {};
			const random = seededRandom(11);
			const requestsOf = async () => {
				const before = sandbox.stats.requests;
				const { items } = await pollOnce(node, { credentials, staticData });
				return {
					requests: sandbox.stats.requests - before,
					ids: items.map((item) => Number(item.json.id)),
				};
			};

			const memory = new MemoryPeak();
			const activation = await requestsOf();
			const perPoll: number[] = [];
			const emitted: number[] = [];
			const created = new Set<number>();
			for (let minute = 1; minute <= 60; minute++) {
				const pollAt = start + minute * MINUTE;
				for (let n = 2 + Math.floor(random() * 3); n > 0; n--) {
					const at = pollAt - MINUTE + Math.floor(random() * (MINUTE - 1_000));
					created.add(
						sandbox.store.addContact({
							email: `m${minute}-${n}@example.com`,
							sequence_id: 101,
							created_date: at,
						}).id,
					);
				}
				clock.time = Math.max(clock.time, pollAt);
				const poll = await requestsOf();
				perPoll.push(poll.requests);
				emitted.push(...poll.ids);
			}
			const peak = memory.stop();
			const share = (requests: number[]) =>
				`${((100 * requests.reduce((a, b) => a + b, 0)) / (requests.length * limitPerMinute)).toFixed(2)} %`;
			const once = new Set(emitted);
			console.log(
				`(c) trigger every minute, ${order === 'unordered' ? 'unordered' : `${order} first`} results: 10,000 contacts in two days, then 2-4 a minute, page cap 100`,
			);
			if (order === 'unordered')
				console.log(
					'    (unordered: results in no order the trigger can use, so every poll reads the whole window)',
				);
			console.log(
				`    activation ${activation.requests} requests; later polls: median ${median(perPoll)}, max ${Math.max(...perPoll)} requests`,
			);
			console.log(
				`    share of a ${limitPerMinute}/min account at one poll a minute: first 30 min ${share(perPoll.slice(0, 30))}, whole hour ${share(perPoll)} (with the full walk that verifies the order)`,
			);
			console.log(
				`    emitted ${emitted.length} (${once.size} distinct) of ${created.size} created after activation, all of them: ${[...created].every((id) => once.has(id)) ? 'yes' : 'NO'}; peak heap growth ${peak.heapMb.toFixed(0)} MB, state ${JSON.stringify(staticData).length} bytes`,
			);
		} finally {
			await sandbox.close();
			restoreClock();
		}
	}
}
