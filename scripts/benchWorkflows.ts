/** Workflows more than one benchmark runs through n8n-core. */
import { chain, manualTriggerNode, outreachNode } from '../harness/n8nHarness';

/** Manual → "Search": Contact Search with Return All and no conditions, Simplify on or off. */
export function searchAllWorkflow(simplify: boolean) {
	return {
		nodes: [
			manualTriggerNode(),
			outreachNode('Search', {
				resource: 'contact',
				operation: 'search',
				returnAll: true,
				simplify,
			}),
		],
		connections: chain('Manual', 'Search'),
	};
}
