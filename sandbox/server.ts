// startSandbox: an HTTP server on node:http that behaves like the Outreach Contact Service.
// The sandbox is a local dev tool, not shipped with the nodes, so n8n Cloud's import rules do not apply.
/* eslint-disable @n8n/community-nodes/no-restricted-imports */

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

import { FaultInjector, type ForcedResponse } from './faults';
import { error, readJsonBody, send, type BodyResult, type Reply } from './http';
import {
	gatewayReply,
	MOVED_PREFIX,
	redirectLocation,
	redirectReply,
	retryAfterHeaders,
	shapeAnswer,
	type RedirectTarget,
} from './misbehaviour';
import { SlidingWindowLimiter } from './rateLimit';
import { ROUTES } from './routes';
import { resolveSettings, type SandboxOptions, type SandboxSettings } from './settings';
import { SandboxStats } from './stats';
import { Store } from './store';

export type { SandboxOptions, SandboxSettings } from './settings';
export type { ForcedResponse } from './faults';
export type { RecordedRequest, RedirectTarget } from './misbehaviour';

export const API_PREFIX = '/api/v2';
export const DEFAULT_API_KEY = 'sandbox-api-key';

export interface Sandbox {
	/** e.g. "http://127.0.0.1:43121/api/v2" (no trailing slash). */
	baseUrl: string;
	apiKey: string;
	port: number;
	store: Store;
	stats: SandboxStats;
	/** Live settings: changes apply to the next request. */
	settings: SandboxSettings;
	/**
	 * The next `count` requests get `status` whatever they ask (before routing, auth and rate
	 * limiting). A forced 429 carries Retry-After: 1 unless headers say otherwise.
	 */
	forceNext(count: number, status: number, options?: Omit<ForcedResponse, 'status'>): void;
	/** Drops forced responses not yet served. */
	clearForced(): void;
	/**
	 * Where `settings.redirect` sends requests (a second server on another port, or /moved on this
	 * one), with every request that reached it. It answers like the service; its requests are not
	 * in `stats`.
	 */
	redirectTarget: RedirectTarget;
	/** Forgets all rate-limit history. */
	resetRateLimit(): void;
	/** Stops listening and closes open connections. */
	close(): Promise<void>;
}

const AUTH_FAILED = 'Authentication credentials were not provided.';

