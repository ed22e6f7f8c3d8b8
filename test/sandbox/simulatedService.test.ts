/**
 * The simulated service of the trigger simulations and the bench (harness/simulatedService)
 * answers searches exactly as the sandbox's rules do (sandbox/search.ts searchContacts, which
 * filters and sorts every contact per request): the same contacts, pages and pagination for
 * every order, page size and condition the trigger or a user sends. And its HTTP side: the
 * formats of created_date, the latency on the virtual clock, faults, the request log.
 */
import { steadyArrivals } from '../../harness/simulatedService/arrivals';
import { ContactStore } from '../../harness/simulatedService/contacts';
import { isoUtc, isoWithOffset, localWithoutZone } from '../../harness/simulatedService/formats';
import { SearchIndex } from '../../harness/simulatedService/search';
import { SimulatedService } from '../../harness/simulatedService/service';
import { seededRandom, TestClock } from '../../harness/testClock';
import { searchContacts, type Condition, type Order } from '../../sandbox/search';
import { size } from '../support/size';

/** What the tests read of an answer (an error answer has none of it). */
interface SearchAnswer {
	contacts: Array<{ id: number; created_date: string }>;
	pagination: { total_contacts: number; page: number; total_pages: number; page_size: number };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// Spans the start of daylight saving time in Los Angeles (2026-03-08).
const NOW = Date.UTC(2026, 2, 10, 7, 30, 0);

describe('simulated service search: the sandbox rules, without a scan per request', () => {
	const zone = 'America/Los_Angeles';
	const store = new ContactStore(zone, isoUtc);
	const random = seededRandom(5);
	// Over 2,000 contacts in 11 days (npm run test:long), over 300 in npm test (test/support/size.ts):
	// each compared search scans them all in the sandbox's rules.
	const perDay = size(30, 200);
	store.schedule(
		steadyArrivals(NOW - 10 * DAY, NOW + DAY, perDay, random, (c) => ({
			...c,
			sequenceId: 101 + Math.floor(random() * 3),
			...(random() < 0.6 ? { enrichAt: c.at + Math.floor(random() * 2 * DAY) } : {}),
			...(random() < 0.3 ? { updates: [c.at + Math.floor(random() * 4 * DAY)] } : {}),
		})),
	);
	store.catchUp(NOW);
	const index = new SearchIndex(store);

	const c = (property: string, condition: string, value: unknown) =>
		({ property, condition, value }) as Condition;
	const searches: Array<[string, Condition[]]> = [
		['no conditions', []],
		['created Less than 1', [c('created_timestamp', 'Less than', 1)]],
		['created Less than 3', [c('created_timestamp', 'Less than', 3)]],
		[
			'created Less than 3 or 5',
			[c('created_timestamp', 'Less than', 3), c('created_timestamp', 'Less than', 5)],
		],
		[
			'created More than 2 and Less than 6',
			[c('created_timestamp', 'More than', 2), c('created_timestamp', 'Less than', 6)],
		],
		[
			'created Exactly 0 or 4',
			[c('created_timestamp', 'Exactly', 0), c('created_timestamp', 'Exactly', 4)],
		],
		[
			'created Less than 4, sequence 102',
			[c('created_timestamp', 'Less than', 4), c('sequence__id', 'Is', 102)],
		],
		['sequence Is not 101', [c('sequence__id', 'Is not', 101)]],
		[
			'enriched, updated Less than 2',
			[c('is_enriched', 'Is', true), c('updated_timestamp', 'Less than', 2)],
		],
		[
			'email Contains 7, created Less than 9',
			[c('email', 'Contains', '7'), c('created_timestamp', 'Less than', 9)],
		],
		['last synced More than 1', [c('last_synced_timestamp', 'More than', 1)]],
	];
	const orders: Order[] = ['newest', 'oldest', 'unordered'];

	it.each(orders)('%s: every search, page and page size as the sandbox answers it', (order) => {
		expect(store.byCreated.length).toBeGreaterThan(10 * perDay);
		for (const [, conditions] of searches) {
			for (const pageSize of [7, 1000]) {
				const options = { now: NOW, timeZone: zone, order, maxPageSize: 50 };
				const answers = (page: number) => {
					const request = { conditions, page, page_size: pageSize };
					return [
						index.answer(request, NOW, options),
						searchContacts(store.byCreated, request, options),
					];
				};
				const [first] = answers(1);
				const last = Math.max(1, first?.pagination.total_pages ?? 1);
				for (const page of new Set([1, 2, Math.ceil(last / 2), last, last + 1])) {
					const [got, want] = answers(page);
					expect(got?.pagination).toEqual(want?.pagination);
					expect(got?.items.map((r) => r.id)).toEqual(want?.items.map((r) => r.id));
				}
			}
		}
	});

	it.each(orders)(
		'%s: the lists kept take the contacts inserted one by one, and an enrichment, as the sandbox sees them',
		(order) => {
			const conditions = [c('created_timestamp', 'Less than', 3), c('sequence__id', 'Is not', 103)];
			const enrichedOnes = [c('is_enriched', 'Is', true), c('updated_timestamp', 'Less than', 2)];
			const options = { now: NOW, timeZone: zone, order, maxPageSize: 50 };
			for (let i = 0; i < 40; i++) {
				const at = NOW + i * MINUTE;
				store.schedule([
					{ at, sequenceId: 101 + (i % 3), ...(i % 10 === 9 ? { enrichAt: at } : {}) },
				]);
				store.catchUp(at);
				for (const search of [conditions, enrichedOnes]) {
					const request = { conditions: search, page: 1 + (i % 4), page_size: 1000 };
					const now = { ...options, now: at };
					const want = searchContacts(store.byCreated, request, now);
					const got = index.answer(request, at, now);
					expect(got?.items.map((r) => r.id)).toEqual(want?.items.map((r) => r.id));
					expect(got?.pagination).toEqual(want?.pagination);
				}
			}
		},
	);

	it('a scheduled contact appears at its time, and its enrichment and updates at theirs', () => {
		const later = new ContactStore('UTC', isoUtc);
		const [row] = later.schedule([
			{ at: NOW + MINUTE, enrichAt: NOW + HOUR, updates: [NOW + DAY] },
		]);
		later.catchUp(NOW);
		expect(later.byId.has(row.id)).toBe(false);
		later.catchUp(NOW + MINUTE);
		expect(later.byCreated).toEqual([row]);
		expect(row.enriched_contact_data).toBeNull();
		later.catchUp(NOW + HOUR);
		expect([row.enrichedAt, row.updatedMs, row.enriched_contact_data !== null]).toEqual([
			NOW + HOUR,
			NOW + HOUR,
			true,
		]);
		later.catchUp(NOW + DAY);
		expect(row.updated_date).toBe(new Date(NOW + DAY).toISOString());
	});
});

describe('created_date formats', () => {
	const at = Date.UTC(2026, 5, 10, 9, 0, 5, 7);
	it.each([
		['ISO in UTC', isoUtc, '2026-06-10T09:00:05.007Z'],
		[
			'ISO with the offset of Los Angeles (summer)',
			isoWithOffset('America/Los_Angeles'),
			'2026-06-10T02:00:05.007-07:00',
		],
		[
			'ISO with the offset of Kolkata',
			isoWithOffset('Asia/Kolkata'),
			'2026-06-10T14:30:05.007+05:30',
		],
		[
			'local time of Tokyo without a zone',
			localWithoutZone('Asia/Tokyo'),
			'2026-06-10 18:00:05.007',
		],
		[
			'local time of Phoenix without a zone',
			localWithoutZone('America/Phoenix'),
			'2026-06-10 02:00:05.007',
		],
	])('%s', (_name, write, text) => {
		expect(write(at)).toBe(text);
	});
});

describe('simulated service over HTTP', () => {
	const start = Date.UTC(2026, 5, 10, 12, 0, 0);
	let clock: TestClock;
	let service: SimulatedService;
	const search = async (body: unknown, key = service.apiKey) => {
		const response = await fetch(`${service.baseUrl}/contact/search/`, {
			method: 'POST',
			headers: { authorization: key, 'content-type': 'application/json' },
			body: JSON.stringify(body),
		});
		return {
			status: response.status,
			retryAfter: response.headers.get('retry-after'),
			body: (await response.json()) as SearchAnswer,
		};
	};
	const body = (page: number, page_size = 100) => ({
		conditions: [{ property: 'created_timestamp', condition: 'Less than', value: 2 }],
		page,
		page_size,
	});

	beforeEach(async () => {
		clock = new TestClock({ start });
		service = await new SimulatedService({
			clock,
			order: 'newest',
			maxPageSize: 50,
			timeZone: 'Asia/Tokyo',
			createdDate: localWithoutZone('Asia/Tokyo'),
			latencyMs: 250,
			insertWhilePaging: { chance: 1, seed: 3 },
			maxRequestsPerPoll: 4,
		}).start();
		service.contacts.schedule(Array.from({ length: 120 }, (_, i) => ({ at: start - i * MINUTE })));
		service.contacts.schedule([{ at: start + 10 * MINUTE }]);
	});
	afterEach(async () => await service.stop());

	it('serves pages of the capped size, newest first, in local time without a zone; each answer takes 250 ms', async () => {
		service.beginPoll();
		const first = await search(body(1, 1000));
		expect(first.status).toBe(200);
		const { total_contacts, total_pages, page_size } = first.body.pagination;
		expect([total_contacts, total_pages, page_size]).toEqual([120, 3, 50]);
		expect(first.body.contacts[0].created_date).toBe('2026-06-10 21:00:00.000');
		expect(first.body.contacts.map((c) => c.id).slice(0, 3)).toEqual([1, 2, 3]);
		// Page 2: 1-3 contacts created first (insertWhilePaging), so the list grew.
		const second = await search(body(2, 50));
		expect(second.body.pagination.total_contacts).toBe(120 + service.insertedWhilePaging);
		expect(service.insertedWhilePaging).toBeGreaterThan(0);
		expect((await search(body(9, 50))).status).toBe(404);
		expect(service.log.map((r) => [r.at - start, r.page, r.status])).toEqual([
			[0, 1, 200],
			[250, 2, 200],
			[500, 9, 404],
		]);
		expect(clock.now()).toBe(start + 750);
		expect(service.violations).toEqual([]);
	});

	it('answers GET /contact/<id>/ with the contact, and 404 before it appears and once deleted', async () => {
		const get = async (id: number) => {
			const response = await fetch(`${service.baseUrl}/contact/${id}/`, {
				headers: { authorization: service.apiKey },
			});
			return [response.status, ((await response.json()) as { data?: { id: number } }).data?.id];
		};
		service.beginPoll();
		expect(await get(7)).toEqual([200, 7]);
		// Contact 121 is scheduled 10 minutes ahead of the clock.
		expect(await get(121)).toEqual([404, undefined]);
		service.contacts.remove([7]);
		expect(await get(7)).toEqual([404, undefined]);
		expect(service.log.map((r) => [r.at - start, r.status, r.served])).toEqual([
			[0, 200, 1],
			[250, 404, 0],
			[500, 404, 0],
		]);
		expect(service.violations).toEqual([]);
	});

	it('answers faults, refuses a poll past its request limit, and notes what the trigger must never send', async () => {
		service.beginPoll({ kind: 'storm' });
		const storm = await search(body(1));
		expect([storm.status, storm.retryAfter]).toEqual([503, '2']);
		service.beginPoll({ kind: 'fail', status: 500, at: 1 });
		expect((await search(body(1))).status).toBe(200);
		expect((await search(body(1))).status).toBe(500);
		service.beginPoll();
		for (let i = 0; i < 4; i++) expect((await search(body(1))).status).toBe(200);
		expect((await search(body(1))).status).toBe(500);
		expect((await search(body(1), 'wrong key')).status).toBe(403);
		expect(
			(await search({ conditions: [{ property: 'created_timestamp', condition: 'Is', value: 1 }] }))
				.status,
		).toBe(400);
		expect(service.violations).toEqual([
			`poll 3 sent more than 4 requests`,
			expect.stringContaining('conditions[0].condition'),
		]);
		expect(service.requestsOf(3).map((r) => r.status)).toEqual([200, 200, 200, 200, 500, 400]);
	});

	it('an endless pager announces one more page every time', async () => {
		service.endless = true;
		service.beginPoll();
		const tenth = await search(body(10, 50));
		expect(tenth.body.pagination).toEqual({
			total_contacts: 550,
			page: 10,
			total_pages: 11,
			page_size: 50,
		});
		// The last real page, again (the contacts inserted while paging included).
		expect(tenth.body.contacts).toHaveLength(120 + service.insertedWhilePaging - 100);
	});
});
