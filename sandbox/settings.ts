// Options of startSandbox, their defaults, and the live settings a running sandbox reads.

import { assertTimeZone } from './calendar';
import type { HtmlMode } from './http';
import {
	ANSWER_MODES,
	CREATED_DATE_FORMATS,
	DUPLICATE_ANSWERS,
	PAGINATION_MODES,
	PROFILE_PARAMS,
	REDIRECT_ORIGINS,
	REDIRECT_STATUSES,
	RETRY_AFTER_FORMS,
	type AnswerMode,
	type CreatedDateFormat,
	type DuplicateAnswer,
	type PaginationMode,
	type ProfileParam,
	type RedirectOrigin,
	type RetryAfterForm,
} from './misbehaviour';
import type { Order } from './search';

/** Behaviour that can also be changed while the sandbox runs (via `sandbox.settings`). */
export interface SandboxSettings {
	/** Accepted requests per API key in any sliding window of `rateWindowMs`; 0 or Infinity disables. Default 200. */
	rateLimit: number;
	/** Length of the rate limit's sliding window in ms. Default 60000 (the service's minute). */
	rateWindowMs: number;
	/** Server-side cap on the search page_size. Default 100. */
	maxPageSize: number;
	/** IANA timezone whose calendar dates count the "days since" in search. Default 'UTC'. */
	timezone: string;
	/** Search result order. Default 'newest' (created_date desc, id desc); 'unordered' scrambles by id. */
	order: Order;
	/** Wrap GET /profiles/get/ in { data: Profile } (true, default) or answer the bare Profile. */
	profileEnvelope: boolean;
	/** Share (0..1) of requests answered 503, drawn from a PRNG seeded by `faultSeed`. Default 0. */
	faultRate: number;
	/** Delay before each answer, in ms. Default 0. */
	latencyMs: number;
	/** How long the service takes to write a new contact's snippets and enrichment, in ms. Default 3000. */
	processingMs: number;
	/** 'errors': every status >= 400 gets an HTML page; 'all': every answer does. Default 'off'. */
	htmlResponses: HtmlMode;
	/** 'endless' or 'misreported-size': search pagination the nodes cannot trust (misbehaviour.ts). Default 'normal'. */
	pagination: PaginationMode;
	/** 'wrong-shape': every 2xx answer has an unexpected shape (misbehaviour.ts). Default 'normal'. */
	answer: AnswerMode;
	/** Answer every request with this status, as a gateway in front of the service; 0 = off. Default 0. */
	status: number;
	/**
	 * Answer every request with this redirect status (301, 302, 303, 307 or 308) and a Location
	 * of the same path at `redirectOrigin`; 0 = off. Default 0.
	 */
	redirect: number;
	/** Where `redirect` points: 'other' (a second server, default) or 'same' (misbehaviour.ts). */
	redirectOrigin: RedirectOrigin;
	/** How contacts' created_date is written: 'iso' (default), 'zoneless', 'epoch', 'us' (misbehaviour.ts). */
	createdDates: CreatedDateFormat;
	/** The query parameter of GET /profiles/get/: 'profile_id' (default) or 'id'. */
	profileParam: ProfileParam;
	/** POST /contact/ with an email already in the sequence: 'success' (default) or 'conflict' (409). */
	duplicateAnswer: DuplicateAnswer;
	/** The Retry-After of a 429: 'seconds' (default), 'date' (an HTTP date) or 'none'. */
	retryAfter: RetryAfterForm;
}

export interface SandboxOptions extends Partial<SandboxSettings> {
	/** Default 0 (any free port). */
	port?: number;
	/** Default '127.0.0.1'. */
	host?: string;
	/** The exact Authorization header value to accept. Default 'sandbox-api-key'. */
	apiKey?: string;
	/** Clock in epoch ms for rate limiting, created dates and day counting. Default Date.now. */
	now?: () => number;
	/** Create the fixed profiles, sequences and playbooks. Default true. */
	seed?: boolean;
	/** Number of generated contacts to add after seeding. Default 0. */
	seedContacts?: number;
	/** Seed of the fault-injection PRNG. Default 1. */
	faultSeed?: number;
}

