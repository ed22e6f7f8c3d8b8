/** Unit, workflow and sandbox tests. The e2e suite (real n8n) has its own config. */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '/test/e2e/', '/test/ui/'],
	// n8n-core's settings go to a temporary folder, not to ~/.n8n (see the file).
	setupFiles: ['<rootDir>/harness/n8nUserFolder.ts'],
	// Jest's soft-delete of test globals warns about nock's interceptor, which nothing here can fix.
	testEnvironmentOptions: { globalsCleanup: 'off' },
	// The trigger simulations hold hundreds of thousands of contacts: a worker that has grown past
	// this after a test file is replaced, so that one long run never reaches Node's heap limit.
	workerIdleMemoryLimit: '1GB',
	// A loaded 2-core machine (CI with other work) takes longer than jest's 5 s for some tests.
	testTimeout: 30_000,
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
};
