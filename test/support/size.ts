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

/**
 * A test whose case has no small form (a walk of pages of 1 longer than a day, an import past the
 * state's 20,000 ids), or that npm test leaves to test:long for its time where a sibling of the
 * same file holds the same rule at another setting: it runs in test:long only, and npm test lists
 * it as skipped. Its siblings of the same file run in both.
 */
export const itAtFullSize = long ? it : it.skip;
