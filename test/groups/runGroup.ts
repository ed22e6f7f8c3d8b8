/* eslint-disable @typescript-eslint/no-require-imports -- test code, not shipped: it requires the files of a group */
/**
 * Runs the files of one group of test/groups.js in this jest file, each in its own `describe`
 * named by its path (below test/, without `.test.ts`). `beforeEachFile`, when given, runs before
 * each file's first test, ahead of the file's own hooks.
 */
const groups = require('../groups') as {
	membersOf(group: string): string[];
	nameOf(path: string): string;
};

export function runGroup(group: string, beforeEachFile?: () => void): void {
	for (const file of groups.membersOf(group)) {
		describe(groups.nameOf(file), () => {
			if (beforeEachFile) beforeAll(beforeEachFile);
			require(file);
		});
	}
}
