/**
 * The order jest starts the test files in: the slowest first, then the other files of the
 * simulations' folders, then jest's own order.
 *
 * Jest orders by the durations it cached from the last run, and without them (a fresh clone, or
 * after `jest --clearCache`) by file size. Our slowest files are the simulations, which keep their
 * helpers in test/support/ and are small, so on a cold run they started late, in workers that had
 * grown by then. On the 2-core machine on 2026-11-27 (a noisy one), four cold runs of jest alone
 * took 104 to 133 s (mean 114) in jest's order and 75 to 114 s (mean 97) slowest first; three
 * cold `npm test` runs each way, 111 to 123 s (mean 116) and 106 to 125 s (mean 114).
 *
 * The list is the slowest files of a warm run, slowest first, each named by its path below test/
 * without `.test.ts` (a full path matches nothing). Since 2026-12-01 npm test runs the quick files of
 * test/unit/, test/workflow/ and test/sandbox/ in groups (test/groups.js), 2 to 17 s each, listed
 * here by their time. A slow file missing from the list starts late and ends the run alone: on
 * 2026-12-01 triggerPushedWalk (6 s warm, unlisted) started at 87 s of a cold run and took 33 s,
 * the run's last 8 s. A file of the simulations' folders (test/workflow/trigger*, test/property/,
 * test/compat/) that the list misses starts right after the list (SIMULATIONS); a slow file of
 * test/unit/trigger/ or elsewhere must be listed by hand. To see the slowest: `npx jest --json
 * --outputFile=/tmp/jest.json`, then sort its `testResults` by `endTime - startTime`.
 */
const Sequencer = require('@jest/test-sequencer').default;

const SLOWEST = [
	'workflow/triggerSmallShare',
	'property/regressions',
	'groups/unit',
	'workflow/triggerSnippets',
	'workflow/triggerEdges',
	'groups/unitMockedTransport',
	'groups/workflow',
	'workflow/triggerPushedWalk',
	'compat/triggerStates',
	'property/triggerSchedules',
	'unit/trigger/simulation',
	'workflow/triggerBacklogOrder',
	'workflow/triggerClasses',
	'scripts/checkService',
	'sandbox/simulatedService',
	'property/smallShares',
	'unit/trigger/enrichedSimulation',
	'workflow/contactAddSandbox',
	'workflow/triggerSmallPages',
	'groups/sandbox',
];

/**
 * After the list, every file of test/workflow/trigger*, test/property/ and test/compat/ that runs
 * as its own jest file: the simulations, with the other trigger tests and the saved-workflow
 * test, which also load n8n-core. A new simulation the list misses still starts before the quick
 * files instead of last, once test/groups.js's RUN_ALONE lists it (under npm test a file of
 * test/workflow/ it does not list runs in the workflow group).
 */
const SIMULATIONS = /\/test\/(workflow\/trigger|property\/|compat\/)/;

/** A file's place in SLOWEST; then the other simulations; then the rest. */
function rank(path) {
	const normalized = path.split('\\').join('/');
	const index = SLOWEST.findIndex((name) => normalized.endsWith(`/test/${name}.test.ts`));
	if (index !== -1) return index;
	return SIMULATIONS.test(normalized) ? SLOWEST.length : SLOWEST.length + 1;
}

class SlowestFirst extends Sequencer {
	async sort(tests) {
		// Array.prototype.sort is stable: the rest keep jest's order.
		const ordered = await super.sort(tests);
		return [...ordered].sort((a, b) => rank(a.path) - rank(b.path));
	}
}

module.exports = SlowestFirst;
