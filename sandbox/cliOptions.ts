// Command-line flags and environment variables of `npm run sandbox`, turned into SandboxOptions.
// The sandbox is a local dev tool, not shipped with the nodes, so n8n Cloud's import rules do not apply.
/* eslint-disable @n8n/community-nodes/no-restricted-imports */

import { parseArgs } from 'node:util';

import type { HtmlMode } from './http';
import type {
	AnswerMode,
	CreatedDateFormat,
	DuplicateAnswer,
	PaginationMode,
	ProfileParam,
	RedirectOrigin,
	RetryAfterForm,
} from './misbehaviour';
import type { Order } from './search';
import type { SandboxOptions } from './settings';

export const USAGE = `Usage: npm run sandbox -- [flags]
  --port N              port on 127.0.0.1 (env SANDBOX_PORT, default 4010; 0 = any free port)
  --api-key KEY         accepted Authorization value (env SANDBOX_API_KEY, default sandbox-api-key)
  --rate-limit N        requests per window, 0 = unlimited (env SANDBOX_RATE_LIMIT, default 200)
  --rate-window MS      length of the sliding rate window (env SANDBOX_RATE_WINDOW_MS, default 60000)
  --page-cap N          maximum search page_size (env SANDBOX_PAGE_CAP, default 100)
  --fault-rate R        share 0..1 of requests answered 503 (env SANDBOX_FAULT_RATE, default 0)
  --fault-seed N        seed of the fault PRNG (env SANDBOX_FAULT_SEED, default 1)
  --latency MS          delay per answer (env SANDBOX_LATENCY_MS, default 0)
  --processing MS       time until a new contact has snippets and enrichment (env SANDBOX_PROCESSING_MS, default 3000)
  --timezone TZ         IANA timezone for day counting (env SANDBOX_TIMEZONE, default UTC)
  --order newest|oldest|unordered  search order (env SANDBOX_ORDER, default newest)
  --seed-contacts N     generated contacts to start with (env SANDBOX_SEED_CONTACTS, default 20)
  --bare-profile        answer /profiles/get/ without the {data} envelope (env SANDBOX_BARE_PROFILE=1)
  --html off|errors|all answer with HTML pages (env SANDBOX_HTML, default off)
  --pagination normal|endless|misreported-size  endless: search pages never end; misreported-size:
                        pages hold at most --page-cap but report the page_size asked
                        (env SANDBOX_PAGINATION, default normal)
  --answer normal|wrong-shape  wrong-shape: every success answer has an unexpected shape (env SANDBOX_ANSWER, default normal)
  --status N            a gateway answers every request with N, e.g. 502; 0 = off (env SANDBOX_STATUS, default 0)
  --redirect N          answer every request with redirect N (301, 302, 303, 307, 308) to the same path
                        elsewhere; 0 = off (env SANDBOX_REDIRECT, default 0)
  --redirect-origin other|same  other: to a second server the sandbox runs; same: to /moved on this
                        one (env SANDBOX_REDIRECT_ORIGIN, default other)
  --created-date iso|zoneless|epoch|us  how contacts' created_date is written: zoneless = local time
                        of --timezone without a zone; us = MM/DD/YYYY hh:mm:ss AM, unreadable to the
                        nodes (env SANDBOX_CREATED_DATE, default iso)
  --profile-param profile_id|id  the query parameter /profiles/get/ reads the profile id from
                        (env SANDBOX_PROFILE_PARAM, default profile_id)
  --duplicate success|conflict  answer to an email already in the sequence: 200 or 409
                        (env SANDBOX_DUPLICATE, default success)
  --retry-after seconds|date|none  Retry-After of a 429 (env SANDBOX_RETRY_AFTER, default seconds)
  --help`;

export const DEFAULT_CLI_PORT = 4010;

function toNumber(name: string, raw: string): number {
	const value = Number(raw);
	if (raw.trim() === '' || Number.isNaN(value))
		throw new RangeError(`${name} must be a number, got "${raw}"`);
	return value;
}

