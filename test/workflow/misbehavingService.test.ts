/**
 * The nodes against a service that misbehaves on purpose (the sandbox's `pagination: 'endless'`,
 * `answer: 'wrong-shape'` and `status`), over real HTTP through n8n-core: every case ends in
 * bounded requests with a message or hint that says what came back. The package and the
 * sandbox share a clock that jumps over every wait, so retries take no real time.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	chain,
	itemsNode,
	manualTriggerNode,
	outreachNode,
	pollOnce,
	runWorkflow,
	triggerNode,
} from '../../harness/n8nHarness';
import {
	ENRICHED_KEY,
	NEW_CONTACT_KEY as STATE_KEY,
} from '../../nodes/OutreachContact/trigger/shared/ledger/shapes';
import { testHooks } from '../../nodes/OutreachContact/testHooks';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { capturePollLog } from '../support/pollLog';
import { TestClock } from '../../harness/testClock';

jest.setTimeout(30_000);

const SEARCH = 'POST /contact/search/';
const MINUTE = 60_000;

let sandbox: Sandbox;
let clock: TestClock;
let restoreClock: () => void;

beforeEach(async () => {
	clock = new TestClock({
		start: Date.UTC(2026, 10, 24, 9, 0, 0),
		sleep: 'jump',
		random: () => 0.5,
	});
	restoreClock = clock.install();
	testHooks.resetPacers();
	testHooks.forgetTriggerStates();
	sandbox = await startSandbox({ now: () => clock.now(), rateLimit: 0, maxPageSize: 10 });
});

afterEach(async () => {
	restoreClock();
	await sandbox.close();
});

const credentials = () => ({
	baseUrl: sandbox.baseUrl,
	apiKey: sandbox.apiKey,
	requestsPerMinute: 60000,
	maxAttempts: 3,
});
const requests = (route: string) => sandbox.stats.byPath[route] ?? 0;

/** Adds `count` contacts, newest first; returns the id of the first. */
function addContacts(count: number): number {
	const ids = Array.from(
		{ length: count },
		(_, i) =>
			sandbox.store.addContact({
				email: `p${i + 1}@example.com`,
				sequence_id: 101,
				created_date: clock.now() - (i + 1) * 1000,
			}).id,
	);
	return ids[0];
}
const stateOf = (staticData: IDataObject) =>
	(staticData['node:Trigger'] as IDataObject)[STATE_KEY] as IDataObject;

async function run(parameters: IDataObject, continueOnFail = false) {
	const result = await runWorkflow(
		{
			nodes: [
				manualTriggerNode(),
				itemsNode('Items', [{}]),
				{ ...outreachNode('Node', parameters), continueOnFail },
			],
			connections: chain('Manual', 'Items', 'Node'),
		},
		{ credentials: credentials() },
	);
	const task = result.run.data.resultData.runData.Node?.[0];
	return {
		...result,
		items: result.outputOf('Node').map((i) => i.json),
		hints: task?.hints ?? [],
		error: result.errorOf('Node'),
	};
}

const returnAll = {
	resource: 'contact',
	operation: 'search',
	returnAll: true,
	simplify: false,
	conditions: {},
};

describe('Search with Return All against pagination that never ends', () => {
	// 30 contacts: pages 1-3 hold them, page 4 (past the end) repeats page 3 and says there is a 5th.
	// 80 contacts: the first answer announces 2 pages of 10, so pages 1-4 are allowed (2 + MIN_EXTRA_PAGES).
	it.each([
		[
			30,
			30,
			'page 4 held only contacts of earlier pages; the search stopped after page 4 (30 contacts read)',
		],
		[
			80,
			40,
			'the first answer announced 2 pages, yet page 4 still reported more; the search stopped there (40 contacts read)',
		],
	])(
		'%i contacts: 4 requests, %i contacts out, each once, and a hint',
		async (stored, out, where) => {
			addContacts(stored);
			sandbox.settings.pagination = 'endless';
			sandbox.stats.reset();
			const { items, hints } = await run(returnAll);
			expect(requests(SEARCH)).toBe(4);
			expect(items).toHaveLength(out);
			expect(new Set(items.map((c) => c.id)).size).toBe(out);
			expect(hints).toEqual([
				{
					message: `The service's pagination was inconsistent [item 0]: ${where}. The contacts read until then are output. Check the search on the service, or narrow its conditions.`,
					type: 'warning',
					location: 'outputPane',
				},
			]);
		},
	);

	it('gives no hint when the pagination is sound', async () => {
		addContacts(30);
		sandbox.stats.reset();
		const { items, hints } = await run(returnAll);
		expect(requests(SEARCH)).toBe(3);
		expect(items).toHaveLength(30);
		expect(hints).toEqual([]);
	});
});

