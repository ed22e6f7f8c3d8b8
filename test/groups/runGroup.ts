/* eslint-disable @typescript-eslint/no-require-imports, @n8n/community-nodes/no-restricted-globals -- test code, not shipped: it requires the files of a group and reads jest.setTimeout's value from globalThis */
/**
 * Runs the files of one group of test/groups.js in this jest file, each in its own `describe`
 * named by its path (below test/, without `.test.ts`). `beforeEachFile`, when given, runs before
 * each file's first test, ahead of the file's own hooks.
 */
const groups = require('../groups') as {
	membersOf(group: string): string[];
	nameOf(path: string): string;
};
const { testTimeout } = require('../../jest.config.js') as { testTimeout: number };

/**
 * Where `jest.setTimeout` keeps its value (jest-circus reads it once, when the run starts): a
 * group has one run, so each file's value would hold for every file. The group takes the longest
 * any of its files (or the configuration) sets: no test gets less time than it asks for alone.
 */
const TIMEOUT = Symbol.for('TEST_TIMEOUT_SYMBOL');

export function runGroup(group: string, beforeEachFile?: () => void): void {
	const timeouts = globalThis as unknown as Record<symbol, number | undefined>;
	let longest = testTimeout;
	for (const file of groups.membersOf(group)) {
		describe(groups.nameOf(file), () => {
			if (beforeEachFile) beforeAll(beforeEachFile);
			require(file);
		});
		longest = Math.max(longest, timeouts[TIMEOUT] ?? 0);
	}
	jest.setTimeout(longest);
}