/** Flags win over environment variables. Returns null when --help was asked. */
export function parseCli(argv: string[], env: NodeJS.ProcessEnv): SandboxOptions | null {
	const { values } = parseArgs({
		args: argv,
		options: {
			port: { type: 'string' },
			'api-key': { type: 'string' },
			'rate-limit': { type: 'string' },
			'rate-window': { type: 'string' },
			'page-cap': { type: 'string' },
			'fault-rate': { type: 'string' },
			'fault-seed': { type: 'string' },
			latency: { type: 'string' },
			processing: { type: 'string' },
			timezone: { type: 'string' },
			order: { type: 'string' },
			'seed-contacts': { type: 'string' },
			'bare-profile': { type: 'boolean' },
			html: { type: 'string' },
			pagination: { type: 'string' },
			answer: { type: 'string' },
			status: { type: 'string' },
			redirect: { type: 'string' },
			'redirect-origin': { type: 'string' },
			'created-date': { type: 'string' },
			'profile-param': { type: 'string' },
			duplicate: { type: 'string' },
			'retry-after': { type: 'string' },
			help: { type: 'boolean' },
		},
		strict: true,
	});
	if (values.help) return null;
	type Flag = Exclude<keyof typeof values, 'bare-profile' | 'help'>;
	const text = (flag: Flag, envName: string): string | undefined => values[flag] ?? env[envName];
	const num = (flag: Flag, envName: string, fallback?: number): number | undefined => {
		const raw = text(flag, envName);
		return raw === undefined
			? fallback
			: toNumber(values[flag] !== undefined ? `--${flag}` : envName, raw);
	};
	return {
		port: num('port', 'SANDBOX_PORT', DEFAULT_CLI_PORT),
		apiKey: text('api-key', 'SANDBOX_API_KEY'),
		rateLimit: num('rate-limit', 'SANDBOX_RATE_LIMIT'),
		rateWindowMs: num('rate-window', 'SANDBOX_RATE_WINDOW_MS'),
		maxPageSize: num('page-cap', 'SANDBOX_PAGE_CAP'),
		faultRate: num('fault-rate', 'SANDBOX_FAULT_RATE'),
		faultSeed: num('fault-seed', 'SANDBOX_FAULT_SEED'),
		latencyMs: num('latency', 'SANDBOX_LATENCY_MS'),
		processingMs: num('processing', 'SANDBOX_PROCESSING_MS'),
		timezone: text('timezone', 'SANDBOX_TIMEZONE'),
		order: text('order', 'SANDBOX_ORDER') as Order | undefined,
		seedContacts: num('seed-contacts', 'SANDBOX_SEED_CONTACTS', 20),
		profileEnvelope:
			values['bare-profile'] === true || env.SANDBOX_BARE_PROFILE === '1' ? false : undefined,
		htmlResponses: text('html', 'SANDBOX_HTML') as HtmlMode | undefined,
		pagination: text('pagination', 'SANDBOX_PAGINATION') as PaginationMode | undefined,
		answer: text('answer', 'SANDBOX_ANSWER') as AnswerMode | undefined,
		status: num('status', 'SANDBOX_STATUS'),
		redirect: num('redirect', 'SANDBOX_REDIRECT'),
		redirectOrigin: text('redirect-origin', 'SANDBOX_REDIRECT_ORIGIN') as
			| RedirectOrigin
			| undefined,
		createdDates: text('created-date', 'SANDBOX_CREATED_DATE') as CreatedDateFormat | undefined,
		profileParam: text('profile-param', 'SANDBOX_PROFILE_PARAM') as ProfileParam | undefined,
		duplicateAnswer: text('duplicate', 'SANDBOX_DUPLICATE') as DuplicateAnswer | undefined,
		retryAfter: text('retry-after', 'SANDBOX_RETRY_AFTER') as RetryAfterForm | undefined,
	};
}
