/* eslint-disable no-console -- a benchmark script, not shipped */
import type { INode } from 'n8n-workflow';

import { prepareN8n, SANDBOX_DUMMY_KEY, type PreparedN8n } from '../harness/n8n/environment';
import { N8N_TARGETS } from '../harness/n8n/install';
import { executeWorkflow } from '../harness/n8n/n8n';
import { addContactNode, chainWorkflow, setJson, splitOut } from '../harness/n8n/workflows';
import { startSandbox } from '../sandbox/server';
import { atTheService, minimumMs, seconds } from './benchFigures';
import { printWorkersLog } from './benchWorkersLog';

/**
 * (workers) W separate n8n 2.x processes (`n8n execute`, each its own Node process with its own
 * pacer, as queue-mode workers are) share one API key, each adding `perProcess` contacts at the
 * same moment against the sandbox's real limit. Prints, for each W, the executions' wall time
 * against the minimum the window allows, the 429s, the failed items and the contacts created.
 */
/** The pacing alone: N adds, no look-up searches (they would add 2 x ceil(N / 100) requests). */
function withoutLookUp(node: INode): INode {
	return { ...node, parameters: { ...node.parameters, options: { lookUpContact: false } } };
}

export async function benchWorkers(limitPerMinute: number, counts = [1, 2, 4]): Promise<void> {
	for (const processes of counts) {
		// 300 adds each, 1,200 in all at most: 8 processes add 150 each.
		const perProcess = Math.min(300, Math.floor(1_200 / processes));
		const sandbox = await startSandbox({
			apiKey: SANDBOX_DUMMY_KEY,
			rateLimit: limitPerMinute,
			host: '127.0.0.1',
		});
		const prepared: PreparedN8n[] = [];
		try {
			const flows = Array.from({ length: processes }, (_, p) => {
				const emails = Array.from(
					{ length: perProcess },
					(_, i) => `w${processes}p${p}i${i}@bench.example`,
				);
				return chainWorkflow(
					`Bench workers ${processes} process ${p}`,
					setJson('Emails', { emails }),
					splitOut('Split', 'emails'),
					withoutLookUp(
						addContactNode(
							'Add',
							'={{ $json.emails }}',
							{ id: 'e2eSandboxCred01', name: 'Outreach Sandbox' },
							{
								continueOnFail: true,
							},
						),
					),
				);
			});
			for (const [p, flow] of flows.entries()) {
				prepared.push(
					await prepareN8n({
						target: N8N_TARGETS['2.x'],
						sandbox,
						label: `bench-w${processes}-${p}`,
						workflows: [flow],
					}),
				);
			}
			sandbox.stats.reset();
			sandbox.stats.log = [];
			// Up to four times the minimum, plus n8n's start: the harness's default kill timeout is 3 min.
			const timeoutMs = 4 * minimumMs(processes * perProcess, limitPerMinute, 0) + 120_000;
			const runs = await Promise.all(
				prepared.map(async (env, p) => await executeWorkflow(env.home, flows[p].id, { timeoutMs })),
			);
			const starts = runs.map((run) => Date.parse(run.execution.startedAt));
			const stops = runs.map((run) => Date.parse(run.execution.stoppedAt ?? ''));
			const wall = Math.max(...stops) - Math.min(...starts);
			const total = processes * perProcess;
			const minimum = minimumMs(total, limitPerMinute, 0);
			const ran = (run: (typeof runs)[number]) =>
				Boolean(run.execution.data?.resultData?.runData?.Add);
			for (const run of runs.filter((r) => !ran(r))) {
				console.log(
					`    execution ${run.execution.id}: status ${run.execution.status}, last node ${run.execution.data?.resultData?.lastNodeExecuted ?? '-'}, error ${run.error?.message ?? '-'}\n${run.stderr.slice(-1500)}\n${run.stdout.slice(-1500)}`,
				);
			}
			const outputs = runs.filter(ran).map((run) => run.output('Add'));
			const failed = outputs.flat().filter((item) => item.error !== undefined).length;
			const requests = sandbox.stats.requests;
			const limited = sandbox.stats.rateLimited;
			console.log(
				`(workers) ${processes} n8n process(es) x ${perProcess} adds, one key, ${limitPerMinute}/min`,
			);
			const service = atTheService(sandbox.stats.log ?? []);
			console.log(
				`    at the service ${seconds(service)} (first request to last answer), minimum ${seconds(minimum)}, ratio minimum/actual ${(minimum / service).toFixed(3)}; executions ${seconds(wall)} (first start to last stop, with n8n's start-up)`,
			);
			console.log(
				`    requests ${requests}, 429s ${limited} (${((100 * limited) / requests).toFixed(2)} %), items failed ${failed}, contacts created ${sandbox.stats.contactsCreated} of ${total}, executions ${runs.map((run) => run.execution.status).join(', ')}`,
			);
			printWorkersLog(sandbox.stats.log, processes, starts, stops);
		} finally {
			for (const env of prepared) await env.close();
			await sandbox.close();
		}
	}
}
