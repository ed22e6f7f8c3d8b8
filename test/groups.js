/**
 * Which test files `npm test` (jest.grouped.config.js) runs together, as one jest file per group
 * (test/groups/); why, and what a group shares: docs/development.md, "How long npm test takes".
 *
 * A group is every `*.test.ts` of its folder (test/unit/ with its subfolders) that is not in
 * RUN_ALONE: a new file joins its group without a change here. Each file runs in its own
 * `describe` named by its path below test/ (`-t '^unit/transport/request '`, anchored and with
 * the space, runs only that file's tests). test/unit/ has two groups: the files that replace
 * transport/api with jest.fn stand-ins (`jest.mock`) need them in place before any module loads,
 * the others the real transport.
 */
const { readdirSync, readFileSync, statSync } = require('node:fs');
const { join, relative } = require('node:path');

const TEST = __dirname;

/**
 * The files of the grouped folders that run as their own jest files (paths below test/, without
 * `.test.ts`): the simulations (test:long runs them at full size, jest.long.config.js; in npm
 * test they take seconds each, some set timeouts of minutes, and they run beside the groups,
 * slowest first, jest.sequencer.js), one more slow file, and those that replace a module other
 * than transport/api.
 */
const RUN_ALONE = [
	// simulations
	'unit/trigger/simulation',
	'unit/trigger/enrichedSimulation',
	'workflow/triggerEdges',
	'workflow/contactAddSandbox',
	'workflow/triggerClasses',
	'workflow/triggerSavedStates',
	'workflow/triggerSnippets',
	'workflow/triggerSmallShare',
	'workflow/triggerBacklogOrder',
	'workflow/triggerSmallPages',
	'sandbox/simulatedService',
	// slow
	'workflow/triggerPushedWalk',
	// jest.mock of helpers/simplify
	'workflow/contactSearch',
];

/** The module the transport-mocked group replaces (searchContacts, contactDeleted): the end of its path. */
const TRANSPORT_API = '/nodes/OutreachContact/transport/api';

/** Each group: its folder below test/ and which of the folder's files it takes. */
const GROUPS = {
	unit: { folder: 'unit', mocksTransport: false },
	unitMockedTransport: { folder: 'unit', mocksTransport: true },
	workflow: { folder: 'workflow', mocksTransport: false },
	sandbox: { folder: 'sandbox', mocksTransport: false },
};

const FOLDERS = [...new Set(Object.values(GROUPS).map((group) => group.folder))];

function testFiles(dir) {
	return readdirSync(dir)
		.sort()
		.flatMap((name) => {
			const path = join(dir, name);
			if (statSync(path).isDirectory()) return name === 'fixtures' ? [] : testFiles(path);
			return name.endsWith('.test.ts') ? [path] : [];
		});
}

const nameOf = (path) =>
	relative(TEST, path)
		.split('\\')
		.join('/')
		.replace(/\.test\.ts$/, '');

/**
 * The modules a file replaces (`jest.mock` and its kin), as it names them; null for one it names
 * by anything but a string literal.
 */
function mockedModules(source) {
	return [
		...source.matchAll(
			/jest\.(?:mock|doMock|setMock|unstable_mockModule)\(\s*(?:(['"`])(.*?)\1)?/g,
		),
	].map((match) => (match[1] === undefined ? null : match[2]));
}

/** What keeps a file out of a group, or undefined. A group shares its modules and its run. */
function cannotJoin(source) {
	const strange = mockedModules(source).filter(
		(module) => module === null || !module.endsWith(TRANSPORT_API),
	);
	if (strange.length > 0)
		return `replaces ${strange.map((module) => module ?? 'a module named by a variable').join(', ')} (jest.mock): the group's other files would get the stand-in`;
	if (/\bjest\.(?:unmock|resetModules|enableAutomock|deepUnmock)\(/.test(source))
		return "resets or unmocks modules (jest.resetModules, jest.unmock): the group's other files share them";
	if (
		/\b(?:it|test|describe)(?:\.\w+)*\.only\b/.test(source) ||
		/^\s*f(?:it|describe)(?:\.\w+)*\s*\(/m.test(source)
	)
		return "focuses its tests (.only): the group's other files would be skipped";
	if (/\b(?:toMatchSnapshot|toThrowErrorMatchingSnapshot)\(/.test(source))
		return "writes a snapshot file: it would be the group's, not its own";
	return undefined;
}

/**
 * The files of a group, in name order. Throws for a file that cannot run in one (cannotJoin): it
 * belongs in RUN_ALONE.
 */
function membersOf(groupName) {
	const group = GROUPS[groupName];
	if (!group) throw new Error(`test/groups.js: no group ${groupName}`);
	return testFiles(join(TEST, group.folder)).filter((path) => {
		if (RUN_ALONE.includes(nameOf(path))) return false;
		const source = readFileSync(path, 'utf8');
		const problem = cannotJoin(source);
		if (problem !== undefined)
			throw new Error(
				`${nameOf(path)}.test.ts ${problem}. Add it to RUN_ALONE in test/groups.js, or change it`,
			);
		return mockedModules(source).length > 0 === group.mocksTransport;
	});
}

/** A regular expression (for testPathIgnorePatterns) matching every grouped file. */
function groupedPattern() {
	const alone = RUN_ALONE.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
	return `/test/(?!(${alone})\\.test\\.ts$)(${FOLDERS.join('|')})/.+\\.test\\.ts$`;
}

module.exports = {
	GROUPS,
	RUN_ALONE,
	TRANSPORT_API,
	membersOf,
	nameOf,
	groupedPattern,
	cannotJoin,
};
