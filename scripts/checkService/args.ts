/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- a command-line tool, not shipped: node:util's parseArgs, and usage errors of its own */
import { parseArgs } from 'node:util';

import { withoutTrailingSlashes } from '../../nodes/OutreachContact/transport/account';

/** The command line of check-service. The API key never is part of it: it comes from the environment. */

export const KEY_VARIABLE = 'OUTREACH_API_KEY';

export const USAGE = `Usage: ${KEY_VARIABLE}=<API key> npm run check-service -- --base-url URL [options]

Tries each answer of the Outreach Contact service that its interface leaves open and prints one
line each: what was asked, what came back, what the nodes do with it. Read-only by default.

  --base-url URL      the API address, as in the credential (ends in /api/v2)
  --profile-id N      one of the account's profiles: Get Profile is checked with it
                      (without it, only with an id that cannot exist)
  --write             also add ONE contact, check-service+<time>@example.com, twice (the duplicate
                      answer), and measure how long until search finds it (at most 120 s) and
                      until its snippets appear (at most 600 s); needs --sequence-id and --playbook-id
  --sequence-id N     the sequence --write adds the contact to
  --playbook-id M     the playbook --write names
  --burst             send requests until the service answers 429 (at most 400 requests or 90 s)
                      and report its Retry-After; the account is rate-limited for a minute after
  --help

The API key is read from the environment variable ${KEY_VARIABLE} only, and never printed.
Exit code: 0 every answer is one the nodes handle, 1 one is not (its line says which), 2 bad usage.`;

export interface CheckOptions {
	/** Without trailing slashes. */
	baseUrl: string;
	apiKey: string;
	profileId?: number;
	write?: { sequenceId: number; playbookId: number };
	burst: boolean;
}

/** A command line that cannot run: exit code 2 with this message and the usage. */
export class UsageError extends Error {}

function positiveInt(name: string, raw: string | undefined): number | undefined {
	if (raw === undefined) return undefined;
	if (!/^\d{1,15}$/.test(raw.trim()) || Number(raw) < 1)
		throw new UsageError(`${name} takes a whole number of at least 1`);
	return Number(raw);
}

function baseUrlOf(raw: string | undefined): string {
	if (raw === undefined || raw.trim() === '') throw new UsageError('--base-url is required');
	let url: URL;
	try {
		url = new URL(raw.trim());
	} catch {
		throw new UsageError('--base-url is not a URL (for example https://app.example.com/api/v2)');
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:')
		throw new UsageError('--base-url must start with http:// or https://');
	if (url.username || url.password || url.search || url.hash)
		throw new UsageError('--base-url must hold no user name, password, query or fragment');
	return `${url.protocol}//${url.host}${withoutTrailingSlashes(url.pathname)}`;
}

/**
 * The options, or 'help'. Throws UsageError; its message never repeats a value of the command
 * line (a key pasted there by mistake must not be printed back).
 */
export function parseCommandLine(argv: string[], env: NodeJS.ProcessEnv): CheckOptions | 'help' {
	if (argv.some((arg) => /^--?(api-?key|key|token)(=|$)/i.test(arg)))
		throw new UsageError(
			`the API key is read from ${KEY_VARIABLE} only, never from the command line`,
		);
	let values: Record<string, string | boolean | undefined>;
	try {
		({ values } = parseArgs({
			args: argv,
			options: {
				'base-url': { type: 'string' },
				'profile-id': { type: 'string' },
				write: { type: 'boolean' },
				'sequence-id': { type: 'string' },
				'playbook-id': { type: 'string' },
				burst: { type: 'boolean' },
				help: { type: 'boolean' },
			},
			strict: true,
			allowPositionals: false,
		}));
	} catch (error) {
		const option = /Unknown option '(--?[A-Za-z][\w-]{0,30})'/.exec((error as Error).message)?.[1];
		throw new UsageError(
			option
				? `unknown option ${option}`
				: 'an argument it does not take (values are not repeated here)',
		);
	}
	if (values.help) return 'help';
	const apiKey = (env[KEY_VARIABLE] ?? '').trim();
	if (apiKey === '')
		throw new UsageError(`set the API key in the environment variable ${KEY_VARIABLE}`);
	// The nodes' redaction leaves texts shorter than 4 characters alone: such a key could be printed.
	if (apiKey.length < 4) throw new UsageError(`${KEY_VARIABLE} is too short to be an API key`);
	const sequenceId = positiveInt('--sequence-id', values['sequence-id'] as string | undefined);
	const playbookId = positiveInt('--playbook-id', values['playbook-id'] as string | undefined);
	if ((sequenceId !== undefined || playbookId !== undefined) && !values.write)
		throw new UsageError('--sequence-id and --playbook-id go with --write');
	if (values.write && (sequenceId === undefined || playbookId === undefined))
		throw new UsageError('--write needs --sequence-id and --playbook-id');
	return {
		baseUrl: baseUrlOf(values['base-url'] as string | undefined),
		apiKey,
		profileId: positiveInt('--profile-id', values['profile-id'] as string | undefined),
		write:
			sequenceId !== undefined && playbookId !== undefined ? { sequenceId, playbookId } : undefined,
		burst: values.burst === true,
	};
}
