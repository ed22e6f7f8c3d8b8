#!/usr/bin/env node
/**
 * `npm test`: the type check (`tsc -p tsconfig.test.json`, everything the tests and the nodes
 * compile from) and jest, side by side. jest only transpiles (isolatedModules), so the type check
 * is what catches a type error; running it beside jest instead of before it puts it into the
 * moments a jest worker waits for the last test files. At the system's lowest priority, so that
 * it takes those moments and not a worker's: at the same priority it took about 20 s of npm
 * test's two minutes on 2 cores (2026-12-01: jest alone 104.6 s, beside tsc 124.6 s, beside tsc
 * at the lowest priority 106.4 s for the whole command). Exits non-zero when either fails, with
 * tsc's errors printed after jest's summary. Arguments go to jest (`npm test -- <file>`).
 */
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

/** The lowest priority the system gives: jest's workers first, the type check in their gaps. */
const LOWEST = 19;

const run = (command, args, stdio, priority) =>
	new Promise((done) => {
		const child = spawn(command, args, { stdio });
		if (priority !== undefined && child.pid !== undefined) {
			try {
				setPriority(child.pid, priority);
			} catch {
				// Not allowed here: it runs at the same priority as jest.
			}
		}
		let output = '';
		child.stdout?.on('data', (chunk) => (output += chunk));
		child.stderr?.on('data', (chunk) => (output += chunk));
		child.on('error', (error) => done({ code: 1, output: String(error) }));
		child.on('close', (code) => done({ code: code ?? 1, output }));
	});

const typeCheck = run('tsc', ['-p', 'tsconfig.test.json'], ['ignore', 'pipe', 'pipe'], LOWEST);
const jest = await run('jest', process.argv.slice(2), 'inherit');
const tsc = await typeCheck;
if (tsc.code !== 0) {
	process.stderr.write(`\nThe type check failed (tsc -p tsconfig.test.json):\n${tsc.output}\n`);
}
process.exit(jest.code !== 0 ? jest.code : tsc.code);
