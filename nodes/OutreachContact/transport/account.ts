import { createHash } from 'crypto';
import { NodeOperationError } from 'n8n-workflow';

import { CREDENTIAL_LIMITS } from './defaults';
import type { RetryBudget } from './retry';
import type { RequestContext } from './context';

/*
 * The account a request is for: the credential read, checked and turned into the settings of
 * the transport. Every check runs in linear time on a value of at most MAX_BASE_URL_LENGTH
 * characters; no message quotes more of the Base URL than its scheme, host and path.
 */

export const CREDENTIAL_TYPE = 'outreachContactApi';

export interface Settings extends RetryBudget {
	/** The canonical Base URL (see `canonicalBaseUrl`), where every request goes. */
	baseUrl: string;
	/** The key, trimmed, as `authenticate` sends it. */
	apiKey: string;
	perMinute: number;
	/** A fingerprint of the canonical Base URL and the key: one pacer per account. */
	accountKey: string;
}

const MAX_BASE_URL_LENGTH = 2_048;

const EXAMPLE = 'for example https://app.example.com/api/v2';

/**
 * Read for every request, not cached: a trigger's context lives as long as its activation, and
 * an edited credential must apply to its next poll (n8n decrypts per request anyway).
 */
export async function loadSettings(ctx: RequestContext, itemIndex?: number): Promise<Settings> {
	const credentials = await ctx.getCredentials(CREDENTIAL_TYPE, itemIndex);
	const base = canonicalBaseUrl(credentials.baseUrl);
	if ('error' in base) throw new NodeOperationError(ctx.getNode(), base.error, { itemIndex });
	// Trimmed as the credential's `authenticate` trims it: a key pasted with a space or a line
	// break is the same key, and the fingerprint below must not tell the two apart.
	const apiKey = String(credentials.apiKey ?? '').trim();
	const { requestsPerMinute, maxAttempts, maxRetryWaitSeconds } = CREDENTIAL_LIMITS;
	return {
		baseUrl: base.url,
		apiKey,
		perMinute: within(credentials.requestsPerMinute, requestsPerMinute),
		maxAttempts: Math.floor(within(credentials.maxAttempts, maxAttempts)),
		maxWaitMs: within(credentials.maxRetryWaitSeconds, maxRetryWaitSeconds) * 1000,
		// Pacing is per account: the same key on the same service shares one pacer, however the
		// Base URL is spelled (the canonical form is hashed).
		accountKey: createHash('sha256').update(`${base.url}\n${apiKey}`).digest('hex'),
	};
}

/**
 * A number of the credential: its default when missing or not a number, else clamped to the
 * field's bounds (a value from an expression or an API-created credential can be anything).
 */
function within(value: unknown, limits: { default: number; min: number; max: number }): number {
	if (value === undefined || value === null || value === '') return limits.default;
	const n = Number(value);
	if (Number.isNaN(n)) return limits.default;
	return Math.min(limits.max, Math.max(limits.min, n));
}

/**
 * The Base URL in one spelling per address: scheme and host in lower case, the scheme's default
 * port dropped, trailing slashes dropped, the path as written (the URL class only resolves dot
 * segments and escapes what a request would escape anyway). Refuses what is not an http(s) URL,
 * and a user name or password, a query string or a fragment: n8n would send the first to the
 * service (or drop it), and appending paths to the others would not reach the API.
 */
function canonicalBaseUrl(raw: unknown): { url: string } | { error: string } {
	const text = typeof raw === 'string' ? raw.trim() : '';
	if (text === '') {
		return { error: 'The credential has no Base URL. Enter the API address ending in /api/v2.' };
	}
	const notHttp = `The credential's Base URL is not an http(s) URL. It must start with http:// or https://, ${EXAMPLE}.`;
	if (text.length > MAX_BASE_URL_LENGTH) {
		return {
			error: `The credential's Base URL is longer than ${MAX_BASE_URL_LENGTH} characters. Enter the API address, ${EXAMPLE}.`,
		};
	}
	// Anchored, no nested repetition: linear. Spaces or control characters inside are refused
	// here because the URL class would silently remove some of them.
	if (!/^https?:\/\//i.test(text) || hasSpaceOrControl(text)) return { error: notHttp };
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return { error: notHttp };
	}
	if (url.hostname === '') return { error: notHttp };
	const path = withoutTrailingSlashes(url.pathname);
	const canonical = `${url.protocol}//${url.host}${path}`;
	const extras: string[] = [];
	// `https://@host` has an empty user name: the anchored pattern finds its @ (linear: one start).
	if (url.username !== '' || url.password !== '' || /^https?:\/\/[^/?#\\]*@/i.test(text))
		extras.push('a user name or password (user:pass@)');
	if (url.search !== '' || text.includes('?')) extras.push('a query string (?...)');
	if (url.hash !== '' || text.includes('#')) extras.push('a fragment (#...)');
	if (extras.length > 0) {
		return {
			error: `The credential's Base URL contains ${extras.join(' and ')}. Enter only the API address (scheme, host and path), here ${canonical}; the API key goes in its own field.`,
		};
	}
	return { url: canonical };
}

function hasSpaceOrControl(text: string): boolean {
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		if (code <= 32 || code === 127) return true;
	}
	return /\s/.test(text);
}

/** `path` without its trailing slashes, by a loop (a /\/+$/ pattern is quadratic on many slashes). */
export function withoutTrailingSlashes(path: string): string {
	let end = path.length;
	while (end > 0 && path.charCodeAt(end - 1) === 47) end--;
	return path.slice(0, end);
}
