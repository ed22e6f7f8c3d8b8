/**
 * The child process of `npm run bench -- memory` (benchMemory.ts): runs one Search with Return
 * All through n8n-core against the sandbox the parent runs, and prints its memory figures as
 * one line of JSON. Run with node --expose-gc, so that the heap is measured after collections.
 *   node --expose-gc benchMemoryRun.js <baseUrl> <apiKey> <simplify: on|off>
 */
/* eslint-disable no-console, @n8n/community-nodes/no-restricted-globals -- a benchmark script, not shipped */
// First: n8n-core reads where to keep its settings when it is first imported.
import '../harness/n8nUserFolder';
import { runWorkflow } from '../harness/n8nHarness';
import { searchAllWorkflow } from './benchWorkflows';
import { MemoryPeak } from './memoryPeak';

export interface MemoryRunResult {
	heapMb: number;
	rssMb: number;
	out: number;
	/** The most fields an output item has (Simplify: at most 10). */
	fields: number;
	ms: number;
}

async function main(): Promise<void> {
	const [baseUrl, apiKey, simplify] = process.argv.slice(2);
	const memory = new MemoryPeak({ collect: true });
	const started = performance.now();
	const { outputOf } = await runWorkflow(searchAllWorkflow(simplify === 'on'), {
		credentials: { baseUrl, apiKey },
	});
	const ms = performance.now() - started;
	const peak = memory.stop();
	const out = outputOf('Search');
	const result: MemoryRunResult = {
		...peak,
		out: out.length,
		fields: Math.max(0, ...out.map((item) => Object.keys(item.json).length)),
		ms,
	};
	console.log(JSON.stringify(result));
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
