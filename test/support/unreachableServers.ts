/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not shipped: it opens TCP servers */
/**
 * Base URLs whose service cannot be reached, for the tests of an unreachable account (issue 26,
 * point 4): a port nothing listens on, and a server that drops every connection.
 */
import { createServer, type Socket } from 'node:net';

/** A Base URL on a port nothing listens on: every request fails with ECONNREFUSED. */
export async function closedPortUrl(): Promise<string> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as { port: number };
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return `http://127.0.0.1:${port}/api/v2`;
}

export interface DroppingServer {
	url: string;
	/** Connections taken so far. */
	connections(): number;
	close(): Promise<void>;
}

/** A server that takes every connection and resets it once the request arrives: ECONNRESET. */
export async function droppingServer(): Promise<DroppingServer> {
	let count = 0;
	const sockets = new Set<Socket>();
	const server = createServer((socket) => {
		count++;
		sockets.add(socket);
		socket.on('error', () => undefined);
		socket.once('data', () => socket.resetAndDestroy());
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as { port: number };
	return {
		url: `http://127.0.0.1:${port}/api/v2`,
		connections: () => count,
		close: async () => {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
