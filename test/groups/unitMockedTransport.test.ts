/**
 * The files of test/unit/ that replace the transport's search with a jest.fn, as one jest file
 * (test/groups.js). The stand-in is in place before any module that imports the transport loads;
 * each file's own `jest.mock` line (for a run of the file alone) names the same module. Each file
 * starts with both functions reset, as it would alone: no answer or call count from the file
 * before.
 */
import { contactDeleted, searchContacts } from '../../nodes/OutreachContact/transport/api';
import { runGroup } from './runGroup';

jest.mock('../../nodes/OutreachContact/transport/api', () => ({
	searchContacts: jest.fn(),
	contactDeleted: jest.fn(),
}));

runGroup('unitMockedTransport', () => {
	jest.mocked(searchContacts).mockReset();
	jest.mocked(contactDeleted).mockReset();
});
