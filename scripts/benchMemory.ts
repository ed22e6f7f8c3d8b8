/* eslint-disable no-console, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a benchmark script, not shipped: it starts a child process */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

import { startSandbox } from '../sandbox/server';
import type { MemoryRunResult } from './benchMemoryRun';
import { seconds } from './benchFigures';

const CONTACTS = 50_000;
const PAGE_CAP = 1_000;

/**
 * (memory) Search with Return All over 50,000 enriched contacts (every one with its contact and
 * company enrichment data), Simplify on and off: the peak heap of the node's run. The sandbox
 * runs here, without a rate limit and with pages of up to 1,000; the workflow runs in n8n-core
 * in a child process started with --expose-gc (benchMemoryRun.ts), whose heap holds only the
 * run: its peak is taken after a full collection at every sample, above the heap before the run.
 */
export async function benchMemory(): Promise<void> {
	const sandbox = await startSandbox({ rateLimit: 0, maxPageSize: PAGE_CAP });
	try {
		for (let n = 1; n <= CONTACTS; n++) {
			sandbox.store.addContact({
				email: `memory${n}@example.com`,
				sequence_id: 101 + (n % 5),
				pronet_handle: `https://www.pronet.example/in/memory-contact-${n}/`,
				do_enrichment: true,
				custom_fields: { company: `Company ${n}` },
				created_date: Date.UTC(2026, 10, 1) - n * 60_000,
			});
		}
		for (const simplify of ['on', 'off']) {
			const before = sandbox.stats.requests;
			const { stdout } = await promisify(execFile)(
				process.execPath,
				[
					'--expose-gc',
					path.join(__dirname, 'benchMemoryRun.js'),
					sandbox.baseUrl,
					sandbox.apiKey,
					simplify,
				],
				{ maxBuffer: 2 ** 20 },
			);
			const lines = stdout.trim().split('\n');
			const run = JSON.parse(lines[lines.length - 1]) as MemoryRunResult;
			console.log(
				`(memory) search Return All over ${CONTACTS} enriched contacts, page cap ${PAGE_CAP}, Simplify ${simplify}`,
			);
			console.log(
				`    peak heap of the run ${run.heapMb.toFixed(0)} MB (live, after a full collection), peak RSS of its process ${run.rssMb.toFixed(0)} MB; contacts out ${run.out}, at most ${run.fields} fields each, requests ${sandbox.stats.requests - before}, ${seconds(run.ms)}`,
			);
		}
	} finally {
		await sandbox.close();
	}
}
