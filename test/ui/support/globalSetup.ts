/* eslint-disable @n8n/community-nodes/no-restricted-imports, no-console -- UI test code, not shipped: it checks the build and Chromium with fs and prints what it installs */
/**
 * jest globalSetup of the UI test: the package must be built, Chromium must be there, and n8n
 * 2.x is installed into the e2e cache (see test/e2e/support/install.ts) before the test starts,
 * so that a cold install does not count against its timeouts.
 */
import { existsSync } from 'node:fs';

import { assertPackageBuilt } from '../../e2e/support/globalSetup';
import { e2eCacheDir, installN8n, N8N_TARGETS } from '../../../harness/n8n/install';
import { CHROMIUM_PATH } from './browser';

export default async function globalSetup(): Promise<void> {
	assertPackageBuilt();
	if (!existsSync(CHROMIUM_PATH))
		throw new Error(
			`No Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROMIUM_PATH)`,
		);

	const started = Date.now();
	console.log(`\n[ui] n8n cache: ${e2eCacheDir()}; version ${N8N_TARGETS['2.x'].version}`);
	await installN8n(N8N_TARGETS['2.x']);
	console.log(`[ui] n8n ready after ${Math.round((Date.now() - started) / 1000)} s`);
}
