/* eslint-disable @n8n/community-nodes/no-restricted-imports, no-console -- UI test code, not shipped: it checks the build and Chromium with fs and prints what it installs */
/**
 * jest globalSetup of the UI test: the package must be built, Chromium must be there, and n8n
 * 2.x is installed into the e2e cache (see test/e2e/support/install.ts) before the test starts,
 * so that a cold install does not count against its timeouts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { e2eCacheDir, installN8n, N8N_TARGETS } from '../../e2e/support/install';
import { REPO_ROOT } from '../../e2e/support/n8n';
import { CHROMIUM_PATH } from './browser';

export default async function globalSetup(): Promise<void> {
	const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
		n8n: { nodes: string[]; credentials: string[] };
	};
	const missing = [...manifest.n8n.nodes, ...manifest.n8n.credentials].filter(
		(file) => !existsSync(join(REPO_ROOT, file)),
	);
	if (missing.length > 0)
		throw new Error(`The package is not built (missing ${missing.join(', ')}): run npm run build first`);
	if (!existsSync(CHROMIUM_PATH))
		throw new Error(`No Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROMIUM_PATH)`);

	const started = Date.now();
	console.log(`\n[ui] n8n cache: ${e2eCacheDir()}; version ${N8N_TARGETS['2.x'].version}`);
	await installN8n(N8N_TARGETS['2.x']);
	console.log(`[ui] n8n ready after ${Math.round((Date.now() - started) / 1000)} s`);
}
