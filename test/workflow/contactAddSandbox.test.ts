import type { IDataObject } from 'n8n-workflow';

import {
	chain,
	itemsNode,
	manualTriggerNode,
	outreachNode,
	runWorkflow,
} from '../../harness/n8nHarness';
import { testHooks } from '../../nodes/OutreachContact/testHooks';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { TestClock } from '../../harness/testClock';
import { size } from '../support/size';

/**
 * Contact → Add against the sandbox (an independent model of the service): the look-up's
 * request count, ids and duplicates at 500 items (200 in npm test, 500 in npm run test:long:
 * test/support/size.ts; either takes several searches of 100 before and after), and Wait for Processing with a 20 s processing
 * time. The package and the sandbox share a clock that jumps over every wait, so 20 s of
 * processing take no real time and the times below are exact.
 */

// 500 adds through n8n-core take a second alone, several on a busy machine running other suites.
jest.setTimeout(60_000);

const SEARCH = 'POST /contact/search/';
const ADD = 'POST /contact/';

let sandbox: Sandbox;
let clock: TestClock;
let restoreClock: () => void;

beforeEach(async () => {
	clock = new TestClock({
		start: Date.UTC(2026, 10, 23, 9, 0, 0),
		sleep: 'jump',
		random: () => 0.5,
	});
	restoreClock = clock.install();
	testHooks.resetPacers();
	sandbox = await startSandbox({ now: () => clock.now(), rateLimit: 0, processingMs: 20_000 });
});

afterEach(async () => {
	restoreClock();
	await sandbox.close();
});

function addWorkflow(items: IDataObject[], options: IDataObject, settings: IDataObject = {}) {
	const add = {
		...outreachNode('Add', {
			resource: 'contact',
			operation: 'add',
			email: '={{ $json.email }}',
			sequenceId: { __rl: true, mode: 'id', value: '101' },
			playbookId: { __rl: true, mode: 'id', value: '201' },
			additionalFields: {
				doEnrichment: '={{ $json.enrich }}',
				pronetHandle: '={{ $json.handle }}',
			},
			options,
		}),
		...settings,
	};
	return {
		nodes: [manualTriggerNode(), itemsNode('Items', items), add],
		connections: chain('Manual', 'Items', 'Add'),
	};
}

const run = async (items: IDataObject[], options: IDataObject, settings: IDataObject = {}) =>
	await runWorkflow(addWorkflow(items, options, settings), {
		credentials: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerMinute: 60000 },
	});

const calls = (route: string) => sandbox.stats.byPath[route] ?? 0;

