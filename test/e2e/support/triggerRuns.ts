import type { StoredExecution } from '../../../harness/n8n/n8n';
import type { Sandbox } from '../../../sandbox/server';
import type { ContactRecord } from '../../../sandbox/types';

/**
 * What each event of the trigger's table emits of the sandbox's contacts (all created after the
 * activation), as the contacts themselves say it, never read from the table. An event without a
 * line here fails the e2e trigger test: a new event needs its expectation written.
 */
const EMITS: Record<string, (contact: ContactRecord) => boolean> = {
	newContact: () => true,
	contactEnriched: (c) => c.enriched_contact_data !== null,
	contactSnippetsReady: (c) => Object.keys(c.sentence_fields ?? {}).length > 0,
};

/**
 * How long the trigger test waits for every contact at every event. Polls run every minute and
 * the sandbox serves pages of 2: an event of eligible contacts whose order is known reads one
 * page of its walk a poll beside the new end, so a contact beyond the new end can take minutes.
 */
export const E2E_TRIGGER_WAIT_MS = 420_000;

export function emittedBy(event: string): (contact: ContactRecord) => boolean {
	const emits = EMITS[event];
	if (!emits)
		throw new Error(`no e2e expectation for the trigger event '${event}' (triggerRuns.ts)`);
	return emits;
}

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
