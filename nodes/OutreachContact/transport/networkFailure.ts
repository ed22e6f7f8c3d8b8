/**
 * Which failure of a send is which (issue 50): a failure of the connection itself (refused,
 * reset, timed out, DNS, TLS) is a network error, known by its code or, where n8n dropped the
 * code, by n8n's own text for it; any other exception is NotNetwork and keeps its own message.
 * The retry rules of each code are retry.ts's.
 */

/** Network failures worth another try: the service may be back in a moment. */
export const TRANSIENT_CODES: ReadonlySet<string> = new Set([
	'ECONNRESET',
	'ETIMEDOUT',
	'ECONNABORTED',
	'EPIPE',
	'ESOCKETTIMEDOUT',
	'EAI_AGAIN',
]);

/**
 * Failures that prove the request never reached the service: no connection was made (refused,
 * no route, no such host). Such a request took nothing of the account's limit, so it gives its
 * slot back and says nothing about the service's answer time.
 */
export const NEVER_SENT_CODES: ReadonlySet<string> = new Set([
	'ECONNREFUSED',
	'ENOTFOUND',
	'EAI_AGAIN',
	'EHOSTUNREACH',
	'ENETUNREACH',
]);

/**
 * The failures of the connection itself (refused, reset, timed out, DNS, TLS): only these are
 * network errors (issue 50). Any other exception a send raises keeps its own cause (NotNetwork).
 */
const CONNECTION_CODES: ReadonlySet<string> = new Set([
	...TRANSIENT_CODES,
	...NEVER_SENT_CODES,
	'ENETDOWN',
	'EHOSTDOWN',
	'EADDRNOTAVAIL',
	'EAI_FAIL',
	'EPROTO',
	'ERR_SOCKET_CONNECTION_TIMEOUT',
	'ERR_SOCKET_CLOSED',
	'UND_ERR_CONNECT_TIMEOUT',
	'UND_ERR_SOCKET',
]);

/** The codes of a failed TLS handshake or certificate check (Node's and OpenSSL's). */
const TLS_CODE =
	/^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|HOSTNAME_MISMATCH$)/;

function isConnectionCode(code: string): boolean {
	return CONNECTION_CODES.has(code) || TLS_CODE.test(code);
}

/**
 * The texts by which a network failure is known when no code survives the wrapping: n8n's
 * NodeApiError puts its own text in place of the code (n8n 1.x throws those without it), and
 * axios's timeout. Each is a whole phrase of theirs, never a loose word: an error of n8n's own
 * that says "timed out" or "refused" is not the network.
 */
const CODE_BY_TEXT: Array<[RegExp, string]> = [
	[/^The service refused the connection - perhaps it is offline/, 'ECONNREFUSED'],
	[/^The connection to the server was closed unexpectedly/, 'ECONNRESET'],
	[
		/^The connection cannot be established, this usually occurs due to an incorrect host/,
		'ENOTFOUND',
	],
	[/^The connection timed out, consider setting the 'Retry on Fail' option/, 'ETIMEDOUT'],
	[/^The connection was aborted, perhaps the server is offline/, 'ECONNABORTED'],
	[/^The host is unreachable, perhaps the server is offline/, 'EHOSTUNREACH'],
	[/^The DNS server returned an error, perhaps the server is offline/, 'EAI_AGAIN'],
	[/^socket hang up$/, 'ECONNRESET'],
	[/^Client network socket disconnected before secure TLS connection/, 'ECONNRESET'],
	[/^timeout of \d{1,9}ms exceeded$/, 'ECONNABORTED'],
];

/** A connection code named in Node's own texts: "connect ECONNREFUSED 127.0.0.1:1", "read ECONNRESET". */
const CODE_IN_TEXT =
	/^(?:connect|read|write|getaddrinfo|querySrv|queryA|queryAaaa) ([A-Z_]{2,40})\b/;

/**
 * The network error code (ECONNRESET, ...) of a failed send, whatever wraps it; undefined when
 * the failure is not one of the connection itself. Reads at most 5 levels of wrapping and 500
 * characters of each message.
 */
export function networkCode(error: unknown): string | undefined {
	const texts: string[] = [];
	let current: unknown = error;
	for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
		const record = current as Record<string, unknown>;
		if (typeof record.code === 'string' && isConnectionCode(record.code)) return record.code;
		if (typeof record.message === 'string') texts.push(record.message.slice(0, 500));
		current = record.cause ?? record.errorResponse;
	}
	if (texts.length === 0) texts.push(String(error).slice(0, 500));
	for (const text of texts) {
		const named = CODE_IN_TEXT.exec(text)?.[1];
		if (named !== undefined && isConnectionCode(named)) return named;
		for (const [pattern, code] of CODE_BY_TEXT) if (pattern.test(text)) return code;
	}
	return undefined;
}

/**
 * A send that failed with something other than the network (issue 50): n8n's request helper or
 * the credential raised it before an answer came. It is not retried, takes no slot of the
 * account's pacing and says nothing about whether the service can be reached.
 */
export class NotNetwork extends Error {
	constructor(readonly original: unknown) {
		super(messageOf(original));
		this.name = 'NotNetwork';
	}
}

/** The message of any thrown value, at most 500 characters. */
function messageOf(error: unknown): string {
	const text =
		error && typeof error === 'object' && typeof (error as Error).message === 'string'
			? (error as Error).message
			: String(error);
	return text.slice(0, 500);
}
