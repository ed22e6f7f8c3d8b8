/**
 * `npm run bench`: speed and memory figures of the nodes against the local sandbox with its
 * real limit of 200 requests per minute. Prints the figures; asserts nothing (timings are for
 * people to read, on a machine that may be busy).
 *
 *   (a) one execution adding 500 contacts, answers instant and 600 ms, each with Look Up Contact
 *       (the default: its searches and the ids it found) and without it (the pacing alone)
 *   (d) 100 adds with Wait for Processing, the sandbox processing each contact for 20 s
 *   (b) Search Return All over 10,000 contacts (page cap 100), answers instant and 600 ms
 *   (c) the New Contact trigger on accounts of 1,000 to 100,000 new contacts a day, each page
 *       cap and result order, on the simulated service and a virtual clock (benchTrigger.ts;
 *       `npm run bench -- trigger`, or `c`)
 *   (memory) the peak heap of Search Return All over 50,000 enriched contacts, Simplify on and
 *            off (benchMemory.ts; not in the default run: `npm run bench -- memory`)
 *   (workers) 1, 2 and 4 (or the given) separate n8n processes sharing one key, 300 adds each
 *             and 1,200 in all at most (8 processes: 150 each) (real n8n 2.x; not in the
 *             default run: `npm run bench -- workers 8`)
 *
 * The yardstick of throughput is the minimum a sliding 60 s window allows:
 * (ceil(n / limit) - 1) * 60 s plus one answer's latency, not n / limit minutes.
 */
/* eslint-disable no-console, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- a benchmark script, not shipped */
// First: n8n-core reads where to keep its settings when it is first imported.
import '../harness/n8nUserFolder';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { testHooks } from '../nodes/OutreachContact/testHooks';
import { startSandbox, type Sandbox } from '../sandbox/server';
import {
	chain,
	itemsNode,
	manualTriggerNode,
	outreachNode,
	runWorkflow,
} from '../harness/n8nHarness';
import { atTheService, minimumMs, seconds } from './benchFigures';
import { benchImport } from './benchImport';
import { benchMemory } from './benchMemory';
import { searchAllWorkflow } from './benchWorkflows';
import { benchEligible } from './benchEligible';
import { benchTrigger } from './benchTrigger';
import { benchWorkers } from './benchWorkers';
import { MemoryPeak } from './memoryPeak';

const LIMIT_PER_MINUTE = 200;

function credentialsFor(sandbox: Sandbox) {
	return { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey };
}

async function benchAdd(latencyMs: number, lookUp: boolean): Promise<void> {
	testHooks.resetPacers();
	const sandbox = await startSandbox({ rateLimit: LIMIT_PER_MINUTE, latencyMs });
	try {
		const emails = Array.from({ length: 500 }, (_, i) => ({ email: `bench${i}@example.com` }));
		sandbox.stats.log = [];
		const started = Date.now();
		const { outputOf } = await runWorkflow(
			{
				nodes: [
					manualTriggerNode(),
					itemsNode('Items', emails),
					{
						...outreachNode('Add', {
							resource: 'contact',
							operation: 'add',
							email: '={{ $json.email }}',
							sequenceId: { __rl: true, mode: 'id', value: '101' },
							playbookId: { __rl: true, mode: 'id', value: '201' },
							options: { lookUpContact: lookUp },
						}),
						continueOnFail: true,
					},
				],
				connections: chain('Manual', 'Items', 'Add'),
			},
			{ credentials: credentialsFor(sandbox) },
		);
		const wall = Date.now() - started;
		const log = sandbox.stats.log ?? [];
		const elapsed = atTheService(log);
		const first = Math.min(...log.map((r) => r.at));
		const adds = log.filter((r) => r.route === 'POST /contact/');
		const firstAdd = Math.min(...adds.map((r) => r.at)) - first;
		const lastAdd = Math.max(...adds.map((r) => r.answeredAt)) - first;
		// BENCH_LOG=<folder> keeps each run's request log (arrival and answer of every request).
		if (process.env.BENCH_LOG)
			writeFileSync(
				path.join(process.env.BENCH_LOG, `a-${latencyMs}ms-lookup-${lookUp ? 'on' : 'off'}.json`),
				JSON.stringify(
					log.map((r) => ({ ...r, at: r.at - first, answeredAt: r.answeredAt - first })),
				),
			);
		const out = outputOf('Add');
		// The look-up's searches before and after the adds each wait for one answer more.
		const minimum =
			minimumMs(emails.length, LIMIT_PER_MINUTE, latencyMs) + (lookUp ? 2 * latencyMs : 0);
		const averageRate = (emails.length / LIMIT_PER_MINUTE) * 60_000;
		const failed = out.filter((item) => item.json.error !== undefined).length;
		const inOrder =
			out.length === emails.length && out.every((item, i) => item.json.email === emails[i].email);
		const requests = sandbox.stats.requests;
		const searches = sandbox.stats.byPath['POST /contact/search/'] ?? 0;
		const bound = emails.length + 2 * Math.ceil(emails.length / 100);
		const idsRight = out.filter(
			(item, i) => item.json.id === sandbox.store.findContactInSequence(101, emails[i].email)?.id,
		).length;
		console.log(
			`(a) add 500 contacts, answers ${latencyMs} ms, Look Up Contact ${lookUp ? 'on' : 'off'}`,
		);
		console.log(
			`    at the service ${seconds(elapsed)} (first request to last answer; the execution ${seconds(wall)}); minimum the window allows ${seconds(minimum)}: ratio minimum/actual ${(minimum / elapsed).toFixed(3)} (at the average rate of ${LIMIT_PER_MINUTE}/min: ${seconds(averageRate)}, ratio ${(averageRate / elapsed).toFixed(3)})`,
		);
		console.log(
			`    first add at ${seconds(firstAdd)}, last add answered at ${seconds(lastAdd)}, last answer at ${seconds(elapsed)}`,
		);
		console.log(
			`    requests ${requests}, 429s ${sandbox.stats.rateLimited} (${((100 * sandbox.stats.rateLimited) / requests).toFixed(2)} %), items failed ${failed}, contacts created ${sandbox.stats.contactsCreated}, output in input order: ${inOrder ? 'yes' : 'NO'}, peak in flight ${sandbox.stats.peakInFlight}`,
		);
		if (lookUp)
			console.log(
				`    Look Up Contact: ${searches} searches, ${requests} requests in all (bound 500 + 2 x ceil(500 / 100) = ${bound}); ids right ${idsRight} of ${emails.length}`,
			);
	} finally {
		await sandbox.close();
	}
}

