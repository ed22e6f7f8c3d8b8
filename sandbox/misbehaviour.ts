// Ways the sandbox can misbehave on purpose, as real services and the proxies in front of them
// do, so that the nodes' bounds can be tested over real HTTP and tried by hand
// (`npm run sandbox -- --pagination endless`, `--answer wrong-shape`, `--status 502`,
// `--redirect 302`).

import type { Reply } from './http';
import type { Pagination } from './search';

/** 'endless': every search page says there is one more, and pages past the end repeat the last one. */
export type PaginationMode = 'normal' | 'endless';

/** 'wrong-shape': every successful answer is `{"results": "unexpected", "ok": true}`. */
export type AnswerMode = 'normal' | 'wrong-shape';

export const WRONG_SHAPE_BODY = { results: 'unexpected', ok: true };

export const PAGINATION_MODES: readonly PaginationMode[] = ['normal', 'endless'];
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
