/**
 * `npm run demo`: the nodes at work in seconds, with nothing to set up. Starts the local
 * sandbox of the service, arms both trigger events, runs examples/demo-add-search-get.json on n8n's
 * own execution engine (n8n-core's WorkflowExecute), polls the trigger once more, prints
 * what happened and stops everything it started.
 *
 * `npm run demo -- --n8n` runs the same workflow in the full n8n install of the e2e suite.
 */
/* eslint-disable no-console, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- a demo script, not shipped */
// First: n8n-core reads where to keep its settings when it is first imported.
import '../harness/n8nUserFolder';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IDataObject, INode } from 'n8n-workflow';

import { startSandbox } from '../sandbox/server';
import { pollOnce, runWorkflow, type WorkflowJson } from '../harness/n8nHarness';

const WORKFLOW_FILE = join(__dirname, '..', '..', 'examples', 'demo-add-search-get.json');

function line(label: string, value: unknown): void {
	console.log(`  ${label.padEnd(28)} ${typeof value === 'string' ? value : JSON.stringify(value)}`);
}

async function runEmbedded(): Promise<void> {
	const workflow = JSON.parse(readFileSync(WORKFLOW_FILE, 'utf8')) as WorkflowJson & {
		name: string;
	};
	const sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
	const credentials = { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey };
	const started = Date.now();
	try {
		console.log(`Outreach Contact demo: "${workflow.name}"`);
		console.log(`  sandbox of the service at ${sandbox.baseUrl}\n`);

		const triggerNamed = (name: string) => workflow.nodes.find((n: INode) => n.name === name)!;
		const trigger = triggerNamed('New Contact');
		const enrichedTrigger = triggerNamed('Contact Enriched');
		const staticData: IDataObject = {};
		const enrichedData: IDataObject = {};
		const armed = await pollOnce(trigger, { credentials, staticData });
		line('Trigger armed (first poll)', `${armed.items.length} contacts emitted, baseline set`);
		await pollOnce(enrichedTrigger, { credentials, staticData: enrichedData });

		const { outputOf, errorOf } = await runWorkflow(workflow, { credentials, startNode: 'Start' });
		for (const name of [
			'Get Sequences',
			'Add Contact',
			"Search Today's Demo Contacts",
			'Get First Contact',
		]) {
			const error = errorOf(name);
			if (error) throw new Error(`${name} failed: ${error.message}`);
		}
		const sequences = outputOf('Get Sequences').map(
			(i) => `${i.json.sequence_name} (#${i.json.id})`,
		);
		const added = outputOf('Add Contact').map(
			(i) =>
				`${String(i.json.email)}: ${String(i.json.status)}, id ${String(i.json.id)}, ${Object.keys((i.json.sentence_fields ?? {}) as IDataObject).length} snippets, enriched ${String(i.json.is_enriched)}`,
		);
		const found = outputOf("Search Today's Demo Contacts").map((i) => i.json.email);
		const contact = outputOf('Get First Contact')[0]?.json ?? {};
		const person = (contact.enriched_contact_data ?? {}) as IDataObject;
		const company = (contact.enriched_company_data ?? {}) as IDataObject;

		line('Get Sequences', sequences.join(', '));
		for (const entry of added) line('Add Contact (waited)', entry);
		line('Search (created today)', `${found.length} contacts: ${found.join(', ')}`);
		line('Get First Contact', `#${contact.id} ${contact.email}`);
		line('  enriched person', `${person.full_name ?? '-'}, ${person.headline ?? '-'}`);
		line('  enriched company', `${company.name ?? '-'} (${company.industry ?? '-'})`);
		line('  snippets', Object.keys((contact.sentence_fields ?? {}) as IDataObject).join(', '));

		const next = await pollOnce(trigger, { credentials, staticData });
		line(
			'Trigger (next poll)',
			`${next.items.length} new contacts: ${next.items.map((i) => i.json.email).join(', ')}`,
		);
		const again = await pollOnce(trigger, { credentials, staticData });
		line(
			'Trigger (poll after that)',
			`${again.items.length} new contacts (each contact is emitted once)`,
		);
		const enriched = await pollOnce(enrichedTrigger, { credentials, staticData: enrichedData });
		line(
			'Contact Enriched trigger',
			`${enriched.items.length} enriched: ${enriched.items.map((i) => `${String(i.json.email)} (${String(i.json.company_name)})`).join(', ')}`,
		);
		const enrichedAgain = await pollOnce(enrichedTrigger, {
			credentials,
			staticData: enrichedData,
		});
		line(
			'Contact Enriched (next poll)',
			`${enrichedAgain.items.length} (each contact is emitted once)`,
		);

		console.log(
			`\nDone in ${((Date.now() - started) / 1000).toFixed(1)} s: ${sandbox.stats.requests} requests, ${sandbox.stats.contactsCreated} contacts created, ${sandbox.stats.rateLimited} rate-limited.`,
		);
	} finally {
		await sandbox.close();
	}
}

async function main(): Promise<void> {
	if (process.argv.includes('--n8n')) {
		// Loaded only when asked: it drives the full n8n install of the e2e suite.
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const { runDemoInN8n } = require('./demoInN8n') as {
			runDemoInN8n: (file: string) => Promise<void>;
		};
		await runDemoInN8n(WORKFLOW_FILE);
		return;
	}
	await runEmbedded();
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
