/** The quick files of test/sandbox/, as one jest file (test/groups.js). */
import { runGroup } from './runGroup';

runGroup('sandbox');
