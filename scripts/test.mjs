#!/usr/bin/env node
/**
 * `npm test`: the type check (`tsc -p tsconfig.test.json`, everything the tests and the nodes
 * compile from) and jest, side by side. jest only transpiles (isolatedModules), so the type check
 * is what catches a type error; running it beside jest instead of before it puts it into the
 * moments a jest worker waits for the last test files. Exits non-zero when either fails, with
 * tsc's errors printed after jest's summary. Arguments go to jest (`npm test -- <file>`).
 */
import { spawn } from 'node:child_process';

const run = (command, args, stdio) =>
	new Promise((done) => {
		const child = spawn(command, args, { stdio });
		let output = '';
		child.stdout?.on('data', (chunk) => (output += chunk));
		child.stderr?.on('data', (chunk) => (output += chunk));
		child.on('error', (error) => done({ code: 1, output: String(error) }));
		child.on('close', (code) => done({ code: code ?? 1, output }));
	});

const typeCheck = run('tsc', ['-p', 'tsconfig.test.json'], ['ignore', 'pipe', 'pipe']);
const jest = await run('jest', process.argv.slice(2), 'inherit');
const tsc = await typeCheck;
if (tsc.code !== 0) {
	process.stderr.write(`\nThe type check failed (tsc -p tsconfig.test.json):\n${tsc.output}\n`);
}
process.exit(jest.code !== 0 ? jest.code : tsc.code);
