/**
 * `npm test`: the tests of jest.config.js, with the quick files of test/unit/, test/workflow/ and
 * test/sandbox/ run in groups, a jest file each (test/groups.js). Changed-file and watch runs
 * (`-o`, `--watch`, `--findRelatedTests`) and a run of one grouped file need `npx jest`
 * (jest.config.js): here jest cannot trace a group's files, and a grouped file is left out.
 */
const base = require('./jest.config.js');
const { groupedPattern } = require('./test/groups');

module.exports = {
	...base,
	testPathIgnorePatterns: [
		...base.testPathIgnorePatterns.filter((pattern) => pattern !== '/test/groups/'),
		groupedPattern(),
	],
};
