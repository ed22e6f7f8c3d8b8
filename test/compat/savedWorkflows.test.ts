/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not shipped: it reads and (UPDATE_GOLDENS=1) writes golden files */
/**
 * Saved workflows keep what they received: each workflow of test/compat/v<N>/ (as n8n stores it)
 * runs through n8n-core against the sandbox (savedWorkflows.ts says how) and must output exactly
 * its golden file: the same fields, in the same order, of the same types and values (times
 * masked: normalize.ts). A change that fails here changes what a saved workflow receives: it
 * ships as a new node version with new goldens in a folder of its own (v1.1/, v2/), and these
 * stay (docs/development.md, "Versioning").
 *
 * UPDATE_GOLDENS=1 npx jest test/compat rewrites the goldens from what the workflows output now:
 * only for a new workflow, a new version's folder, or a sandbox change, never to make a changed
 * output pass.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';

import { testHooks } from '../../nodes/OutreachContact/testHooks';
import { DEFAULT_EVENT, TRIGGER_EVENTS } from '../../nodes/OutreachContact/trigger/events';
import { OUTREACH_TRIGGER_TYPE } from '../../harness/n8nHarness';
import { sandboxOnTestClock } from '../support/sandboxClock';
import {
	COMPAT_SEED_CONTACTS,
	COMPAT_START,
	ourNodes,
	runSaved,
	savedCases,
	savedVersions,
	strayFiles,
} from './savedWorkflows';

const UPDATE = process.env.UPDATE_GOLDENS === '1';

// Each workflow starts a sandbox and runs a few executions; Wait for Processing takes no real time.
jest.setTimeout(30_000);

const env = sandboxOnTestClock({ start: COMPAT_START }, { seedContacts: COMPAT_SEED_CONTACTS });
beforeEach(() => testHooks.forgetTriggerStates()); // every workflow is a new n8n process

it('has saved workflows of node version 1, and no file that belongs to none', () => {
	expect(savedVersions()).toContain(1);
	expect(savedCases(1).length).toBeGreaterThan(10);
	for (const version of savedVersions()) expect(strayFiles(version)).toEqual([]);
});

it('has a saved trigger workflow, with its golden output, for every event of the table', () => {
	const events = savedVersions().flatMap((version) =>
		savedCases(version).flatMap((saved) =>
			saved.workflow.nodes
				.filter((node) => node.type === OUTREACH_TRIGGER_TYPE)
				.map((node) => (node.parameters?.event as string | undefined) ?? DEFAULT_EVENT),
		),
	);
	const missing = TRIGGER_EVENTS.map((e) => e.value).filter((v) => !events.includes(v));
	// A new event: add test/compat/v1/trigger-<event>.workflow.json; UPDATE_GOLDENS=1 writes its golden.
	expect({ 'events without a saved trigger workflow in test/compat/v1/': missing }).toEqual({
		'events without a saved trigger workflow in test/compat/v1/': [],
	});
});

describe.each(savedVersions())('saved workflows of node version %s', (version) => {
	const cases = savedCases(version);

	it.each(cases.map((saved) => [saved.name, saved] as const))(
		'%s outputs what its golden file holds',
		async (_name, saved) => {
			const nodes = ourNodes(saved.workflow);
			expect(nodes.length).toBeGreaterThan(0);
			expect(nodes.map((node) => node.typeVersion)).toEqual(nodes.map(() => version));

			const outputs = await runSaved(saved, env);
			const text = `${JSON.stringify(outputs, null, '\t')}\n`;
			if (UPDATE) {
				writeFileSync(saved.goldenPath, text);
				return;
			}
			if (!existsSync(saved.goldenPath)) {
				throw new Error(
					`${basename(saved.goldenPath)} is missing: record it with UPDATE_GOLDENS=1 npx jest test/compat`,
				);
			}
			const golden = readFileSync(saved.goldenPath, 'utf8');
			// Names, types and values first (the clearer diff), then the order of the fields.
			expect(outputs).toStrictEqual(JSON.parse(golden));
			expect(text).toBe(golden);
		},
	);
});
