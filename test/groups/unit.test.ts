/** The quick files of test/unit/ that use the real transport, as one jest file (test/groups.js). */
import { runGroup } from './runGroup';

runGroup('unit');