export const DEFAULT_SETTINGS: Readonly<SandboxSettings> = {
	rateLimit: 200,
	rateWindowMs: 60_000,
	maxPageSize: 100,
	timezone: 'UTC',
	order: 'newest',
	profileEnvelope: true,
	faultRate: 0,
	latencyMs: 0,
	processingMs: 3_000,
	htmlResponses: 'off',
	pagination: 'normal',
	answer: 'normal',
	status: 0,
	redirect: 0,
	redirectOrigin: 'other',
	createdDates: 'iso',
	profileParam: 'profile_id',
	duplicateAnswer: 'success',
	retryAfter: 'seconds',
};

/** Throws a RangeError naming `name` and the allowed values when `value` is not one of them. */
function oneOf<T extends string>(name: string, value: T, allowed: readonly T[]): void {
	if (!allowed.includes(value))
		throw new RangeError(`${name} must be one of ${allowed.map((a) => `'${a}'`).join(', ')}`);
}

/** Applies defaults and throws a RangeError on any invalid value. */
export function resolveSettings(options: SandboxOptions): SandboxSettings {
	const settings: SandboxSettings = { ...DEFAULT_SETTINGS };
	for (const key of Object.keys(DEFAULT_SETTINGS) as Array<keyof SandboxSettings>) {
		if (options[key] !== undefined) Object.assign(settings, { [key]: options[key] });
	}
	if (!(settings.rateLimit >= 0)) throw new RangeError('rateLimit must be >= 0');
	if (!(settings.rateWindowMs >= 1)) throw new RangeError('rateWindowMs must be >= 1');
	if (!Number.isInteger(settings.maxPageSize) || settings.maxPageSize < 1) {
		throw new RangeError('maxPageSize must be an integer >= 1');
	}
	assertTimeZone(settings.timezone);
	if (!['newest', 'oldest', 'unordered'].includes(settings.order))
		throw new RangeError("order must be 'newest', 'oldest' or 'unordered'");
	if (!(settings.faultRate >= 0 && settings.faultRate <= 1))
		throw new RangeError('faultRate must be between 0 and 1');
	if (!(settings.latencyMs >= 0)) throw new RangeError('latencyMs must be >= 0');
	if (!(settings.processingMs >= 0)) throw new RangeError('processingMs must be >= 0');
	if (!['off', 'errors', 'all'].includes(settings.htmlResponses)) {
		throw new RangeError("htmlResponses must be 'off', 'errors' or 'all'");
	}
	oneOf('pagination', settings.pagination, PAGINATION_MODES);
	if (!ANSWER_MODES.includes(settings.answer))
		throw new RangeError("answer must be 'normal' or 'wrong-shape'");
	if (
		!(
			settings.status === 0 ||
			(Number.isInteger(settings.status) && settings.status >= 100 && settings.status <= 599)
		)
	) {
		throw new RangeError('status must be 0 (off) or an HTTP status from 100 to 599');
	}
	if (!(settings.redirect === 0 || REDIRECT_STATUSES.includes(settings.redirect))) {
		throw new RangeError('redirect must be 0 (off), 301, 302, 303, 307 or 308');
	}
	if (!REDIRECT_ORIGINS.includes(settings.redirectOrigin))
		throw new RangeError("redirectOrigin must be 'other' or 'same'");
	oneOf('createdDates', settings.createdDates, CREATED_DATE_FORMATS);
	oneOf('profileParam', settings.profileParam, PROFILE_PARAMS);
	oneOf('duplicateAnswer', settings.duplicateAnswer, DUPLICATE_ANSWERS);
	oneOf('retryAfter', settings.retryAfter, RETRY_AFTER_FORMS);
	return settings;
}
