/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not shipped: it reads the saved workflows with fs from __dirname */
/**
 * The saved workflows of test/compat/ and how each runs through n8n-core against the sandbox.
 *
 * test/compat/v<N>/<name>.workflow.json is a workflow as n8n stores it, its nodes of this
 * package at node version N (v1, then v1.1 or v2 ...); <name>.golden.json beside it is what it output. A tool workflow
 * (nodes of type outreachContactTool) has <name>.calls.json too: the arguments an agent or MCP
 * client calls each tool with. Every workflow runs against a fresh sandbox with the same seed,
 * on a test clock that starts at COMPAT_START:
 * - a workflow with a Manual Trigger runs once, as when a user clicks Execute workflow; each of
 *   our nodes records its items;
 * - a trigger is polled as n8n polls an active workflow (n8n-core's PollContext), at activation
 *   and twice after new contacts arrived (TRIGGER_TIMELINE); each poll records its items, or
 *   null when it emitted nothing;
 * - each tool runs once per call in its calls file, as n8n runs a tool: the node with one input
 *   item whose `query` holds the arguments ($fromAI reads them).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IDataObject, INode } from 'n8n-workflow';

import {
	chain,
	manualTriggerNode,
	OUTREACH_NODE_TYPE,
	OUTREACH_TOOL_TYPE,
	OUTREACH_TRIGGER_TYPE,
	type OutreachCredentials,
	pollOnce,
	runWorkflow,
	type WorkflowJson,
} from '../../harness/n8nHarness';
import type { AddContactInput } from '../../sandbox/store';
import type { SandboxOnTestClock } from '../support/sandboxClock';
import { recordedItems } from './normalize';

/** When every saved workflow starts: a Monday morning, UTC. */
export const COMPAT_START = Date.UTC(2026, 10, 23, 9, 0, 0);

/** Contacts in the sandbox before a workflow runs: 1001 to 1006, 6 h apart back from the start. */
export const COMPAT_SEED_CONTACTS = 6;

const MINUTE = 60_000;

/**
 * What happens around a trigger, in minutes after the start: it is activated, three contacts
 * arrive (one of them asks for enrichment, which the service finishes at minute 4), and it polls
 * twice more.
 */
const TRIGGER_TIMELINE: Array<{ minute: number; poll?: true; contact?: AddContactInput }> = [
	{ minute: 0, poll: true },
	{ minute: 1, contact: { email: 'new-one@example.com', sequence_id: 101 } },
	{
		minute: 1.5,
		contact: {
			email: 'new-two@example.com',
			sequence_id: 102,
			pronet_handle: 'https://www.pronet.example/in/new-two/',
			do_enrichment: true,
			processed_at: COMPAT_START + 4 * MINUTE,
		},
	},
	{ minute: 2, contact: { email: 'new-three@example.com', sequence_id: 101 } },
	{ minute: 3, poll: true },
	{ minute: 6, poll: true },
];

const OUR_TYPES = [OUTREACH_NODE_TYPE, OUTREACH_TRIGGER_TYPE, OUTREACH_TOOL_TYPE];

export interface SavedCase {
	/** `<name>` of `<name>.workflow.json`. */
	name: string;
	workflow: WorkflowJson;
	goldenPath: string;
	/** The tool calls, by node name (tool workflows only). */
	calls?: Record<string, IDataObject[]>;
}

/** The node versions that have saved workflows: the folders v1, v1.1, v2 ... of test/compat/. */
export function savedVersions(): number[] {
	return readdirSync(__dirname)
		.filter((entry) => /^v\d+(\.\d+)?$/.test(entry))
		.map((entry) => Number(entry.slice(1)))
		.sort((a, b) => a - b);
}

const readJson = <T>(path: string) => JSON.parse(readFileSync(path, 'utf8')) as T;

