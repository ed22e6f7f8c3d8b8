/* eslint-disable @n8n/community-nodes/require-node-api-error, no-console -- e2e test code, not shipped: it reports plain Errors and prints the error results it saw */
/**
 * The MCP test's client side (mcp.e2e.test.ts): an MCP client nobody on this project wrote
 * (`@modelcontextprotocol/sdk`) connected to the example's MCP Server Trigger, the calls the test
 * makes through it, and what each call cost the sandbox. Every tool result's text is kept, for the
 * check that the API key appears in none.
 */
// The SDK's documented paths. They resolve through its package exports ("./*": require ->
// dist/cjs/*, so Node, jest and tsc find them); the lint resolver tries the "types" condition
// first, which maps them to dist/esm/*.js.d.ts, a file the SDK does not ship.
/* eslint-disable import-x/no-unresolved */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
/* eslint-enable import-x/no-unresolved */

import type { WorkflowJson } from '../../../harness/n8n/n8n';
import type { Sandbox } from '../../../sandbox/server';
import { CALL_TIMEOUT_MS, toolName, type CallOutcome } from './mcpExample';

type ToolNode = WorkflowJson['nodes'][number];

export class McpSession {
	/** The text of every tool result the client received, for the API key check. */
	readonly received: string[] = [];

	private constructor(
		readonly client: Client,
		private readonly toolNodes: ToolNode[],
		private readonly sandbox: Sandbox,
	) {}

	/** A client connected to `url` (the trigger's production URL), or the connection's error. */
	static async connect(url: string, toolNodes: ToolNode[], sandbox: Sandbox): Promise<McpSession> {
		const client = new Client({ name: 'outreach-contact-e2e', version: '1.0.0' });
		try {
			await client.connect(new StreamableHTTPClientTransport(new URL(url)), {
				timeout: CALL_TIMEOUT_MS,
			});
			return new McpSession(client, toolNodes, sandbox);
		} catch (error) {
			await client.close().catch(() => undefined);
			throw error;
		}
	}

	async close(): Promise<void> {
		await this.client.close().catch(() => undefined);
	}

	async call(name: string, args: Record<string, unknown>): Promise<CallOutcome> {
		const result = (await this.client.callTool({ name, arguments: args }, undefined, {
			timeout: CALL_TIMEOUT_MS,
		})) as {
			content?: Array<{ type: string; text?: string }>;
			isError?: boolean;
		};
		const text = (result.content ?? [])
			.map((part) => (part.type === 'text' ? (part.text ?? '') : `[${part.type}]`))
			.join('\n');
		this.received.push(text);
		return { isError: result.isError === true, text };
	}

	/**
	 * A successful call's JSON answer (n8n sends the tool's output items as one JSON text). Every
	 * field that comes back must be named in the tool's description: the model learns what a tool
	 * returns only from there, so a new output field needs a line in the example.
	 */
	async callOk(
		name: string,
		args: Record<string, unknown>,
	): Promise<Array<Record<string, unknown>>> {
		const outcome = await this.call(name, args);
		if (outcome.isError)
			throw new Error(`${name}(${JSON.stringify(args)}) failed: ${outcome.text}`);
		const items = JSON.parse(outcome.text) as Array<Record<string, unknown>>;
		const description = String(
			this.toolNodes.find((node) => toolName(node.name) === name)?.parameters.toolDescription ?? '',
		);
		const unnamed = [...new Set(items.flatMap((item) => Object.keys(item)))].filter(
			(field) => !new RegExp(`\\b${field}\\b`).test(description),
		);
		expect({ tool: name, fieldsMissingFromItsDescription: unnamed }).toEqual({
			tool: name,
			fieldsMissingFromItsDescription: [],
		});
		return items;
	}

	/** A call that must come back as an error result; its text, also printed. */
	async callError(name: string, args: Record<string, unknown>): Promise<string> {
		const outcome = await this.call(name, args);
		expect({ name, args, isError: outcome.isError, text: outcome.text }).toEqual(
			expect.objectContaining({ isError: true }),
		);
		console.log(
			`[mcp] ${name}(${JSON.stringify(args)}) -> error result:\n  ${outcome.text.replace(/\n/g, '\n  ')}`,
		);
		return outcome.text;
	}

	/** The requests the sandbox answered while `run` ran, by route and status ("GET /me 200": 1). */
	async requestsDuring<T>(
		run: () => Promise<T>,
	): Promise<{ value: T; requests: Record<string, number> }> {
		const before = JSON.parse(JSON.stringify(this.sandbox.stats.byPathStatus)) as Record<
			string,
			Record<string, number>
		>;
		const value = await run();
		const requests: Record<string, number> = {};
		for (const [route, statuses] of Object.entries(this.sandbox.stats.byPathStatus)) {
			for (const [status, count] of Object.entries(statuses)) {
				const sent = count - (before[route]?.[status] ?? 0);
				if (sent > 0) requests[`${route} ${status}`] = sent;
			}
		}
		return { value, requests };
	}
}