/** (d) Wait for Processing: 100 adds, each contact processed 20 s after its add. */
async function benchWait(): Promise<void> {
	testHooks.resetPacers();
	const processingMs = 20_000;
	const sandbox = await startSandbox({ rateLimit: LIMIT_PER_MINUTE, processingMs });
	try {
		const emails = Array.from({ length: 100 }, (_, i) => ({
			email: `wait${i}@example.com`,
			enrich: i % 2 === 0,
		}));
		const started = Date.now();
		const { outputOf } = await runWorkflow(
			{
				nodes: [
					manualTriggerNode(),
					itemsNode('Items', emails),
					{
						...outreachNode('Add', {
							resource: 'contact',
							operation: 'add',
							email: '={{ $json.email }}',
							sequenceId: { __rl: true, mode: 'id', value: '101' },
							playbookId: { __rl: true, mode: 'id', value: '201' },
							additionalFields: {
								doEnrichment: '={{ $json.enrich }}',
								pronetHandle: '={{ $json.email.split("@")[0] }}',
							},
							options: { waitForProcessing: true },
						}),
						continueOnFail: true,
					},
				],
				connections: chain('Manual', 'Items', 'Add'),
			},
			{ credentials: credentialsFor(sandbox) },
		);
		const elapsed = Date.now() - started;
		const out = outputOf('Add');
		const withSnippets = out.filter(
			(item) => Object.keys((item.json.sentence_fields ?? {}) as object).length > 0,
		).length;
		const enriched = out.filter((item) => item.json.is_enriched === true).length;
		const searches = sandbox.stats.byPath['POST /contact/search/'] ?? 0;
		console.log(
			`(d) 100 adds with Wait for Processing (half with Enrich Contact), the sandbox processing each for ${seconds(processingMs)}`,
		);
		console.log(
			`    wall time ${seconds(elapsed)}; out with snippets ${withSnippets} of 100, enriched ${enriched} of 50, failed ${out.filter((item) => item.json.error !== undefined).length}`,
		);
		console.log(
			`    requests ${sandbox.stats.requests}: 100 adds, ${searches} searches (one per round for all, one for those waiting for enrichment, plus the look-up before)`,
		);
	} finally {
		await sandbox.close();
	}
}

async function benchSearch(latencyMs: number): Promise<void> {
	testHooks.resetPacers();
	const total = 10_000;
	const cap = 100;
	const sandbox = await startSandbox({
		rateLimit: LIMIT_PER_MINUTE,
		latencyMs,
		maxPageSize: cap,
		seedContacts: total,
	});
	try {
		const memory = new MemoryPeak();
		const started = Date.now();
		const { outputOf } = await runWorkflow(searchAllWorkflow(false), {
			credentials: credentialsFor(sandbox),
		});
		const elapsed = Date.now() - started;
		const peak = memory.stop();
		const found = outputOf('Search').length;
		const minimum = Math.ceil(total / cap);
		console.log(
			`(b) search Return All over ${total} contacts, page cap ${cap}, answers ${latencyMs} ms`,
		);
		console.log(
			`    contacts out ${found}, requests ${sandbox.stats.requests} (minimum ${minimum}), 429s ${sandbox.stats.rateLimited}, peak in flight ${sandbox.stats.peakInFlight}`,
		);
		console.log(
			`    wall time ${seconds(elapsed)}, peak heap growth ${peak.heapMb.toFixed(0)} MB, peak RSS ${peak.rssMb.toFixed(0)} MB`,
		);
	} finally {
		await sandbox.close();
	}
}

async function main(): Promise<void> {
	const only = process.argv.slice(2);
	const wanted = (name: string) =>
		(only.length === 0 && !['workers', 'memory', 'oldest'].includes(name)) || only.includes(name);
	console.log(
		`Benchmarks on ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
	);
	if (wanted('a')) {
		await benchAdd(0, false);
		await benchAdd(0, true);
		await benchAdd(600, false);
		await benchAdd(600, true);
	}
	if (wanted('b')) {
		await benchSearch(0);
		await benchSearch(600);
	}
	if (wanted('c') || wanted('trigger')) {
		await benchTrigger(LIMIT_PER_MINUTE);
		await benchEligible(LIMIT_PER_MINUTE, 'contactSnippetsReady');
		await benchEligible(LIMIT_PER_MINUTE, 'contactEnriched');
	}
	if (wanted('oldest') && !wanted('trigger') && !wanted('c'))
		await benchTrigger(LIMIT_PER_MINUTE, ['oldest']);
	if (wanted('import')) await benchImport();
	if (wanted('d')) await benchWait();
	if (wanted('memory')) await benchMemory();
	if (wanted('workers')) {
		const counts = only.map(Number).filter((n) => Number.isInteger(n) && n > 0);
		await benchWorkers(LIMIT_PER_MINUTE, counts.length > 0 ? counts : undefined);
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