/** The saved workflows of node version `version`, by name. */
export function savedCases(version: number): SavedCase[] {
	const folder = join(__dirname, `v${version}`);
	return readdirSync(folder)
		.filter((file) => file.endsWith('.workflow.json'))
		.sort()
		.map((file) => {
			const name = file.slice(0, -'.workflow.json'.length);
			const callsPath = join(folder, `${name}.calls.json`);
			return {
				name,
				workflow: readJson<WorkflowJson>(join(folder, file)),
				goldenPath: join(folder, `${name}.golden.json`),
				calls: existsSync(callsPath)
					? readJson<Record<string, IDataObject[]>>(callsPath)
					: undefined,
			};
		});
}

/** Files of a version's folder that belong to no saved workflow (a golden left behind). */
export function strayFiles(version: number): string[] {
	const folder = join(__dirname, `v${version}`);
	const names = new Set(savedCases(version).map((saved) => saved.name));
	return readdirSync(folder).filter((file) => {
		const match = /^(.+)\.(workflow|golden|calls)\.json$/.exec(file);
		return !match || !names.has(match[1]);
	});
}

/** The nodes of this package in a saved workflow, in the order n8n stored them. */
export const ourNodes = (workflow: WorkflowJson): INode[] =>
	workflow.nodes.filter((node) => OUR_TYPES.includes(node.type));

/** What a saved workflow outputs, by node name: items, or (trigger) items per poll. */
export type Outputs = Record<string, unknown>;

export async function runSaved(saved: SavedCase, env: SandboxOnTestClock): Promise<Outputs> {
	const credentials: OutreachCredentials = {
		baseUrl: env.sandbox.baseUrl,
		apiKey: env.sandbox.apiKey,
		requestsPerMinute: 60_000,
	};
	const nodes = ourNodes(saved.workflow);
	const outputs: Outputs = {};
	const trigger = nodes.find((node) => node.type === OUTREACH_TRIGGER_TYPE);
	if (trigger) {
		outputs[trigger.name] = await pollThrough(trigger, credentials, env);
		return outputs;
	}
	if (nodes.some((node) => node.type === OUTREACH_TOOL_TYPE)) {
		for (const node of nodes) {
			const calls = saved.calls?.[node.name];
			if (!calls) throw new Error(`${saved.name}.calls.json has no calls for "${node.name}"`);
			outputs[node.name] = [];
			for (const call of calls)
				(outputs[node.name] as unknown[]).push(await callTool(node, call, credentials));
		}
		return outputs;
	}
	const { outputOf, errorOf } = await runWorkflow(saved.workflow, { credentials });
	for (const node of nodes) {
		const error = errorOf(node.name);
		if (error) throw new Error(`"${node.name}" failed: ${error.message}`);
		outputs[node.name] = recordedItems(outputOf(node.name));
	}
	return outputs;
}

/** The trigger through TRIGGER_TIMELINE: each poll's items, or null when it emitted nothing. */
async function pollThrough(
	trigger: INode,
	credentials: OutreachCredentials,
	{ sandbox, clock }: SandboxOnTestClock,
): Promise<unknown[]> {
	const polls: unknown[] = [];
	const staticData: IDataObject = {};
	for (const step of TRIGGER_TIMELINE) {
		// Forward only: a poll that waited (the clock jumps over its sleeps) is not undone.
		clock.setTime(Math.max(clock.now(), COMPAT_START + step.minute * MINUTE));
		if (step.contact) sandbox.store.addContact(step.contact);
		if (!step.poll) continue;
		const { output } = await pollOnce(trigger, { credentials, staticData });
		polls.push(output === null ? null : recordedItems(output[0] ?? []));
	}
	return polls;
}

/** One tool call: the tool node after a trigger whose item carries the arguments. */
async function callTool(tool: INode, args: IDataObject, credentials: OutreachCredentials) {
	const { outputOf, errorOf } = await runWorkflow(
		{
			nodes: [manualTriggerNode('Call'), tool],
			connections: chain('Call', tool.name),
			pinData: { Call: [{ json: { query: args } }] },
		},
		{ credentials },
	);
	const error = errorOf(tool.name);
	if (error) throw new Error(`the tool "${tool.name}" failed: ${error.message}`);
	return recordedItems(outputOf(tool.name));
}
