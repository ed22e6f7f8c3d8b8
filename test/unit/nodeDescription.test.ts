/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not shipped: it reads (and on request writes) its fixture with fs from __dirname */
/**
 * The action node's description as n8n loads it, against the one it had before operations
 * became one file each (issue 34): properties, their order, dropdown options and their order,
 * display options and defaults. A change here is a change users see in the editor, or one that
 * breaks saved workflows; it must be meant, and the fixture then written anew on purpose:
 * `UPDATE_DESCRIPTION=1 npx jest test/unit/nodeDescription.test.ts`, then read `git diff`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { OutreachContact } from '../../nodes/OutreachContact/OutreachContact.node';

const fixture = join(__dirname, 'fixtures', 'outreachContact.description.json');

describe('Outreach Contact node description', () => {
	it('is the one saved in the fixture, key order included', () => {
		const built = JSON.stringify(new OutreachContact().description, null, '\t') + '\n';
		if (process.env.UPDATE_DESCRIPTION) writeFileSync(fixture, built);
		expect(built).toBe(readFileSync(fixture, 'utf8'));
	});
});