describe('Contact → Add against the sandbox', () => {
	// 500 items: 480 distinct emails, 50 of them in sequence 101 before the run, and 20 items that
	// repeat an earlier email (200: 192, 20 and 8).
	const total = size(200, 500);
	const known = total / 10;
	const repeats = (total * 4) / 100;
	const distinctCount = total - repeats;
	const searches = Math.ceil(distinctCount / 100) + Math.ceil((distinctCount - known) / 100);
	it(`${total} adds with Look Up Contact: ${total} adds and ${searches} searches; every id right, duplicate exact`, async () => {
		const distinct = Array.from({ length: distinctCount }, (_, i) => `lead${i}@bench.example`);
		const emails = [
			...distinct,
			...distinct.slice(total / 5, total / 5 + repeats).map((email) => email.toUpperCase()),
		];
		for (const email of distinct.slice(0, known))
			sandbox.store.addContact({ email, sequence_id: 101 });
		sandbox.stats.reset();

		const { outputOf } = await run(
			emails.map((email) => ({ email, enrich: false, handle: '' })),
			{},
		);

		// ceil(480 distinct emails / 100 per search) before, ceil(430 not found before / 100) after.
		expect(calls(ADD)).toBe(total);
		expect(calls(SEARCH)).toBe(searches);
		expect(searches).toBeGreaterThanOrEqual(4);
		expect(sandbox.stats.requests).toBeLessThanOrEqual(total + 2 * Math.ceil(total / 100));
		const out = outputOf('Add').map((item) => item.json);
		expect(out.map((json) => json.email)).toEqual(emails);
		for (const [i, json] of out.entries()) {
			const stored = sandbox.store.findContactInSequence(101, emails[i]);
			expect(json.id).toBe(stored?.id);
			expect(json.duplicate).toBe(i < known || i >= distinctCount);
			expect(json.lookUpNote).toBeUndefined();
		}
		expect(sandbox.stats.contactsCreated).toBe(distinctCount - known);
	});

	it('100 adds with Wait for Processing (20 s): all come out with snippets, and enrichment when asked, within 20 s plus one round delay', async () => {
		const items = Array.from({ length: 100 }, (_, i) => ({
			email: `wait${i}@bench.example`,
			enrich: i % 3 === 0,
			handle: i % 3 === 0 ? `lead-${i}` : '',
		}));
		sandbox.stats.reset();
		const start = clock.now();

		const { outputOf } = await run(items, { waitForProcessing: true, simplify: false });

		const out = outputOf('Add').map((item) => item.json);
		expect(out.map((json) => json.email)).toEqual(items.map((item) => item.email));
		for (const [i, json] of out.entries()) {
			expect(json).toMatchObject({ status: 'Contact queued', duplicate: false });
			expect(json.id).toBe(sandbox.store.findContactInSequence(101, items[i].email)?.id);
			expect(Object.keys(json.sentence_fields as object).length).toBeGreaterThan(0);
			expect(json.enriched_contact_data === null).toBe(!items[i].enrich);
		}
		const waited = clock.now() - start;
		const lastRoundDelay = clock.sleeps[clock.sleeps.length - 1];
		expect(waited).toBeGreaterThanOrEqual(20_000);
		expect(waited).toBeLessThanOrEqual(20_000 + lastRoundDelay);
		// Rounds at 0, 2, 5, 9.5, 16.25 and 26.4 s: one search for all, one for the enriched.
		expect(clock.sleeps).toEqual([2000, 3000, 4500, 6750, 10125]);
		expect(calls(ADD)).toBe(100);
		expect(calls(SEARCH)).toBe(1 + 6 * 2);
	});

	it('Wait Timeout: the item that is not processed in time fails naming the contact and what it lacks; Continue On Fail keeps every other item', async () => {
		const items = [
			{ email: 'quick@x.io', enrich: false, handle: '', timeout: 600 },
			{ email: 'late@x.io', enrich: true, handle: 'late-one', timeout: 10 },
			{ email: 'also@x.io', enrich: false, handle: '', timeout: 600 },
		];
		const options = { waitForProcessing: true, waitTimeout: '={{ $json.timeout }}' };

		const { outputOf } = await run(items, options, { continueOnFail: true });

		const out = outputOf('Add');
		expect(out.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		const id = sandbox.store.findContactInSequence(101, 'late@x.io')?.id;
		expect(out[1].json.error).toBe(
			`The contact late@x.io (ID ${id}) was not processed within 10 s`,
		);
		expect(out[1].json.description).toContain(
			'has no snippets yet (sentence_fields is empty) and is not enriched yet',
		);
		expect(out[0].json).toMatchObject({
			email: 'quick@x.io',
			status: 'Contact queued',
			duplicate: false,
		});
		expect(out[2].json).toMatchObject({
			email: 'also@x.io',
			status: 'Contact queued',
			duplicate: false,
		});
		expect(Object.keys(out[2].json.sentence_fields as object).length).toBeGreaterThan(0);
	});

	it('Wait Timeout without Continue On Fail stops the node with that error', async () => {
		const { errorOf } = await run([{ email: 'late@x.io', enrich: false, handle: '' }], {
			waitForProcessing: true,
			waitTimeout: 5,
		});
		expect(errorOf('Add')?.message).toMatch(
			/^The contact late@x\.io \(ID \d+\) was not processed within 5 s$/,
		);
	});
});
