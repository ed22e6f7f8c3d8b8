/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error, no-console -- UI test code, not shipped: it imports node:path and playwright-core, reports plain Errors and says when it restarts n8n */
/**
 * The nodes as a user sees them: full n8n 2.x with the package installed as a community package,
 * a sandbox of the service beside it, and the editor in headless Chromium.
 *
 * One workflow is built the way a user builds it, step by step (each step one `it`, in order):
 * the action node from the node creator, its resources and operations, the sequence list filled
 * from the service, search conditions whose operators follow the property, the trigger with a
 * sequence filter; then the saved workflow must hold the parameter names of the public contract.
 *
 * Screenshots for README go to docs/screenshots/; every step also leaves one in test-results/ui/.
 */
import { join } from 'node:path';

import { NodeHelpers } from 'n8n-workflow';
import type { Page } from 'playwright-core';

import { startN8nWithSandbox, type RunningN8n } from '../../harness/n8n/environment';
import { N8N_TARGETS } from '../../harness/n8n/install';
import {
	OUTREACH_NODE_TYPE,
	REPO_ROOT,
	OUTREACH_TRIGGER_TYPE,
	waitFor,
} from '../../harness/n8n/n8n';
import {
	closeOptions,
	launchBrowser,
	openOptions,
	readOptions,
	Screenshots,
	selectOption,
	shownValue,
	signIn,
	type UiBrowser,
} from './support/browser';
import {
	actionType,
	CONDITION_PROPERTIES,
	DAYS_OPERATORS,
	EMAIL,
	EXTRA_SEQUENCE,
	itemTexts,
	N8N_CUSTOM_CALL,
	OPERATIONS,
	resolved,
	toolWorkflow,
	triggerType,
	VALUE_INPUTS,
	type StoredNode,
} from './support/editorExpectations';
import { TRIGGER_EVENTS } from '../../nodes/OutreachContact/trigger/events';
import { EditorView } from './support/editorView';

