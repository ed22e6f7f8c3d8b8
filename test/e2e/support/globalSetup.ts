/* eslint-disable @n8n/community-nodes/no-restricted-imports, no-console -- e2e test code, not shipped: it checks the build with fs and prints what it installs */
/**
 * jest globalSetup of the e2e suite: the package must be built, and the selected n8n versions are
 * installed (in parallel, into the cache outside the repository) before any test starts, so that
 * the install time does not count against test timeouts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { e2eCacheDir, installN8n, N8N_TARGETS, targetFromEnv } from '../../../harness/n8n/install';
import { REPO_ROOT } from '../../../harness/n8n/n8n';

/** Throws unless every file package.json's `n8n` attribute lists was built into dist/. */
export function assertPackageBuilt(): void {
	const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
		n8n: { nodes: string[]; credentials: string[] };
	};
	const missing = [...manifest.n8n.nodes, ...manifest.n8n.credentials].filter(
		(file) => !existsSync(join(REPO_ROOT, file)),
	);
	if (missing.length > 0)
		throw new Error(
			`The package is not built (missing ${missing.join(', ')}): run npm run build first`,
		);
}

export default async function globalSetup(): Promise<void> {
	assertPackageBuilt();

	const targets = Object.values(N8N_TARGETS).filter((target) =>
		targetFromEnv(target.label as '2.x' | '1.x'),
	);
	const started = Date.now();
	console.log(
		`\n[e2e] n8n cache: ${e2eCacheDir()}; versions: ${targets.map((t) => t.version).join(', ')}`,
	);
	await Promise.all(targets.map((target) => installN8n(target)));
	console.log(`[e2e] installs ready after ${Math.round((Date.now() - started) / 1000)} s`);
}
