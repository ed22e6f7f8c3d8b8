/** The quick files of test/workflow/, as one jest file (test/groups.js). */
import { runGroup } from './runGroup';

runGroup('workflow');
