// Ways the sandbox can misbehave on purpose, as real services and the proxies in front of them
// do, so that the nodes' bounds can be tested over real HTTP and tried by hand
// (`npm run sandbox -- --pagination endless`, `--answer wrong-shape`, `--status 502`,
// `--redirect 302`), and the answers the interface leaves open ("not shown") in other forms than
// the sandbox's own, for `npm run check-service` (`--created-date zoneless`, `--profile-param id`,
// `--duplicate conflict`, `--retry-after date`).

import { localDateTime } from './calendar';
import { error, type Reply } from './http';
import type { Pagination } from './search';
import type { Contact } from './types';

/**
 * 'endless': every search page says there is one more, and pages past the end repeat the last one.
 * 'misreported-size': pages hold at most the page cap, but `pagination` reports the page_size
 * asked for (and counts total_pages in it), as a proxy that caps pages silently would.
 */
export type PaginationMode = 'normal' | 'endless' | 'misreported-size';

/** 'wrong-shape': every successful answer is `{"results": "unexpected", "ok": true}`. */
export type AnswerMode = 'normal' | 'wrong-shape';

export const WRONG_SHAPE_BODY = { results: 'unexpected', ok: true };

export const PAGINATION_MODES: readonly PaginationMode[] = [
	'normal',
	'endless',
	'misreported-size',
];
export const ANSWER_MODES: readonly AnswerMode[] = ['normal', 'wrong-shape'];

/** A successful reply as `answer` wants it. */
export function shapeAnswer(reply: Reply, answer: AnswerMode): Reply {
	if (answer !== 'wrong-shape' || reply.status < 200 || reply.status >= 300) return reply;
	return { ...reply, body: WRONG_SHAPE_BODY };
}

type Page<T> = { items: T[]; pagination: Pagination } | null;

/**
 * The endless pager of a broken pager or proxy cache: `page` of a result whose last real page
 * is `lastPage()`. Past the end it serves the last real page again; every answer announces
 * `page + 1` pages, never fewer, so a client that believes it never stops.
 */
export function endlessPage<T>(page: number, served: Page<T>, lastPage: () => Page<T>): Page<T> {
	const real = served ?? lastPage();
	if (!real) return null;
	const size = real.pagination.page_size;
	return {
		items: real.items,
		pagination: {
			...real.pagination,
			page,
			total_pages: page + 1,
			total_contacts: (page + 1) * size,
		},
	};
}

/** A page of `result` as 'misreported-size' reports it: the size asked, and pages counted in it. */
export function misreportedPage<T>(
	result: { items: T[]; pagination: Pagination },
	askedPageSize: number,
): { items: T[]; pagination: Pagination } {
	const total = result.pagination.total_contacts;
	return {
		items: result.items,
		pagination: {
			...result.pagination,
			page_size: askedPageSize,
			total_pages: Math.ceil(total / askedPageSize),
		},
	};
}

/** What a gateway in front of the service answers when `status` is forced for every request. */
export function gatewayReply(status: number): Reply {
	return { status, body: { detail: `Gateway answered ${status}.` }, html: status >= 500 };
}

/** The statuses `redirect` may answer with; 0 turns it off. */
export const REDIRECT_STATUSES: readonly number[] = [301, 302, 303, 307, 308];

/**
 * Where a redirect points: 'other', the same path on a second server (another origin, as when
 * the API moved host, or an open redirect); 'same', the same server below MOVED_PREFIX.
 */
export type RedirectOrigin = 'other' | 'same';
export const REDIRECT_ORIGINS: readonly RedirectOrigin[] = ['other', 'same'];

/** Where the service "moved" on its own server, for `redirectOrigin: 'same'`. */
export const MOVED_PREFIX = '/moved';

/** A request that reached where a redirect points, as it arrived. */
export interface RecordedRequest {
	method: string;
	/** Path and query, e.g. "/api/v2/contact/42/". */
	path: string;
	headers: Record<string, string | string[] | undefined>;
}

/**
 * Where the sandbox's redirects lead. It answers like the service (same data, same key), so a
 * client that follows a redirect with the key is fooled, as it would be by a real copy.
 */
