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
 * The list is the slowest files of a warm run, slowest first (2026-11-30: triggerSmallShare 22 s,
 * the next 9 s and less; since 2026-12-01 the property test's regressions run as one file of
 * about 25 s, test/property/regressions.test.ts). A file missing from it only runs later, never less: update the list
 * when `npx jest --json` shows another file among the slowest. triggerPushedWalk (6 s warm) was
 * missing until 2026-12-01: on a cold run it started at 87 s and took 33 s, so jest alone took
 * 120 s; listed, it took 7.5 s and jest 116 s beside the type check. Since then a file of the
 * simulations' folders that the list misses starts right after the list (SIMULATIONS).
 */
const Sequencer = require('@jest/test-sequencer').default;

const SLOWEST = [
	'workflow/triggerSmallShare',
	'workflow/triggerEdges',
	'workflow/triggerSnippets',
	'property/regressions',
	'property/triggerSchedules',
	'workflow/triggerPushedWalk',
	'compat/triggerStates',
	'unit/trigger/simulation',
	'workflow/triggerBacklogOrder',
	'workflow/triggerClasses',
	'workflow/triggerSmallPages',
	'scripts/checkService',
	'property/smallShares',
	'sandbox/simulatedService',
	'unit/triggerLayout',
	'unit/trigger/enrichedSimulation',
	'unit/trigger/newContactLimits',
	'unit/trigger/timeRules',
];

/**
 * After the list, every file of test/workflow/trigger*, test/property/ and test/compat/: the
 * simulations, with the other trigger tests and the saved-workflow test, which also load
 * n8n-core. A new simulation the list misses still starts before the quick unit files instead
 * of last.
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
