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
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
};