describe('Answers of the wrong shape', () => {
	let id: number;
	beforeEach(() => {
		id = addContacts(1);
		sandbox.settings.answer = 'wrong-shape';
	});

	const shapeCases: Array<[string, IDataObject, string, string]> = [
		[
			'Get',
			{ resource: 'contact', operation: 'get', contactId: '={{ 1000000 }}' },
			'GET /contact/<id>/',
			'Expected a contact: a JSON object with "data" holding at least an "id" and an "email"',
		],
		[
			'Search',
			{ resource: 'contact', operation: 'search', returnAll: true, conditions: {} },
			'POST /contact/search/',
			'Expected a JSON object with "contacts" and "pagination"',
		],
		[
			'Sequence Get Many',
			{ resource: 'sequence', operation: 'getAll', returnAll: true },
			'GET /sequences/list/',
			'Expected a JSON object with a "data" list',
		],
		[
			'Profile Get',
			{ resource: 'profile', operation: 'get', profileId: '1' },
			'GET /profiles/get/',
			'Expected a profile: a JSON object with at least an "id"',
		],
	];

	it.each(shapeCases)(
		'%s fails with what came back and what to check',
		async (_name, parameters, request, expected) => {
			const { items, error } = await run(
				parameters.contactId ? { ...parameters, contactId: String(id) } : parameters,
			);
			expect(items).toEqual([]);
			expect(error?.message).toBe(
				`The service gave an unexpected answer to ${request.replace('<id>', String(id))} [item 0]`,
			);
			expect(error?.description).toBe(
				`${expected}; it sent: {"results":"unexpected","ok":true}. Check that the Base URL in the credential is the API address ending in /api/v2.`,
			);
		},
	);

	it('Get with Continue On Fail: the item carries the message, no contact comes out', async () => {
		const { items } = await run(
			{ resource: 'contact', operation: 'get', contactId: String(id) },
			true,
		);
		expect(items).toEqual([
			expect.objectContaining({
				error: `The service gave an unexpected answer to GET /contact/${id}/ [item 0]`,
			}),
		]);
	});

	it('Search refuses a contact without an id or an email', async () => {
		sandbox.settings.answer = 'normal';
		sandbox.store.addContact({
			email: 'p2@example.com',
			sequence_id: 101,
			created_date: clock.now() - 500,
		});
		// A proxy or a buggy page that drops fields: served by a stand-in answer below.
		sandbox.forceNext(1, 200, {
			body: {
				contacts: [{ id: 1, email: 'p1@example.com' }, { id: 2 }],
				pagination: { total_contacts: 2, page: 1, total_pages: 1, page_size: 10 },
			},
		});
		const { error } = await run({
			resource: 'contact',
			operation: 'search',
			returnAll: true,
			conditions: {},
		});
		expect(error?.message).toBe(
			'The service gave an unexpected answer to POST /contact/search/ [item 0]',
		);
		expect(error?.description).toContain(
			'Expected every contact to have an "id" and an "email" (contact 2 of the page has not)',
		);
	});
});

describe('Gateway errors (502, 504)', () => {
	it.each([502, 504])('a passing %i is retried like 503: the item comes out', async (status) => {
		const id = addContacts(1);
		sandbox.stats.reset();
		sandbox.forceNext(2, status, { html: true });
		const { items } = await run({
			resource: 'contact',
			operation: 'get',
			contactId: String(id),
			simplify: false,
		});
		expect(items.map((c) => c.email)).toEqual(['p1@example.com']);
		expect(sandbox.stats.requests).toBe(3);
	});

	it('a gateway that answers 502 for good: Max Attempts requests, then a message that says so', async () => {
		sandbox.settings.status = 502;
		sandbox.stats.reset();
		const { error } = await run({ resource: 'contact', operation: 'get', contactId: '1' });
		expect(sandbox.stats.requests).toBe(3);
		expect(error?.message).toBe('The service was unavailable (502) after 3 attempts [item 0]');
		expect(error?.description).toContain('raise "Max Attempts per Request" and "Max Retry Wait"');
	});
});

