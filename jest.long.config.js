/**
 * `npm run test:long`: the tests whose size is set in test/support/size.ts, at their full size
 * (TEST_SIZE=long), the property test over 150 schedules with its regressions, and
 * `npm run check-service` as a user runs it (it builds the tools first). CI runs it
 * after `npm test`, which runs the same tests at their fast size. Otherwise as jest.config.js.
 */
const base = require('./jest.config.js');

module.exports = {
	...base,
	testMatch: [
		'<rootDir>/test/workflow/triggerEdges.test.ts',
		'<rootDir>/test/unit/trigger/enrichedSimulation.test.ts',
		'<rootDir>/test/sandbox/simulatedService.test.ts',
		'<rootDir>/test/workflow/contactAddSandbox.test.ts',
		'<rootDir>/test/workflow/triggerClasses.test.ts',
		'<rootDir>/test/workflow/triggerSavedStates.test.ts',
		'<rootDir>/test/workflow/triggerSnippets.test.ts',
		'<rootDir>/test/workflow/triggerSmallShare.test.ts',
		'<rootDir>/test/workflow/triggerBacklogOrder.test.ts',
		'<rootDir>/test/workflow/triggerSmallPages.test.ts',
		'<rootDir>/test/unit/trigger/simulation.test.ts',
		'<rootDir>/test/compat/triggerStates.test.ts',
		'<rootDir>/test/property/*.test.ts',
		'<rootDir>/test/scripts/checkServiceCli.test.ts',
	],
	testPathIgnorePatterns: [
		'/node_modules/',
		'/test/e2e/',
		'/test/ui/',
		'/test/property/regressions/',
	],
	setupFiles: [...base.setupFiles, '<rootDir>/test/support/longSize.ts'],
};
