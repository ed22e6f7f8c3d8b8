/**
 * Every test file as its own jest file (`npx jest <file>`): unit, workflow, sandbox and compat
 * tests, the simulations at their fast size (test/support/size.ts). `npm test` runs the same
 * tests with the quick files in groups: jest.grouped.config.js. The simulations' full size is
 * jest.long.config.js (`npm run test:long`); the e2e suite (real n8n) and the ui suite have
 * their own configs.
 */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	// checkServiceCli builds the tools with tsc first (15 s): it runs in test:long; npm test keeps
	// checkService.test.ts, the same checks and the key's absence from the output, in process.
	// The property test's regressions run from test/property/regressions.test.ts, as one file.
	// test/groups/ runs the quick files of test/unit/, test/workflow/ and test/sandbox/ in groups:
	// npm test's way (jest.grouped.config.js); here each file runs as its own jest file.
	testPathIgnorePatterns: [
		'/node_modules/',
		'/test/e2e/',
		'/test/ui/',
		'/test/scripts/checkServiceCli',
		'/test/property/regressions/',
		'/test/groups/',
	],
	// n8n-core's settings go to a temporary folder, not to ~/.n8n (see the file).
	setupFiles: ['<rootDir>/harness/n8nUserFolder.ts'],
	// n8n-core's one use of LangChain, for nodes as AI tools, which only the e2e suite runs: an
	// empty stand-in saves loading about 250 modules in every test file (see the file).
	// Three more it requires when it loads and no jest test uses (binary data on disk, SSH, loading
	// node folders): 0.13 s in every test file that runs n8n-core (see the file).
	moduleNameMapper: {
		'^@langchain/core/tools$': '<rootDir>/harness/langchainStub.ts',
		'^(@n8n/blob-storage|ssh2|fast-glob)$': '<rootDir>/harness/unusedCoreDeps.ts',
	},
	// Jest's soft-delete of test globals warns about nock's interceptor, which nothing here can fix.
	testEnvironmentOptions: { globalsCleanup: 'off' },
	// A worker per core (jest's default leaves one core to itself: half the machine idle on 2 cores).
	maxWorkers: '100%',
	// The slowest files first, also on a cold run (see the file).
	testSequencer: '<rootDir>/jest.sequencer.js',
	// The trigger simulations hold hundreds of thousands of contacts (at their full size), and a
	// worker keeps some of each test file's memory (the layout test's TypeScript program, the
	// property test's runs): a worker that has grown past this after a test file is replaced, so
	// that the next long file starts from a fresh heap and never reaches Node's heap limit (a full
	// run on a loaded machine once crashed in triggerEdges at 3.9 GB with 1 GB here).
	workerIdleMemoryLimit: '600MB',
	// A worker that ends exits by itself (its event loop is empty when jest asks it to end), but
	// freeing a heap of 400 MB took 0.3 to 0.7 s on a 2-core machine, past jest's 500 ms: jest then
	// killed it and printed "A worker process has failed to exit gracefully", about one run in
	// two, whatever files ran (measured 2026-12-02, docs/development.md). A worker kept alive by a
	// leaked timer or socket still gets that message, after this long.
	workerGracefulExitTimeout: 3_000,
	// A loaded 2-core machine (CI with other work) takes longer than jest's 5 s for some tests.
	testTimeout: 30_000,
	// Transpiled only, by swc (a cold run transpiles every file: ts-jest took about 20 s of the two
	// minutes): `npm run typecheck` (part of `npm run lint`) checks the types.
	transform: {
		'^.+\\.ts$': [
			'@swc/jest',
			{ jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
		],
	},
};
