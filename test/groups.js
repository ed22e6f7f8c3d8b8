/**
 * Which test files `npm test` runs together, as one jest file per group (test/groups/).
 *
 * Jest loads every module again in each test file it runs: n8n-workflow costs about 0.5 s a
 * file and n8n-core 1 s more, a quarter of npm test's CPU when each quick file ran alone.
 * Together they load once: on 2026-12-01, one worker, the 48 quick files of test/unit/ took
 * 33.4 s alone and 15.1 s as two groups, the 21 of test/workflow/ 29.1 s alone and 8.1 s as one.
 *
 * A group is every `*.test.ts` of its folder (test/unit/ with its subfolders) that is not in
 * RUN_ALONE: a new file joins its group without a change here. Each runs in its own `describe`,
 * named by its path, so `-t '<path>'` picks it, and its hooks stay its own. test/unit/ has two
 * groups: the files that replace the transport's search with a jest.fn (`jest.mock` of
 * transport/api) need the stand-in from the first module loaded, the others the real transport.
 *
 * Naming a grouped file (or a pattern that matches one) on the command line runs it as its own
 * jest file, as before: `npx jest test/unit/trigger/fullWalk.test.ts`, `npm test -- fullWalk`
 * (jest.config.js, `namedOnCommandLine`).
 */
const { readdirSync, readFileSync, statSync } = require('node:fs');
const { join, relative } = require('node:path');

const TEST = __dirname;

/**
 * The files of the grouped folders that run as their own jest files (paths below test/, without
 * `.test.ts`): those whose size test/support/size.ts sets (test:long runs them alone at full
 * size, jest.long.config.js), the slow ones (several seconds: they run beside the others), and
 * those that replace a module other than the transport's search.
 */
const RUN_ALONE = [
	// their size from test/support/size.ts
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

/** The modules a file replaces with `jest.mock`. */
function mockedModules(source) {
	return [...source.matchAll(/jest\.mock\(\s*['"]([^'"]+)['"]/g)].map((match) => match[1]);
}

/**
 * The files of a group, in name order. Throws for a file that cannot run in one: a group shares
 * its modules, so a file with a size from test/support/size.ts or a `jest.mock` of another module
 * belongs in RUN_ALONE.
 */
function membersOf(groupName) {
	const group = GROUPS[groupName];
	if (!group) throw new Error(`test/groups.js: no group ${groupName}`);
	return testFiles(join(TEST, group.folder)).filter((path) => {
		if (RUN_ALONE.includes(nameOf(path))) return false;
		const source = readFileSync(path, 'utf8');
		const mocked = mockedModules(source);
		const strange = mocked.filter((module) => !module.endsWith(TRANSPORT_API));
		if (strange.length > 0 || /support\/size'/.test(source))
			throw new Error(
				`${nameOf(path)}.test.ts ${strange.length > 0 ? `replaces ${strange.join(', ')} (jest.mock)` : 'takes its size from test/support/size.ts'}: it cannot share a jest file with the other tests of ${group.folder}/; add it to RUN_ALONE in test/groups.js`,
			);
		return mocked.length > 0 === group.mocksTransport;
	});
}

/** A regular expression (for testPathIgnorePatterns) matching every grouped file. */
function groupedPattern() {
	const alone = RUN_ALONE.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
	return `/test/(?!(${alone})\\.test\\.ts$)(${FOLDERS.join('|')})/.+\\.test\\.ts$`;
}

/** Whether a command-line pattern (jest matches it against the absolute path) picks a grouped file. */
function namesGroupedFile(pattern) {
	let regex;
	try {
		regex = new RegExp(pattern, 'i');
	} catch {
		return false;
	}
	const grouped = new RegExp(groupedPattern());
	return FOLDERS.some((folder) =>
		testFiles(join(TEST, folder)).some((path) => grouped.test(path) && regex.test(path)),
	);
}

/** Jest's options that take the next argument as their value (not a path pattern). */
const VALUE_OPTIONS = new Set([
	'-t',
	'--testNamePattern',
	'-c',
	'--config',
	'--testMatch',
	'--testPathIgnorePatterns',
	'--outputFile',
	'-w',
	'--maxWorkers',
	'--seed',
	'--shard',
	'--reporters',
	'--testTimeout',
	'--selectProjects',
	'--rootDir',
	'--roots',
]);

/** The path patterns of jest's command line (its arguments after the script). */
function pathPatternsOf(args) {
	return args.filter(
		(arg, i) => !arg.startsWith('-') && !(i > 0 && VALUE_OPTIONS.has(args[i - 1])),
	);
}

module.exports = {
	pathPatternsOf,
	GROUPS,
	RUN_ALONE,
	TRANSPORT_API,
	membersOf,
	nameOf,
	groupedPattern,
	namesGroupedFile,
};
