// Entry point of `npm run sandbox`: runs the sandbox on 127.0.0.1 until Ctrl-C.
// A command-line program, not node code: console output and process are its job.
/* eslint-disable no-console, @n8n/community-nodes/no-restricted-globals */

import { parseCli, USAGE } from './cliOptions';
import type { SandboxOptions } from './settings';
import { startSandbox } from './server';

async function main(): Promise<void> {
	let options: SandboxOptions | null;
	try {
		options = parseCli(process.argv.slice(2), process.env);
	} catch (e) {
		console.error(`${(e as Error).message}\n\n${USAGE}`);
		process.exit(2);
	}
	if (options === null) {
		console.log(USAGE);
		return;
	}
	const sandbox = await startSandbox({ ...options, host: '127.0.0.1' });
	const s = sandbox.settings;
	console.log('Outreach Contact sandbox running');
	console.log(`  Base URL: ${sandbox.baseUrl}`);
	console.log(`  API key:  ${sandbox.apiKey}`);
	console.log(
		`  rate limit ${s.rateLimit ? `${s.rateLimit} per ${s.rateWindowMs / 1000} s` : 'off'}, page cap ${s.maxPageSize}, fault rate ${s.faultRate}, ` +
			`latency ${s.latencyMs} ms, timezone ${s.timezone}, ${sandbox.store.listContacts().length} contacts`,
	);
	console.log(`  Try: curl -H "Authorization: ${sandbox.apiKey}" ${sandbox.baseUrl}/me`);
	console.log('Press Ctrl-C to stop.');

	const stop = (): void => {
		sandbox.close().then(
			() => process.exit(0),
			() => process.exit(1),
		);
	};
	process.once('SIGINT', stop);
	process.once('SIGTERM', stop);
}

main().catch((e: unknown) => {
	console.error(e instanceof Error ? e.message : e);
	process.exit(1);
});
