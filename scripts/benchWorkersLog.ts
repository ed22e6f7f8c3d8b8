/* eslint-disable no-console, @n8n/community-nodes/no-restricted-imports -- a benchmark script, not shipped */
/**
 * What each process of `bench workers` did, seen from the sandbox's request log: the sandbox
 * sees every request with its arrival time; the email in the body (`w<W>p<p>i<i>@...`) names the
 * process. Prints per process its execution start, first and last request and counts, then
 * every 60 s window (from the first request) with accepted/429 per process and the 429s' times,
 * and writes the whole log to a JSON file for closer study.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { RequestRecord } from '../sandbox/stats';

export function processOf(record: RequestRecord): number | undefined {
	const match = /^w\d+p(\d+)i\d+@/.exec(record.email ?? '');
	return match ? Number(match[1]) : undefined;
}

export function printWorkersLog(
	log: RequestRecord[],
	processes: number,
	starts: number[],
	stops: number[],
): void {
	const t0 = Math.min(...starts);
	const s = (ms: number) => ((ms - t0) / 1000).toFixed(2);
	const file = join(
		tmpdir(),
		`bench-workers-${processes}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
	);
	writeFileSync(file, JSON.stringify({ starts, stops, log }, null, 0));
	console.log(`    request log: ${file} (times below in s from the first execution's start)`);
	for (let p = 0; p < processes; p++) {
		const mine = log.filter((r) => processOf(r) === p);
		const ok = mine.filter((r) => r.status !== 429);
		const limited = mine.length - ok.length;
		console.log(
			`    p${p}: execution ${s(starts[p])}..${s(stops[p])}, requests ${s(mine[0]?.at ?? NaN)}..${s(mine[mine.length - 1]?.at ?? NaN)}, ${ok.length} ok, ${limited} x 429`,
		);
	}
	const first = Math.min(...log.map((r) => r.at));
	const last = Math.max(...log.map((r) => r.at));
	for (let from = first; from <= last; from += 60_000) {
		const inWindow = log.filter((r) => r.at >= from && r.at < from + 60_000);
		const per = Array.from({ length: processes }, (_, p) => {
			const mine = inWindow.filter((r) => processOf(r) === p);
			return `p${p} ${mine.filter((r) => r.status !== 429).length}/${mine.filter((r) => r.status === 429).length}`;
		});
		const limited = inWindow
			.filter((r) => r.status === 429)
			.map((r) => `${s(r.at)}:p${processOf(r) ?? '?'}`);
		console.log(`    window ${s(from)}: ${per.join('  ')}  429s at ${limited.join(' ') || '-'}`);
	}
}
