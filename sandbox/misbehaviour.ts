// Ways the sandbox can misbehave on purpose, as real services and the proxies in front of them
// do, so that the nodes' bounds can be tested over real HTTP and tried by hand
// (`npm run sandbox -- --pagination endless`, `--answer wrong-shape`, `--status 502`).

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
