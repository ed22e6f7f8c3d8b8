/**
 * Which test files `npm test` (jest.grouped.config.js) runs together, as one jest file per group
 * (test/groups/). `npx jest <file>` (jest.config.js) runs each file as its own jest file.
 *
 * Jest loads every module again in each test file it runs: n8n-workflow costs about 0.5 s a
 * file and n8n-core 1 s more, a quarter of npm test's CPU when each quick file ran alone.
 * Together they load once (the figures: docs/development.md, "How long npm test takes").
 *
 * A group is every `*.test.ts` of its folder (test/unit/ with its subfolders) that is not in
 * RUN_ALONE: a new file joins its group without a change here. Each runs in its own `describe`,
 * named by its path, so `-t '<path>'` picks it, and its hooks stay its own. test/unit/ has two
 * groups: the files that replace the transport's search with a jest.fn (`jest.mock` of
 * transport/api) need the stand-in from the first module loaded, the others the real transport.
 */
const { readdirSync, readFileSync, statSync } = require('node:fs');
const { join, relative } = require('node:path');

const TEST = __dirname;

/**
 * The files of the grouped folders that run as their own jest files (paths below test/, without
 * `.test.ts`): the slow ones (simulations of several seconds each: they run beside the groups,
 * slowest first, jest.sequencer.js) and those that replace a module other than the transport's
 * search.
 */
const RUN_ALONE = [
	// slow
	'unit/trigger/simulation',
	'unit/trigger/enrichedSimulation',
	'workflow/triggerEdges',
	'workflow/contactAddSandbox',
	'workflow/triggerClasses',
	'workflow/triggerSnippets',
	'workflow/triggerSmallShare',
	'workflow/triggerBacklogOrder',
	'workflow/triggerPushedWalk',
	'sandbox/simulatedService',
	// jest.mock of helpers/simplify
	'workflow/contactSearch',
];

/** The module the transport-mocked group replaces (the end of its path as a test file names it). */
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
	if (/\b(?:it|test|describe)\.only\(|\bf(?:it|describe)\(/.test(source))
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
