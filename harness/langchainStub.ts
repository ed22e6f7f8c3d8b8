/**
 * `@langchain/core/tools` for jest (jest.config.js maps it here): n8n-core requires it when it
 * loads, for nodes used as AI tools and for AI sub-nodes, and loading it with langsmith costs
 * about 250 modules in every test file. No jest test runs a node as a tool (test/e2e/mcp does,
 * in real n8n), so the classes n8n-core extends or checks against are empty here, and building
 * a tool says where to run it.
 */
export class BaseToolkit {}
export class StructuredTool {}
export class Tool {}
export class DynamicStructuredTool {
	constructor() {
		throw new Error('A node as an AI tool runs in real n8n only: npm run test:e2e (test/e2e/mcp)');
	}
}
