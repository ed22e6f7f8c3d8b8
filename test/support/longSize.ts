/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code, not shipped: TEST_SIZE */
/** jest.long.config.js: every test file of `npm run test:long` runs at full size (size.ts). */
process.env.TEST_SIZE = 'long';
