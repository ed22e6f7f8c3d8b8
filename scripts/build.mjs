#!/usr/bin/env node
/**
 * `npm run build`: `n8n-node build`, then the icon tasks of gulpfile.js. When the output is not a
 * terminal (CI logs, `npm run demo`, a pipe), n8n-node's spinner is told so (CI=true) and prints
 * one line per step instead of animation frames.
 */
import { spawnSync } from 'node:child_process';

const env = process.stdout.isTTY ? process.env : { ...process.env, CI: 'true' };
for (const [command, args] of [
	['n8n-node', ['build']],
	['gulp', ['build:icons']],
]) {
	const run = spawnSync(command, args, { stdio: 'inherit', env });
	if (run.error) throw run.error;
	if (run.status !== 0) process.exit(run.status ?? 1);
}