export interface RedirectTarget {
	/** The second server, e.g. "http://127.0.0.1:43122". */
	origin: string;
	/** Every request that reached the second server, or, with 'same', the MOVED_PREFIX paths. */
	requests: RecordedRequest[];
}

/**
 * The Location of a redirect of `pathAndQuery`: absolute to the second server, or relative on
 * the same one (a relative Location is what many servers send).
 */
export function redirectLocation(
	origin: RedirectOrigin,
	target: RedirectTarget,
	pathAndQuery: string,
): string {
	return origin === 'other' ? `${target.origin}${pathAndQuery}` : `${MOVED_PREFIX}${pathAndQuery}`;
}

/** What a web server in front of the service answers when it redirects: a small HTML page. */
export function redirectReply(status: number, location: string): Reply {
	return {
		status,
		body: { detail: `Moved to ${location}.` },
		headers: { Location: location },
		html: true,
	};
}

/**
 * How contacts' `created_date` is written (the interface does not show the format):
 * - 'iso': ISO 8601 in UTC with milliseconds and `Z` (the sandbox's own form);
 * - 'zoneless': local time of the sandbox's `timezone`, no zone, six fraction digits, as a
 *   service that stores naive local times writes them (e.g. Tokyo: 9 h ahead of UTC);
 * - 'epoch': epoch seconds as a string of digits;
 * - 'us': "MM/DD/YYYY hh:mm:ss AM" in UTC, a form the nodes cannot read.
 */
export type CreatedDateFormat = 'iso' | 'zoneless' | 'epoch' | 'us';
export const CREATED_DATE_FORMATS: readonly CreatedDateFormat[] = [
	'iso',
	'zoneless',
	'epoch',
	'us',
];

function usDateTime(date: Date): string {
	const pad = (n: number) => String(n).padStart(2, '0');
	const hour = date.getUTCHours() % 12 === 0 ? 12 : date.getUTCHours() % 12;
	return (
		`${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()} ` +
		`${pad(hour)}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} ` +
		(date.getUTCHours() < 12 ? 'AM' : 'PM')
	);
}

/** `contact` as served, with its created_date (stored as ISO in UTC) written in `format`. */
export function servedContact(
	contact: Contact,
	format: CreatedDateFormat,
	timeZone: string,
): Contact {
	if (format === 'iso') return contact;
	const ms = Date.parse(contact.created_date);
	const written =
		format === 'zoneless'
			? `${localDateTime(ms, timeZone)}.${String(ms % 1000).padStart(3, '0')}000`
			: format === 'epoch'
				? String(Math.floor(ms / 1000))
				: usDateTime(new Date(ms));
	return { ...contact, created_date: written };
}

/** The query parameter GET /profiles/get/ reads the profile id from. */
export type ProfileParam = 'profile_id' | 'id';
export const PROFILE_PARAMS: readonly ProfileParam[] = ['profile_id', 'id'];

/**
 * What POST /contact/ answers for an email already in the sequence: 'success' as the interface
 * says, or 'conflict', a 409 as many APIs answer instead.
 */
export type DuplicateAnswer = 'success' | 'conflict';
export const DUPLICATE_ANSWERS: readonly DuplicateAnswer[] = ['success', 'conflict'];

export function duplicateReply(answer: DuplicateAnswer): Reply {
	return answer === 'conflict'
		? error(409, 'Contact already exists in this sequence.')
		: { status: 200, body: { data: { status: 'Contact already exists in this sequence' } } };
}

/** The form of a 429's Retry-After: delta-seconds (as the interface says), an HTTP date, or none. */
export type RetryAfterForm = 'seconds' | 'date' | 'none';
export const RETRY_AFTER_FORMS: readonly RetryAfterForm[] = ['seconds', 'date', 'none'];

export function retryAfterHeaders(
	seconds: number,
	form: RetryAfterForm,
	nowMs: number,
): Record<string, string> {
	if (form === 'none') return {};
	if (form === 'seconds') return { 'Retry-After': String(seconds) };
	// An HTTP date has whole seconds: round up, so that it is never earlier than the wait.
	const at = Math.ceil((nowMs + seconds * 1000) / 1000) * 1000;
	return { 'Retry-After': new Date(at).toUTCString() };
}
