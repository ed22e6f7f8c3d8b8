/**
 * Three of n8n-core's dependencies for jest (jest.config.js maps each here): n8n-core requires
 * them when it loads, for binary data kept on disk (`@n8n/blob-storage`), SSH credentials
 * (`ssh2`) and loading nodes from folders (`fast-glob`). No jest test uses any of the three: our
 * nodes keep no binary data and have no SSH credential, and the harness registers the node types
 * itself (harness/core/nodeTypes.ts). Loading them cost about 0.13 s in each test file that runs
 * n8n-core (2026-11-30, a test file that only imports the harness: 0.96 s, 0.80 s with these). The
 * real ones load in the e2e and ui suites (real n8n). Each stand-in says so when it is used.
 */
const realOnly = (what: string) =>
	new Error(
		`${what} runs in real n8n only here: npm run test:e2e (jest.config.js maps it to a stand-in)`,
	);

/** `@n8n/blob-storage`: n8n-core's FsByteStoreService extends it when it loads. */
export class FsByteStore {
	constructor() {
		throw realOnly('Binary data on disk');
	}
}

/** `ssh2`: an SSH connection. */
export class Client {
	constructor() {
		throw realOnly('An SSH connection');
	}
}

/** `fast-glob`: n8n-core's loaders of node folders. */
export default function glob(): never {
	throw realOnly('Loading nodes from a folder');
}
