/**
 * `npm run dev`: full n8n (2.x, the e2e suite's cached install) on http://127.0.0.1:5678 with
 * this package loaded, the sandbox of the service on http://127.0.0.1:4010/api/v2 beside it,
 * an "Outreach Sandbox" credential pointing at it and the demo workflow imported. n8n's data
 * stays in .n8n-dev/ between runs; the package is copied in fresh from dist/ at every start,
 * so rebuild and restart to try a change. Ctrl-C stops everything.
 */
/* eslint-disable no-console, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- a dev tool, not shipped */
import { join } from 'node:path';

import { startSandbox } from '../sandbox/server';
import { prepareN8n, SANDBOX_DUMMY_KEY } from '../harness/n8n/environment';
import { N8N_TARGETS } from '../harness/n8n/install';
import { importWorkflows, OWNER, REPO_ROOT, setupOwner, startN8n } from '../harness/n8n/n8n';
import { workflowUsing } from './demoWorkflow';

const N8N_PORT = Number(process.env.N8N_DEV_PORT ?? 5678);
const SANDBOX_PORT = Number(process.env.SANDBOX_PORT ?? 4010);

async function main(): Promise<void> {
	const target = N8N_TARGETS['2.x'];
	console.log(
		`Starting n8n ${target.version} with n8n-nodes-outreach-contact (the first run installs n8n: several minutes)...`,
	);
	const sandbox = await startSandbox({
		host: '127.0.0.1',
		port: SANDBOX_PORT,
		apiKey: SANDBOX_DUMMY_KEY,
		seedContacts: 20,
	});
	const prepared = await prepareN8n({
		target,
		sandbox,
		label: 'dev',
		userFolder: join(REPO_ROOT, '.n8n-dev'),
		port: N8N_PORT,
	});
	await importWorkflows(prepared.home, [
		workflowUsing(join(REPO_ROOT, 'examples', 'demo-add-search-get.json'), prepared.credential),
	]);
	const server = await startN8n(prepared.home);
	// The owner exists from the second start on: then setup answers an error and login is as before.
	await setupOwner(server).catch(() => undefined);

	console.log(
		`\n  n8n editor     ${server.baseUrl}   (sign in: ${OWNER.email} / ${OWNER.password})`,
	);
	console.log(`  sandbox        ${sandbox.baseUrl}   (API key: ${sandbox.apiKey})`);
	console.log(`  credential     "${prepared.credential.name}", already pointing at the sandbox`);
	console.log(`  workflow       "Outreach Contact demo: add, search, get"`);
	console.log(`  n8n data       ${prepared.home.userFolder}   (n8n log: n8n-start.log there)`);
	console.log('\nPress Ctrl-C to stop.');

	const stop = () => {
		console.log('\nStopping...');
		server
			.stop()
			.then(async () => await sandbox.close())
			.then(
				() => process.exit(0),
				() => process.exit(1),
			);
	};
	process.once('SIGINT', stop);
	process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
