/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not shipped: local servers for network failures */
import { createServer as createHttpServer } from 'http';
import { createServer as createNetServer } from 'net';
import type { IncomingMessage, ServerResponse } from 'http';
import type { AddressInfo, Socket } from 'net';

/**
 * An Error with a network code, for nock's `replyWithError`. Pass this, not a plain object:
 * with nock 14 a plain `{ code }` object never reaches the client (the request hangs until
 * its timeout). Even so, nock's mock socket sometimes emits the error with no listener on a
 * busy machine ("Unhandled error", a flaky failure): for dropped connections prefer
 * `localServer` and `req.socket.destroy()`, for refused ones `closedPort()`.
 */
export function networkError(code: string, message = `${code.toLowerCase()} ${code}`): Error {
	return Object.assign(new Error(message), { code });
}

// ---------------------------------------------------------------------------------------------
// Credential test

export interface LocalServer {
	/** e.g. http://127.0.0.1:41234 */
	origin: string;
	/** Requests received so far. */
	hits: number;
	close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 (remember `nock.enableNetConnect('127.0.0.1')`). The handler
 * gets the 1-based request number; `req.socket.destroy()` drops the connection (the client sees
 * ECONNRESET, "socket hang up").
 */
export async function localServer(
	handler: (req: IncomingMessage, res: ServerResponse, hit: number) => void,
): Promise<LocalServer> {
	const sockets = new Set<Socket>();
	const state = { hits: 0 };
	const server = createHttpServer((req, res) => handler(req, res, ++state.hits));
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const address = server.address() as AddressInfo;
	return {
		origin: `http://127.0.0.1:${address.port}`,
		get hits() {
			return state.hits;
		},
		close: async () => {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

/** A localhost port nothing listens on (bound, then closed): connecting gives ECONNREFUSED. */
export async function closedPort(): Promise<number> {
	const server = createNetServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}