describe('The New Contact trigger against pagination that never ends', () => {
	it('emits what it proved new, warns, keeps its floor, and emits each contact once when the pager heals', async () => {
		const log = capturePollLog();
		try {
			const node = triggerNode('Trigger', { event: 'newContact' });
			const first = await pollOnce(node, { credentials: credentials() });
			expect(first.output).toBeNull();
			const floor = stateOf(first.staticData).floor;

			clock.advance(MINUTE);
			for (let i = 1; i <= 25; i++)
				sandbox.store.addContact({
					email: `new${i}@example.com`,
					sequence_id: 101,
					created_date: clock.now() - i * 100,
				});
			sandbox.settings.pagination = 'endless';
			sandbox.stats.reset();
			const broken = await pollOnce(node, {
				credentials: credentials(),
				staticData: first.staticData,
			});
			// Pages of 10: 1-3 hold the 25, page 4 repeats page 3; the walk ends there.
			expect(requests(SEARCH)).toBe(4);
			expect(broken.items).toHaveLength(25);
			expect(stateOf(broken.staticData).floor).toBe(floor);
			expect(log.warn).toEqual([
				"Outreach Contact Trigger: the service's pagination was inconsistent: page 4 repeated page 3; the walk ended there. Emitted the new contacts read; the floor waits for a walk that adds up.",
			]);

			clock.advance(MINUTE);
			sandbox.store.addContact({
				email: 'later@example.com',
				sequence_id: 101,
				created_date: clock.now() - 50,
			});
			sandbox.settings.pagination = 'normal';
			const healed = await pollOnce(node, {
				credentials: credentials(),
				staticData: broken.staticData,
			});
			expect(healed.items.map((i) => i.json.email)).toEqual(['later@example.com']);
		} finally {
			log.restore();
		}
	});
});

// helper-73 (2026-11-30): the eligible events' walks against the same pager. Pages past the end
// repeat the last one, which holds the anchor: the walk takes nothing of them and never meets
// a repeat, so only its allowance stops it. The activation's first walk goes on after it, a few
// pages a poll; each poll stays bounded, and nothing that was there at the activation comes.
describe('The Contact Enriched trigger against pagination that never ends', () => {
	it('reads a few pages a poll, warns, emits nothing enriched before the activation, and each contact enriched after it once the pager heals', async () => {
		const log = capturePollLog();
		try {
			const enriched = (email: string, created: number, at: number) =>
				sandbox.store.addContact({
					email,
					sequence_id: 101,
					created_date: created,
					pronet_handle: email.split('@')[0],
					do_enrichment: true,
					enriched_at: at,
				});
			for (let i = 1; i <= 30; i++)
				enriched(`old${i}@example.com`, clock.now() - (60 + i) * MINUTE, clock.now() - i * MINUTE);
			const node = triggerNode('Trigger', { event: 'contactEnriched' });
			let { staticData } = await pollOnce(node, { credentials: credentials() });
			const emitted: unknown[] = [];
			const sent: number[] = [];
			const poll = async () => {
				clock.advance(MINUTE);
				sandbox.stats.reset();
				const out = await pollOnce(node, { credentials: credentials(), staticData });
				staticData = out.staticData;
				sent.push(requests(SEARCH));
				emitted.push(...(out.items ?? []).map((item) => item.json.email));
			};
			sandbox.settings.pagination = 'endless';
			for (let p = 0; p < 6; p++) await poll();
			// The first walk goes on, a few pages past its allowance each poll (30 contacts: 3 pages).
			expect(sent).toEqual([4, 4, 4, 4, 4, 4]);
			const warned = log.warn.filter((w) => w.includes('pagination was inconsistent'));
			expect(warned).toHaveLength(6);
			expect(warned[0]).toContain("the activation's sample and first walk go on after it");
			const state = (staticData['node:Trigger'] as IDataObject)[ENRICHED_KEY] as IDataObject;
			expect((state.walk as IDataObject).page).toBeGreaterThan(15);
			sandbox.settings.pagination = 'normal';
			const later = [1, 2, 3].map((i) => `new${i}@example.com`);
			for (const email of later) enriched(email, clock.now() - 10 * MINUTE, clock.now());
			for (let p = 0; p < 6; p++) await poll();
			expect(emitted).toEqual(later);
			expect(Math.max(...sent)).toBeLessThanOrEqual(4);
		} finally {
			log.restore();
		}
	});
});
