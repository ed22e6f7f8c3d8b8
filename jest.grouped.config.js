/**
 * `npm test`: the tests of jest.config.js, with the quick files of test/unit/, test/workflow/ and
 * test/sandbox/ run in groups, a jest file each (test/groups/): each loads n8n-workflow and
 * n8n-core once instead of once a file (test/groups.js; docs/development.md, "How long npm test
 * takes"). `npx jest <file>` runs a file alone (jest.config.js).
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
