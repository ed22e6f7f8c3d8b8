// HTTP plumbing: reading JSON bodies and writing JSON or HTML replies.
// The sandbox is a local dev tool, not shipped with the nodes, so n8n Cloud's import rules do not apply.
/* eslint-disable @n8n/community-nodes/no-restricted-imports */

import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';

export interface Reply {
	status: number;
	body: unknown;
	headers?: Record<string, string>;
	/** Render as an HTML page instead of JSON. */
	html?: boolean;
}

export type HtmlMode = 'off' | 'errors' | 'all';

const MAX_BODY_BYTES = 1_000_000;

export function json(status: number, body: unknown, headers?: Record<string, string>): Reply {
	return { status, body, headers };
}

/** Error reply; `detail` mirrors the style of the documented 403 message. */
export function error(status: number, detail: string, extra?: Record<string, unknown>): Reply {
	return { status, body: { detail, ...extra } };
}

export type BodyResult = { ok: true; value: unknown } | { ok: false; reply: Reply };

/** Reads and parses a JSON body. An empty body counts as {}. */
export async function readJsonBody(req: IncomingMessage): Promise<BodyResult> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of req) {
		size += (chunk as Buffer).length;
		if (size > MAX_BODY_BYTES) return { ok: false, reply: error(413, 'Request body too large.') };
		chunks.push(chunk as Buffer);
	}
	const text = Buffer.concat(chunks).toString('utf8');
	if (text.trim() === '') return { ok: true, value: {} };
	const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
	if (type !== 'application/json') {
		return { ok: false, reply: error(415, `Unsupported media type "${type ?? ''}" in request.`) };
	}
	try {
		return { ok: true, value: JSON.parse(text) as unknown };
	} catch (e) {
		return { ok: false, reply: error(400, `JSON parse error - ${(e as Error).message}`) };
	}
}

function escapeHtml(text: string): string {
	return text.replace(
		/[&<>"]/g,
		(c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string,
	);
}

function htmlPage(status: number): string {
	const title = `${status} ${STATUS_CODES[status] ?? ''}`.trim();
	return (
		`<!DOCTYPE html>\n<html><head><title>${escapeHtml(title)}</title></head>` +
		`<body><h1>${escapeHtml(title)}</h1><p>This page is not JSON.</p></body></html>\n`
	);
}

export function send(res: ServerResponse, reply: Reply, htmlMode: HtmlMode): void {
	const asHtml =
		reply.html === true || htmlMode === 'all' || (htmlMode === 'errors' && reply.status >= 400);
	const text = asHtml ? htmlPage(reply.status) : JSON.stringify(reply.body);
	res.writeHead(reply.status, {
		...reply.headers,
		'Content-Type': asHtml ? 'text/html; charset=utf-8' : 'application/json',
		'Content-Length': String(Buffer.byteLength(text)),
	});
	res.end(text);
}
