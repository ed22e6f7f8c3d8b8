/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test and tool code, not shipped: it sets n8n-core's folder through the environment */
/**
 * n8n-core keeps its instance settings in `<N8N_USER_FOLDER or HOME>/.n8n/config`, read when it
 * is first used. The tests, the demo and the benchmarks run n8n-core in this process: this
 * points it at a folder of their own in the system's temporary folder, so that nothing is
 * written to the user's home. Import it before anything that imports n8n-core.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.N8N_USER_FOLDER ??= join(tmpdir(), 'n8n-nodes-outreach-contact-n8n-core');
