/**
 * `npm run check-service -- --base-url URL`: checks a real Outreach Contact service (the key in
 * OUTREACH_API_KEY) against what the nodes rely on where its interface is silent. The probes
 * are in checkService/; docs/check-service.md says how to run it and what to send back.
 */
/* eslint-disable no-console, @n8n/community-nodes/no-restricted-globals -- a command-line tool, not shipped */
import { redact } from '../nodes/OutreachContact/transport/redact';
import { KEY_VARIABLE } from './checkService/args';
import { runCheckService } from './checkService/run';

runCheckService(process.argv.slice(2), process.env, (line) => console.log(line)).then(
	(code) => {
		process.exitCode = code;
	},
	(error: unknown) => {
		const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
		console.error(
			`check-service itself failed: ${redact(text, [process.env[KEY_VARIABLE]?.trim()])}`,
		);
		process.exitCode = 1;
	},
);
