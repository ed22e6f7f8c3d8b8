/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-require-imports -- test code, not shipped: it lists the folder and requires each file */
/**
 * The property test's regressions (test/property/regressions/, a file per idea), run as one jest
 * file: every case drives the trigger through n8n-core, and loading n8n-core and n8n-workflow
 * costs about a second in each file jest runs (2026-12-01, one worker: the 26 files one by one
 * took 51.6 s of CPU, as one file 24.8 s). jest.config.js leaves the folder to this file, which
 * requires every `*.test.ts` in it: a new file there runs without a change here. One case:
 * `npx jest test/property/regressions.test.ts -t '<its name>'`.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const folder = join(__dirname, 'regressions');
for (const file of readdirSync(folder).sort()) {
	if (file.endsWith('.test.ts')) require(join(folder, file));
}
