import type { IDataObject, INode } from 'n8n-workflow';

import { NEW_CONTACT_KEY } from '../../nodes/OutreachContact/trigger/shared/ledger/shapes';
import { testHooks } from '../../nodes/OutreachContact/testHooks';
import type { Contact } from '../../nodes/OutreachContact/types';
import { pollOnce, triggerNode } from '../../harness/n8nHarness';
import { TestClock } from '../../harness/testClock';
import { contact, credentials } from './fixtures';
import { isolateNetwork } from './nodeRun';

/**
 * For the trigger's workflow tests (test/workflow/trigger*.test.ts): no real network, and in
 * every test a new n8n process (no trigger state kept in memory) whose clock starts at `start`,
 * is moved by the test (`time.clock`), and lets waits take no time.
 */
export function useTriggerClock(start: number): { clock: TestClock } {
	const time = { clock: new TestClock({ start, sleep: 'still', random: () => 0.5 }) };
	let restore = () => {};
	isolateNetwork();
	beforeEach(() => {
		time.clock = new TestClock({ start, sleep: 'still', random: () => 0.5 });
		restore = time.clock.install();
		testHooks.forgetTriggerStates();
	});
	afterEach(() => restore());
	return time;
}

/** A contact with this id, created at `created` (an ISO date). */
export const createdAt = (id: number, created: string): Contact =>
	contact(id, { created_date: created }) as Contact;

/** The New Contact trigger node ("New Contact") with these parameters. */
export const newContactTrigger = (parameters: IDataObject = {}) =>
	triggerNode('New Contact', { event: 'newContact', ...parameters });

/** The New Contact state a poll of newContactTrigger() stored in the workflow's static data. */
export const newContactState = (staticData: IDataObject) =>
	(staticData['node:New Contact'] as IDataObject)?.[NEW_CONTACT_KEY] as IDataObject;

/** n8n's clock when each test starts (useTriggerClock(TRIGGER_NOW)). */
export const TRIGGER_NOW = Date.UTC(2026, 0, 10, 12, 0, 0);

/** The ISO date `m` minutes before TRIGGER_NOW. */
export const minutesAgo = (m: number) => new Date(TRIGGER_NOW - m * 60_000).toISOString();

/** The error **Fetch Test Event** (a manual poll of `node`) fails with; undefined when it succeeds. */
export const fetchTestEventError = (node: INode): Promise<(Error & IDataObject) | undefined> =>
	pollOnce(node, { credentials, mode: 'manual' }).then(
		() => undefined,
		(e: unknown) => e as Error & IDataObject,
	);
