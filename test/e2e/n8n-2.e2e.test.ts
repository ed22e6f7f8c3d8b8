/** The e2e suite against n8n 2.x on Node 24 (see suite.ts). `OUTREACH_E2E_N8N=1.x` skips it. */
import { describeN8n } from './suite';

describeN8n('2.x');