describe(`the editor of n8n ${N8N_TARGETS['2.x'].version} in Chromium`, () => {
	let env: RunningN8n;
	let browser: UiBrowser;
	let page: Page;
	let shots: Screenshots;
	/** Sequence list entries as the node names them: "<name> (<profile>)", sorted. */
	let sequenceEntries: string[];
	let sequenceId: (name: string) => string;
	let playbookId: (name: string) => string;
	let view: EditorView;

	/** One step: on failure, a screenshot of the page as it was goes next to the debug shots. */
	function step(name: string, body: () => Promise<void>, timeoutMs?: number): void {
		it(
			name,
			async () => {
				try {
					await body();
				} catch (error) {
					if (page)
						await shots
							.debug(`FAILED-${name.replace(/\W+/g, '-').slice(0, 60)}`)
							.catch(() => undefined);
					throw error;
				}
				await shots.debug(name.replace(/\W+/g, '-').slice(0, 60));
			},
			timeoutMs,
		);
	}

	beforeAll(async () => {
		// Once more if the first start fails: on a busy machine another n8n may grab the free port
		// that was picked for this one between the pick and the bind.
		const start = async () =>
			await startN8nWithSandbox({
				target: N8N_TARGETS['2.x'],
				label: 'ui',
				workflows: [toolWorkflow()],
			});
		env = await start().catch(async (error: Error) => {
			console.warn(`n8n did not start, trying once more: ${error.message.slice(0, 500)}`);
			return await start();
		});
		const store = env.sandbox.store;
		const globex = store
			.listProfiles()
			.find((profile) => profile.profile_name === EXTRA_SEQUENCE.profile);
		if (!globex) throw new Error(`the sandbox has no profile ${EXTRA_SEQUENCE.profile}`);
		store.addSequence({ profile_id: globex.id, sequence_name: EXTRA_SEQUENCE.name });
		sequenceEntries = store
			.listSequences()
			.map((s) => `${s.sequence_name} (${s.profile_name})`)
			.sort((a, b) => a.localeCompare(b));
		sequenceId = (name) => {
			const found = store.listSequences().find((s) => s.sequence_name === name);
			if (!found) throw new Error(`no sequence ${name}`);
			return String(found.id);
		};
		playbookId = (name) => {
			const found = store.listPlaybooks().find((p) => p.playbook_name === name);
			if (!found) throw new Error(`no playbook ${name}`);
			return String(found.id);
		};
		browser = await launchBrowser();
		page = browser.page;
		view = new EditorView(page);
		shots = new Screenshots(
			page,
			join(REPO_ROOT, 'test-results', 'ui'),
			join(REPO_ROOT, 'docs', 'screenshots'),
		);
	}, 5 * 60_000);

	afterAll(async () => {
		await browser?.close();
		await env?.close();
	}, 60_000);

	step('signs in as the owner and opens a new workflow', async () => {
		await signIn(page, env.server.baseUrl, env.rest.owner);
		await page.goto(`${env.server.baseUrl}/workflow/new`);
		await page.getByTestId('canvas-add-button').waitFor();
	});

	step('the node creator finds Outreach Contact with its trigger and all six actions', async () => {
		await page.getByTestId('canvas-add-button').click();
		await page.getByTestId('node-creator-search-bar').fill('Outreach Contact');
		const ours = view.nodeCreatorItems().filter({ hasText: 'Outreach Contact' });
		await ours.first().waitFor();
		await ours.first().click();
		await view.unfold(view.nodeCreatorItems().filter({ hasText: 'Get many sequences' }), 'Actions');
		const names = await itemTexts(view.nodeCreatorItems());
		expect(names).toEqual(
			expect.arrayContaining([
				'On new contact',
				'Add contact to sequence',
				'Get contact',
				'Search contacts',
				'Get many playbooks',
				'Get profile',
				'Get many sequences',
			]),
		);
		await shots.doc('01-node-creator');
		await view
			.nodeCreatorItems()
			.filter({ has: page.getByText('Add contact to sequence', { exact: true }) })
			.click();
		await view.ndv().waitFor();
		// The credential of the instance is picked on its own.
		await expect(
			view.ndv().getByTestId('node-credentials-select').locator('input').first().inputValue(),
		).resolves.toBe(env.credential.name);
	});

	step('resource and operation: every resource offers its operations', async () => {
		const resource = view.ndv().getByTestId('parameter-input-resource');
		const operation = view.ndv().getByTestId('parameter-input-operation');
		expect(await shownValue(resource)).toBe('Contact');
		expect(await shownValue(operation)).toBe('Add');
		const resources = (await readOptions(page, resource)).filter(
			(name) => name !== N8N_CUSTOM_CALL,
		);
		expect(resources).toEqual(Object.keys(OPERATIONS));
		for (const [name, operations] of Object.entries(OPERATIONS)) {
			await selectOption(page, resource, name);
			const offered = (await readOptions(page, operation)).filter((op) => op !== N8N_CUSTOM_CALL);
			expect({ resource: name, operations: offered }).toEqual({ resource: name, operations });
		}
		await selectOption(page, resource, 'Contact');
		await selectOption(page, operation, 'Add');
		for (const parameter of ['email', 'sequenceId', 'playbookId']) {
			await expect(
				view.ndv().getByTestId(`parameter-input-${parameter}`).isVisible(),
			).resolves.toBe(true);
		}
	});

	step('Contact → Add: the sequence list is filled from the service and searchable', async () => {
		await view
			.ndv()
			.getByTestId('parameter-input-email')
			.locator('input, textarea')
			.first()
			.fill(EMAIL);
		const before = env.sandbox.stats.byPath['GET /sequences/list/'] ?? 0;
		const locator = view.ndv().getByTestId('resource-locator-sequenceId');
		await locator.getByTestId('rlc-input').click();
		const entries = page.getByTestId('rlc-item');
		await entries.filter({ hasText: EXTRA_SEQUENCE.name }).waitFor();
		expect(await itemTexts(entries)).toEqual(sequenceEntries);
		expect(sequenceEntries).toEqual(
			expect.arrayContaining(['Q1 Outbound (Acme Sales)', 'Webinar Follow-up (Acme Sales)']),
		);
		expect(env.sandbox.stats.byPath['GET /sequences/list/'] ?? 0).toBeGreaterThan(before);
		await shots.doc('02-sequence-list', await view.parameterClip([entries.last()]));

		await page.getByTestId('rlc-search').fill('webinar');
		await waitFor(
			'the sequence list to show only "Webinar Follow-up"',
			async () =>
				(await itemTexts(page.getByTestId('rlc-item'))).join('|') ===
				'Webinar Follow-up (Acme Sales)'
					? true
					: undefined,
			10_000,
		);
		await page.getByTestId('rlc-item').filter({ hasText: 'Webinar Follow-up' }).click();
		expect(await locator.getByTestId('rlc-input').inputValue()).toBe(
			'Webinar Follow-up (Acme Sales)',
		);

		const playbook = view.ndv().getByTestId('resource-locator-playbookId');
		await playbook.getByTestId('rlc-input').click();
		await page.getByTestId('rlc-item').filter({ hasText: 'Cold Email Intro' }).click();
		expect(await playbook.getByTestId('rlc-input').inputValue()).toBe(
			'Cold Email Intro (Acme Sales)',
		);
		await shots.doc('03-contact-add', await view.parameterClip());
		await view.closeNdv();
	});

	step(
		'Contact → Search: a new condition starts with an operator its property allows',
		async () => {
			await view.addFromNodeCreator(
				page.getByTestId('node-creator-plus-button'),
				'Search contacts',
				'Actions',
			);
			expect(await shownValue(view.ndv().getByTestId('parameter-input-operation'))).toBe('Search');
			await view.ndv().getByTestId('fixed-collection-add').click();
			const property = view.conditions().getByTestId('parameter-input-property');
			await property.waitFor();
			const shownProperty = await shownValue(property);
			const operator = await shownValue(view.conditions().getByTestId('parameter-input-operator'));
			const allowed = CONDITION_PROPERTIES[shownProperty]?.operators ?? [];
			// What the user sees right after "Add Condition": no red warning, an operator of the list.
			expect({
				property: shownProperty,
				operator,
				issues: await view.conditions().getByTestId('parameter-issues').count(),
			}).toEqual({
				property: shownProperty,
				operator: expect.stringMatching(new RegExp(`^(${allowed.join('|')})$`)),
				issues: 0,
			});
		},
	);

	step('Contact → Search: the operator list and the value field follow the property', async () => {
		if ((await view.conditions().getByTestId('parameter-input-property').count()) === 0) {
			await view.ndv().getByTestId('fixed-collection-add').click();
		}
		const property = view.conditions().getByTestId('parameter-input-property').first();
		const operator = view.conditions().getByTestId('parameter-input-operator').first();
		expect(await readOptions(page, property)).toEqual(Object.keys(CONDITION_PROPERTIES));
		for (const [name, expected] of Object.entries(CONDITION_PROPERTIES)) {
			await selectOption(page, property, name);
			const offered = await readOptions(page, operator);
			const shown = await shownValue(operator);
			const valueInputs: string[] = [];
			for (const input of VALUE_INPUTS) {
				if (await view.conditions().getByTestId(`parameter-input-${input}`).first().isVisible())
					valueInputs.push(input);
			}
			expect({
				property: name,
				offered,
				shownIsOffered: offered.includes(shown),
				valueInputs,
			}).toEqual({
				property: name,
				offered: expected.operators,
				shownIsOffered: true,
				valueInputs: [expected.valueInput],
			});
		}
	});

	step('Contact → Search: builds "Email contains" and "Created less than 7 days ago"', async () => {
		const property = (i: number) =>
			view.conditions().getByTestId('parameter-input-property').nth(i);
		const operator = (i: number) =>
			view.conditions().getByTestId('parameter-input-operator').nth(i);
		await selectOption(page, property(0), 'Email');
		await selectOption(page, operator(0), 'Contains');
		await view
			.conditions()
			.getByTestId('parameter-input-value')
			.locator('input, textarea')
			.first()
			.fill('@example.com');

		await view.ndv().getByTestId('fixed-collection-add').click();
		await property(1).waitFor();
		await selectOption(page, property(1), 'Created (Days Ago)');
		await selectOption(page, operator(1), 'Less Than');
		const days = view.conditions().getByTestId('parameter-input-days').locator('input').first();
		await days.fill('7');
		await days.press('Tab');

		expect(await shownValue(operator(0))).toBe('Contains');
		expect(await shownValue(operator(1))).toBe('Less Than');
		// The screenshot shows the operators of the second condition, open.
		expect(await openOptions(page, operator(1))).toEqual(DAYS_OPERATORS);
		await shots.doc(
			'04-search-conditions',
			await view.parameterClip([page.locator('.el-select__popper:visible')]),
		);
		await closeOptions(page);
		await view.closeNdv();
	});

	step('adds the Outreach Contact Trigger and filters it on a sequence from the list', async () => {
		await view.addFromNodeCreator(
			page.getByTestId('node-creator-plus-button'),
			'On new contact',
			'Triggers',
		);
		const event = view.ndv().getByTestId('parameter-input-event');
		expect(await shownValue(event)).toBe('New Contact');
		// Every event of the table, by name (trigger/events.test.ts writes the values out).
		expect(await readOptions(page, event)).toEqual(TRIGGER_EVENTS.map((e) => e.name));
		await view.ndv().getByRole('button', { name: 'Add Filter' }).click();
		const locator = view.ndv().getByTestId('resource-locator-sequenceId');
		await locator.getByTestId('rlc-input').click();
		const entries = page.getByTestId('rlc-item');
		await entries.filter({ hasText: 'Q1 Outbound' }).waitFor();
		expect(await itemTexts(entries)).toEqual(sequenceEntries);
		await entries.filter({ hasText: 'Q1 Outbound' }).click();
		expect(await locator.getByTestId('rlc-input').inputValue()).toBe('Q1 Outbound (Acme Sales)');
		await shots.doc('05-trigger', await view.parameterClip());
		// Once in CI (2026-11-26) the input showed the sequence but the saved workflow had no
		// filter: the panel was closed before the editor stored the value. Give it a moment.
		await page.waitForTimeout(1_000);
		await view.closeNdv();
	});

	step('the saved workflow holds the parameters of the public contract', async () => {
		await page.getByTestId('tidy-up-button').click();
		await page.getByTestId('zoom-to-fit').click();
		await page.waitForTimeout(500); // the canvas animates the zoom
		const canvasNodes = await itemTexts(page.getByTestId('canvas-node'));
		for (const name of ['Add contact to sequence', 'Search contacts', 'Outreach Contact Trigger']) {
			expect(canvasNodes.some((text) => text.startsWith(name))).toBe(true);
		}
		await shots.doc('06-workflow');
		await page.keyboard.press('Control+s');
		await page.waitForURL((url) => !url.searchParams.has('new'), { timeout: 15_000 });
		const workflowId = new URL(page.url()).pathname.split('/')[2];

		const nodes = await waitFor(
			`workflow ${workflowId} saved with our three nodes`,
			async () => {
				const saved = await env.rest.request<{ nodes: StoredNode[] }>(
					'GET',
					`/rest/workflows/${workflowId}`,
				);
				const ours = saved.nodes.filter(
					(node) => node.type === OUTREACH_NODE_TYPE || node.type === OUTREACH_TRIGGER_TYPE,
				);
				return ours.length === 3 ? saved.nodes : undefined;
			},
			15_000,
		);
		const byName = (name: string) => {
			const node = nodes.find((n) => n.name === name);
			if (!node)
				throw new Error(
					`the saved workflow has no node "${name}": ${nodes.map((n) => n.name).join(', ')}`,
				);
			return node;
		};

		// n8n stores only values that differ from their defaults and fills the defaults back in
		// before a node runs; `resolved` is what the node reads then (n8n-workflow does the same).
		const add = byName('Add contact to sequence');
		expect(add).toMatchObject({ type: OUTREACH_NODE_TYPE, typeVersion: 1 });
		expect(resolved(add, actionType)).toMatchObject({
			resource: 'contact',
			operation: 'add',
			email: EMAIL,
			sequenceId: { __rl: true, mode: 'list', value: sequenceId('Webinar Follow-up') },
			playbookId: { __rl: true, mode: 'list', value: playbookId('Cold Email Intro') },
		});

		const search = byName('Search contacts');
		expect(search).toMatchObject({ type: OUTREACH_NODE_TYPE, typeVersion: 1 });
		const searchParameters = resolved(search, actionType);
		expect(searchParameters).toMatchObject({ resource: 'contact', operation: 'search' });
		expect(searchParameters.conditions).toEqual({
			condition: [
				{ property: 'email', operator: 'Contains', value: '@example.com' },
				{ property: 'created_timestamp', operator: 'Less than', days: 7 },
			],
		});

		const trigger = byName('Outreach Contact Trigger');
		expect(trigger).toMatchObject({ type: OUTREACH_TRIGGER_TYPE, typeVersion: 1 });
		expect(resolved(trigger, triggerType)).toMatchObject({
			event: 'newContact',
			filters: { sequenceId: { __rl: true, mode: 'list', value: sequenceId('Q1 Outbound') } },
		});

		// n8n's own parameter check (the red warning on a node): none of our nodes has an issue.
		for (const [node, type] of [
			[add, actionType],
			[search, actionType],
			[trigger, triggerType],
		] as const) {
			const issues = NodeHelpers.getNodeParametersIssues(
				type.description.properties,
				{ ...node, parameters: resolved(node, type) },
				type.description,
			);
			expect({ node: node.name, issues }).toEqual({ node: node.name, issues: null });
		}
	});
	step(
		'as an AI tool, Get offers Output (Simplified, Raw, Selected Fields) instead of Simplify',
		async () => {
			await page.goto(`${env.server.baseUrl}/workflow/${toolWorkflow().id}`);
			const node = page.getByTestId('canvas-node').filter({ hasText: 'Get Contact' }).first();
			await node.waitFor();
			await node.dblclick();
			await view.ndv().waitFor();
			const output = view.ndv().getByTestId('parameter-input-output');
			expect(await shownValue(output)).toBe('Simplified');
			expect((await readOptions(page, output)).sort()).toEqual([
				'Raw',
				'Selected Fields',
				'Simplified',
			]);
			expect(await view.ndv().getByTestId('parameter-input-simplify').count()).toBe(0);
			await selectOption(page, output, 'Selected Fields');
			await view.ndv().getByTestId('parameter-input-fields').waitFor();
			await shots.doc('07-tool-output', await view.parameterClip());
			await view.closeNdv();
		},
	);
});
