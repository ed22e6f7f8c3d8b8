import type { StoredExecution } from '../../../harness/n8n/n8n';
import type { Sandbox } from '../../../sandbox/server';

const SEARCH_PATH = 'POST /contact/search/';

/** How many searches the sandbox answered: each trigger poll sends at least one. */
export function searchCount(sandbox: Sandbox): number {
	return sandbox.stats.byPath[SEARCH_PATH] ?? 0;
}

/** The items a node emitted, one entry per emission, with the execution that emitted it. */
export function emittedContacts(executions: StoredExecution[], nodeName: string) {
	const emitted: Array<{ executionId: number; json: Record<string, unknown> }> = [];
	for (const execution of executions) {
		const runs = execution.data?.resultData?.runData?.[nodeName] ?? [];
		for (const run of runs) {
			for (const item of run.data?.main?.[0] ?? [])
				emitted.push({ executionId: execution.id, json: item.json });
		}
	}
	return emitted;
}
