/* eslint-disable @typescript-eslint/no-require-imports, @n8n/community-nodes/no-restricted-globals -- test code, not shipped: it requires the files of a group and reads jest.setTimeout's value from globalThis */
/**
 * Runs the files of one group of test/groups.js in this jest file, each in its own `describe`
 * named by its path (below test/, without `.test.ts`).
 */
import nock from 'nock';

import { testHooks } from '../../nodes/OutreachContact/testHooks';
import * as groups from '../groups';

const { testTimeout } = require('../../jest.config.js') as { testTimeout: number };

/**
 * Where `jest.setTimeout` keeps its value. jest-circus reads it once, when the run starts, and a
 * group has one run: the last value a file set would hold for every file. When a file sets one,
 * the group takes the longest of the configuration's and every file's: no test gets less time
 * than it has alone. When none does, the value stays unset (a `--testTimeout` given to jest holds).
 */
const TIMEOUT = Symbol.for('TEST_TIMEOUT_SYMBOL');

/**
 * Before each file's first test, ahead of its own hooks: the package's process-wide state
 * forgotten (pacers, outages, the trigger's memory), nock's interceptors removed and connections
 * to the network allowed again (a file that ends with `nock.disableNetConnect()` left it for the
 * next), as in a jest file of its own; then `beforeEachFile`, when given.
 */
export function runGroup(group: string, beforeEachFile?: () => void): void {
	const timeouts = globalThis as unknown as Record<symbol, number | undefined>;
	let longest = testTimeout;
	let set = false;
	for (const file of groups.membersOf(group)) {
		describe(groups.nameOf(file), () => {
			beforeAll(() => {
				testHooks.resetPacers();
				testHooks.forgetTriggerStates();
				nock.cleanAll();
				nock.enableNetConnect();
				beforeEachFile?.();
			});
			require(file);
		});
		const timeout = timeouts[TIMEOUT];
		if (timeout !== undefined) {
			set = true;
			longest = Math.max(longest, timeout);
		}
	}
	if (set) jest.setTimeout(longest);
}