function forcedReply(forced: ForcedResponse): Reply {
	const headers = { ...(forced.status === 429 ? { 'Retry-After': '1' } : {}), ...forced.headers };
	const detail =
		forced.status === 503
			? 'Service temporarily unavailable, try again later.'
			: `Forced status ${forced.status}.`;
	return { status: forced.status, body: forced.body ?? { detail }, headers, html: forced.html };
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const settings = resolveSettings(options);
	const apiKey = options.apiKey ?? DEFAULT_API_KEY;
	if (apiKey === '') throw new RangeError('apiKey must not be empty');
	const now = options.now ?? Date.now;
	const store = new Store(now);
	if (options.seed !== false) store.seed();
	if (options.seedContacts) store.seedContacts(options.seedContacts);
	const stats = new SandboxStats();
	const limiter = new SlidingWindowLimiter(settings.rateLimit, now, settings.rateWindowMs);
	const faults = new FaultInjector(options.faultSeed ?? 1);

	const redirectTarget: RedirectTarget = { origin: '', requests: [] };

	/**
	 * Decides the reply; `setRoute` receives the stats name of the matched route. `pathname` is
	 * the request's, less MOVED_PREFIX at a same-origin redirect's target; `atTarget`: the request
	 * reached where a redirect points, which answers as the service without misbehaving.
	 */
	async function handle(
		req: IncomingMessage,
		setRoute: (name: string) => void,
		readBody: () => Promise<BodyResult>,
		pathname: string,
		atTarget: boolean,
	): Promise<Reply> {
		const url = new URL(req.url ?? '/', 'http://sandbox.local');
		const path = pathname.startsWith(`${API_PREFIX}/`) ? pathname.slice(API_PREFIX.length) : null;
		const candidates = path === null ? [] : ROUTES.filter((r) => r.pattern.test(path));
		const route = candidates.find((r) => r.method === req.method);
		const named = route ?? candidates[0];
		if (named) setRoute(`${req.method ?? ''} ${named.name}`);

		// Faults come first: they stand for a flaky server or gateway in front of the service.
		const fault = atTarget ? undefined : faults.next(settings.faultRate);
		if (fault) return forcedReply(fault);
		if (settings.status && !atTarget) return gatewayReply(settings.status);
		if (settings.redirect && !atTarget) {
			const where = redirectLocation(settings.redirectOrigin, redirectTarget, req.url ?? '/');
			return redirectReply(settings.redirect, where);
		}
		if (path === null || candidates.length === 0) return error(404, 'Not found.');

		if (req.headers.authorization !== apiKey) return error(403, AUTH_FAILED);
		limiter.limit = settings.rateLimit;
		limiter.windowMs = settings.rateWindowMs;
		const decision = limiter.tryAcquire(apiKey);
		if (!decision.allowed) {
			stats.rateLimited++;
			const seconds = decision.retryAfterSeconds;
			return {
				...error(429, `Request was throttled. Expected available in ${seconds} seconds.`),
				headers: retryAfterHeaders(seconds, settings.retryAfter, now()),
			};
		}
		if (!route) {
			const allow = candidates.map((r) => r.method).join(', ');
			return {
				...error(405, `Method "${req.method ?? ''}" not allowed.`),
				headers: { Allow: allow },
			};
		}

		let body: unknown;
		if (route.method === 'POST') {
			const read = await readBody();
			if (!read.ok) return read.reply;
			body = read.value;
		}
		const params = (route.pattern.exec(path) ?? []).slice(1);
		return shapeAnswer(
			route.handle({ store, settings, stats, now, url, params, body }),
			settings.answer,
		);
	}

	/** A request to the second server, or to MOVED_PREFIX while redirecting there: recorded, served. */
	async function onTargetRequest(
		req: IncomingMessage,
		res: ServerResponse,
		pathname: string,
	): Promise<void> {
		redirectTarget.requests.push({
			method: req.method ?? '',
			path: req.url ?? '/',
			headers: { ...req.headers },
		});
		let body: Promise<BodyResult> | undefined;
		const readBody = () => (body ??= readJsonBody(req));
		let reply: Reply;
		try {
			reply = await handle(req, () => undefined, readBody, pathname, true);
		} catch (e) {
			reply = error(500, `Sandbox error: ${(e as Error).message}`);
		}
		send(res, reply, settings.htmlResponses);
	}

	async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const pathname = new URL(req.url ?? '/', 'http://sandbox.local').pathname;
		if (
			settings.redirect &&
			settings.redirectOrigin === 'same' &&
			pathname.startsWith(`${MOVED_PREFIX}/`)
		) {
			return await onTargetRequest(req, res, pathname.slice(MOVED_PREFIX.length));
		}
		stats.requestStarted();
		const at = now();
		let route = 'unmatched';
		let reply: Reply;
		let body: Promise<BodyResult> | undefined;
		const readBody = () => (body ??= readJsonBody(req));
		try {
			if (stats.log && req.method === 'POST') await readBody();
			if (settings.latencyMs > 0) await delay(settings.latencyMs);
			reply = await handle(req, (name) => (route = name), readBody, pathname, false);
		} catch (e) {
			reply = error(500, `Sandbox error: ${(e as Error).message}`);
		}
		stats.requestFinished(route, reply.status);
		if (stats.log) {
			const read = body ? await body.catch(() => undefined) : undefined;
			const value = read?.ok ? (read.value as Record<string, unknown> | undefined) : undefined;
			const email = typeof value?.email === 'string' ? value.email : undefined;
			const conditions = Array.isArray(value?.conditions) ? (value.conditions as unknown[]) : [];
			const searched = conditions.map((c) => String((c as { property?: unknown })?.property));
			stats.log.push({
				at,
				answeredAt: now(),
				status: reply.status,
				route,
				port: req.socket.remotePort,
				...(email ? { email } : {}),
				...(searched.length > 0 ? { searched } : {}),
			});
		}
		send(res, reply, settings.htmlResponses);
	}

	const host = options.host ?? '127.0.0.1';
	const urlHost = host.includes(':') ? `[${host}]` : host;
	const listen = async (server: Server, port: number): Promise<number> => {
		await new Promise<void>((resolve, reject) => {
			server.once('error', reject);
			server.listen(port, host, () => resolve());
		});
		return (server.address() as AddressInfo).port;
	};
	const close = async (server: Server): Promise<void> =>
		await new Promise<void>((resolve, reject) => {
			server.close((err) => (err ? reject(err) : resolve()));
			// Keep-alive connections (e.g. from fetch) would otherwise hold close() open.
			server.closeAllConnections();
		});
	const server = createServer((req, res) => void onRequest(req, res));
	const port = await listen(server, options.port ?? 0);
	// The second server, another origin (another port), where redirects to 'other' point.
	const target = createServer(
		(req, res) =>
			void onTargetRequest(req, res, new URL(req.url ?? '/', 'http://sandbox.local').pathname),
	);
	try {
		redirectTarget.origin = `http://${urlHost}:${await listen(target, 0)}`;
	} catch (e) {
		await close(server);
		// eslint-disable-next-line @n8n/community-nodes/require-node-api-error -- sandbox code, not shipped: the listen error as is
		throw e;
	}

	return {
		baseUrl: `http://${urlHost}:${port}${API_PREFIX}`,
		apiKey,
		port,
		store,
		stats,
		settings,
		forceNext: (count, status, forced) => faults.forceNext(count, { ...forced, status }),
		clearForced: () => faults.clearForced(),
		redirectTarget,
		resetRateLimit: () => limiter.reset(),
		close: async () => {
			await Promise.all([close(server), close(target)]);
		},
	};
}
