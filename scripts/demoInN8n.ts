/**
 * `npm run demo -- --n8n`: the demo workflow in full n8n (2.x, the e2e suite's cached install):
 * imported with the n8n CLI next to a credential for a fresh sandbox, run with `n8n execute`,
 * and summarised from the execution n8n stored.
 */
/* eslint-disable no-console -- a demo script, not shipped */
import { prepareN8n } from '../harness/n8n/environment';
import { N8N_TARGETS } from '../harness/n8n/install';
import { executeWorkflow, importWorkflows } from '../harness/n8n/n8n';
import { workflowUsing } from './demoWorkflow';

export async function runDemoInN8n(file: string): Promise<void> {
	const target = N8N_TARGETS['2.x'];
	console.log(
		`Preparing n8n ${target.version} (the first run installs it, several minutes; later runs reuse the cache)...`,
	);
	const prepared = await prepareN8n({ target, label: 'demo' });
	try {
		const workflow = workflowUsing(file, prepared.credential);
		await importWorkflows(prepared.home, [workflow]);
		const started = Date.now();
		const result = await executeWorkflow(prepared.home, String(workflow.id));
		if (result.error)
			throw new Error(`the workflow failed: ${JSON.stringify(result.error).slice(0, 500)}`);
		console.log(
			`Ran "${String(workflow.name)}" with n8n execute in ${((Date.now() - started) / 1000).toFixed(1)} s`,
		);
		const show = (node: string, pick: (json: Record<string, unknown>) => unknown) =>
			console.log(`  ${node.padEnd(30)} ${result.output(node).map(pick).join(', ')}`);
		show('Get Sequences', (j) => `${String(j.sequence_name)} (#${String(j.id)})`);
		show(
			'Add Contact',
			(j) =>
				`${String(j.email)}: ${String(j.status)}, id ${String(j.id)}, enriched ${String(j.is_enriched)}`,
		);
		show("Search Today's Demo Contacts", (j) => j.email);
		show('Get First Contact', (j) => `#${String(j.id)} ${String(j.email)}`);
		console.log(
			`  sandbox: ${prepared.sandbox.stats.requests} requests, ${prepared.sandbox.stats.contactsCreated} contacts created`,
		);
		console.log('  (the trigger polls once the workflow is activated: see npm run dev)');
	} finally {
		await prepared.close();
	}
}
