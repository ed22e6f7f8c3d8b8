/**
 * The files of test/unit/ that replace transport/api (`jest.mock`), as one jest file
 * (test/groups.js). The group's stand-ins, `searchContacts` and `contactDeleted`, are in place
 * before any module that imports the transport loads, and each file's own `jest.mock` line (for
 * a run of the file alone) is then met with them: a file gets both, where alone it gets the one
 * it names. Each file starts with both reset: no answer or call count from the file before.
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
