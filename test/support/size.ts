/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code, not shipped: TEST_SIZE */
/**
 * The size of the simulations, from one place. `npm test` runs each at a fast size (seconds: the
 * same rules asserted on fewer contacts, days or runs); `npm run test:long` (jest.long.config.js,
 * which sets TEST_SIZE=long) runs the same tests at their full size, as CI does after npm test.
 * `TEST_SIZE=long npx jest <file>` runs one file at full size.
 */
export const long = process.env.TEST_SIZE === 'long';

/** `fast` in npm test, `full` in test:long. */
export function size<T>(fast: T, full: T): T {
	return long ? full : fast;
}
