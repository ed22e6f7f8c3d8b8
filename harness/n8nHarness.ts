/**
 * Runs this package's nodes through n8n-core for real (WorkflowExecute, PollContext, RoutingNode,
 * n8n's request helpers and credential authentication), with hand-built additional data. Each
 * concern has a file of its own in harness/core/; this file gathers them for the tests, the demo
 * and the benchmarks:
 *   credentials.ts     the test credential helper (decrypt, authenticate as n8n does)
 *   additionalData.ts  n8n-core's additional data for a run
 *   nodeTypes.ts       our node types, a test items node and a manual trigger
 *   nodes.ts           node JSON builders and `chain`
 *   run.ts             runWorkflow and pollOnce
 *   callInNode.ts      run a function inside a real node's execute()
 *   credentialTest.ts  n8n's credential tester, reproduced
 *   secrets.ts         where a secret shows in a value
 *   network.ts         local servers, closed ports and network errors for failure tests
 *   errorReporter.ts   n8n-core's error reports, collected instead of printed
 *
 * Usage
 *   const { outputOf, errorOf } = await runWorkflow(
 *     { nodes: [manualTriggerNode(), itemsNode('Items', [{ id: 1 }]),
 *               outreachNode('Get', { resource: 'contact', operation: 'get', contactId: '={{$json.id}}' })],
 *       connections: chain('Manual', 'Items', 'Get') },
 *     { credentials: { baseUrl: 'https://api.test/api/v2', apiKey: 'k' } });
 *   expect(outputOf('Get')[0].json.id).toBe(1);
 */
export { ExecuteContext } from 'n8n-core';
export * from './core/errorReporter';
export * from './core/credentials';
export * from './core/additionalData';
export * from './core/nodeTypes';
export * from './core/nodes';
export * from './core/run';
export * from './core/callInNode';
export * from './core/credentialTest';
export * from './core/secrets';
export * from './core/network';
