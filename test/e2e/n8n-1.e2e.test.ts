/** The e2e suite against n8n 1.x on Node 20 (see suite.ts). `OUTREACH_E2E_N8N=2.x` skips it. */
import { describeN8n } from './suite';

describeN8n('1.x');
