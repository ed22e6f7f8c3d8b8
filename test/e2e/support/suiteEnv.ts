import type { N8nTarget } from '../../../harness/n8n/install';
import type { N8nHome, N8nServer, RestClient } from '../../../harness/n8n/n8n';
import type { Sandbox } from '../../../sandbox/server';
import type { LocalFeed } from './rssFeed';
import type { TriggerWorkflow } from './suiteWorkflows';

/**
 * What the end-to-end suite's setup (suite.ts) hands its tests: set in its beforeAll, read by
 * the tests when they run.
 */
export interface SuiteEnv {
	label: '2.x' | '1.x';
	target: N8nTarget;
	sandbox: Sandbox;
	/** The CLI side: action workflows run with `n8n execute`. */
	cliHome: N8nHome;
	/** The server side: `n8n start` with the trigger workflow active. */
	serverHome: N8nHome;
	server?: N8nServer;
	rest: RestClient;
	/** The feed n8n's RSS Feed Read Trigger polls beside ours. */
	feed: LocalFeed;
	/** What the server side published (suiteWorkflows.ts, triggerWorkflows). */
	triggerWorkflows: TriggerWorkflow[];
}
