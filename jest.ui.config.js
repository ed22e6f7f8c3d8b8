/**
 * The browser test (test/ui): `npm run test:ui`. Starts full n8n 2.x with the package and a
 * sandbox, and drives the editor in headless Chromium (Debian's `chromium`, via playwright-core).
 * Screenshots: docs/screenshots/ (README) and test-results/ui/ (every step, for debugging).
 */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/ui'],
	testMatch: ['**/*.ui.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	globalSetup: '<rootDir>/test/ui/support/globalSetup.ts',
	maxWorkers: 1,
	testTimeout: 90 * 1000,
	verbose: true,
};
