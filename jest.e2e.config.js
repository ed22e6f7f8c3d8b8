/**
 * End-to-end tests in real n8n (test/e2e): `npm run test:e2e`. Installs the pinned n8n versions
 * into a cache outside the repository first (globalSetup), then runs one suite per version, one
 * file at a time. `OUTREACH_E2E_N8N=2.x` or `=1.x` runs one version only.
 */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.e2e.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	globalSetup: '<rootDir>/test/e2e/support/globalSetup.ts',
	maxWorkers: 1,
	testTimeout: 10 * 60 * 1000,
	verbose: true,
};
