/* eslint-disable no-console -- a benchmark script, not shipped */
import type { IDataObject } from 'n8n-workflow';

import { testHooks } from '../nodes/OutreachContact/testHooks';
import { startSandbox } from '../sandbox/server';
import { pollOnce, triggerNode } from '../harness/n8nHarness';
import { MemoryPeak } from './memoryPeak';

/** (c) one trigger poll with 5,000 new contacts in the window. */
export async function benchTrigger(limitPerMinute: number): Promise<void> {
	testHooks.resetLimiters();
	const total = 5_000;
	const cap = 100;
	const sandbox = await startSandbox({ rateLimit: limitPerMinute, maxPageSize: cap });
	try {
		const credentials = { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey };
		const node = triggerNode('New Contact', { event: 'newContact', simplify: true });
		const staticData: IDataObject = {};
		await pollOnce(node, { credentials, staticData });
		const after = Date.now() + 1_000;
		for (let i = 0; i < total; i++) {
			sandbox.store.addContact({ email: `burst${i}@example.com`, sequence_id: 101 + (i % 5), created_date: after + i });
		}
		sandbox.stats.reset();
		const memory = new MemoryPeak();
		const started = Date.now();
		const { items } = await pollOnce(node, { credentials, staticData });
		const elapsed = Date.now() - started;
		const peak = memory.stop();
		console.log(`(c) one trigger poll with ${total} new contacts in the window, page cap ${cap}`);
		console.log(`    emitted ${items.length} (the per-poll maximum; the rest follow in later polls), requests ${sandbox.stats.requests} (pages ${Math.ceil(total / cap)}), 429s ${sandbox.stats.rateLimited}`);
		console.log(`    wall time ${(elapsed / 1000).toFixed(1)} s, peak heap growth ${peak.heapMb.toFixed(0)} MB, trigger state ${JSON.stringify(staticData).length} bytes`);
	} finally {
		await sandbox.close();
	}
}
