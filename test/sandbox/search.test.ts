import { startSandbox, type Sandbox } from '../../sandbox/server';
import { api, CONTACT_KEYS } from './helpers';
import { TestClock } from '../../harness/testClock';

type Condition = { property: string; condition: string; value?: unknown };

describe('sandbox search', () => {
	const clock = new TestClock({ start: Date.parse('2024-01-15T12:00:00.000Z'), sleep: 'still' });
	let sandbox: Sandbox;
	const ids: Record<string, number> = {};

	const search = (conditions: Condition[], extra: Record<string, unknown> = {}) =>
		api(sandbox, 'POST', '/contact/search/', { conditions, ...extra });
	/** Names of the matching contacts, in answer order. */
	const names = async (conditions: Condition[]): Promise<string[]> => {
		const res = await search(conditions);
		expect(res.status).toBe(200);
		return res.body.contacts.map((c: { id: number }) =>
			Object.keys(ids).find((k) => ids[k] === c.id),
		);
	};

	beforeAll(async () => {
		sandbox = await startSandbox({ now: () => clock.now(), rateLimit: 0 });
		const add = sandbox.store.addContact.bind(sandbox.store);
		ids.dave = add({
			email: 'dave@initech.com',
			sequence_id: 101,
			created_date: '2024-01-01T00:00:00Z',
			premise_ids: ['prm_x', 'prm_y'],
		}).id;
		ids.carol = add({
			email: 'carol@acme.com',
			sequence_id: 104,
			created_date: '2024-01-10T10:00:00Z',
			updated_date: '2024-01-15T08:00:00Z',
		}).id;
		ids.bob = add({
			email: 'bob@globex.com',
			sequence_id: 102,
			created_date: '2024-01-14T10:00:00Z',
			last_synced_date: '2024-01-15T09:00:00Z',
		}).id;
		ids.alice = add({
			email: 'Alice@Acme.com',
			sequence_id: 101,
			created_date: '2024-01-15T10:00:00Z',
			pronet_handle: 'alice-smith',
			do_enrichment: true,
		}).id;
	});
	afterAll(() => sandbox.close());

	it('returns everything newest first with default paging', async () => {
		const res = await api(sandbox, 'POST', '/contact/search/', {});
		expect(res.status).toBe(200);
		expect(res.body.pagination).toEqual({
			total_contacts: 4,
			page: 1,
			total_pages: 1,
			page_size: 100,
		});
		expect(await names([])).toEqual(['alice', 'bob', 'carol', 'dave']);
		expect(Object.keys(res.body.contacts[0]).sort()).toEqual(CONTACT_KEYS);
	});

	it("orders by created_date then id, newest first or with order: 'oldest' oldest first", async () => {
		const other = await startSandbox({ rateLimit: 0 });
		try {
			const add = (email: string, created: string) =>
				other.store.addContact({ email, sequence_id: 101, created_date: created }).id;
			const mid = add('mid@example.com', '2024-01-05T00:00:00Z');
			const tieA = add('tie-a@example.com', '2024-01-01T00:00:00Z');
			const last = add('last@example.com', '2024-01-09T00:00:00Z');
			const tieB = add('tie-b@example.com', '2024-01-01T00:00:00Z');
			const order = async (): Promise<number[]> =>
				(await api(other, 'POST', '/contact/search/', {})).body.contacts.map(
					(c: { id: number }) => c.id,
				);
			expect(await order()).toEqual([last, mid, tieB, tieA]);
			other.settings.order = 'oldest';
			expect(await order()).toEqual([tieA, tieB, mid, last]);
		} finally {
			await other.close();
		}
	});

	it('combines the same property and condition as OR', async () => {
		expect(
			await names([
				{ property: 'sequence__id', condition: 'Is', value: 101 },
				{ property: 'sequence__id', condition: 'Is', value: 102 },
			]),
		).toEqual(['alice', 'bob', 'dave']);
	});

	it('combines different properties or conditions as AND', async () => {
		expect(
			await names([
				{ property: 'sequence__id', condition: 'Is', value: 101 },
				{ property: 'email', condition: 'Contains', value: 'acme' },
			]),
		).toEqual(['alice']);
		expect(
			await names([
				{ property: 'email', condition: 'Contains', value: 'acme' },
				{ property: 'email', condition: 'Does not contain', value: 'alice' },
			]),
		).toEqual(['carol']);
	});

	it('ORs two "Is not" conditions literally, so together they exclude nothing', async () => {
		const both = await names([
			{ property: 'email', condition: 'Is not', value: 'alice@acme.com' },
			{ property: 'email', condition: 'Is not', value: 'bob@globex.com' },
		]);
		expect(both).toEqual(expect.arrayContaining(['alice', 'bob', 'carol', 'dave']));
		expect(
			await names([{ property: 'email', condition: 'Is not', value: 'alice@acme.com' }]),
		).not.toContain('alice');
	});

	it('compares emails case-insensitively', async () => {
		expect(await names([{ property: 'email', condition: 'Is', value: 'ALICE@acme.COM' }])).toEqual([
			'alice',
		]);
		expect(await names([{ property: 'email', condition: 'Contains', value: 'ACME' }])).toEqual([
			'alice',
			'carol',
		]);
		expect(
			await names([{ property: 'email', condition: 'Does not contain', value: 'Acme' }]),
		).toEqual(['bob', 'dave']);
	});

	it('filters sequence__id Is not', async () => {
		expect(await names([{ property: 'sequence__id', condition: 'Is not', value: 101 }])).toEqual([
			'bob',
			'carol',
		]);
	});

	it('filters by premise_ids_used against each contact’s premise ids', async () => {
		expect(
			await names([{ property: 'premise_ids_used', condition: 'Is', value: 'prm_y' }]),
		).toEqual(['dave']);
		expect(
			await names([{ property: 'premise_ids_used', condition: 'Is not', value: 'prm_y' }]),
		).toEqual(['alice', 'bob', 'carol']);
		const generated = sandbox.store.getContact(ids.alice as number)?.premise_ids ?? [];
		expect(generated.length).toBeGreaterThan(0);
		expect(
			await names([{ property: 'premise_ids_used', condition: 'Is', value: generated[0] }]),
		).toEqual(['alice']);
	});

	it('filters by is_enriched', async () => {
		expect(await names([{ property: 'is_enriched', condition: 'Is', value: true }])).toEqual([
			'alice',
		]);
		expect(await names([{ property: 'is_enriched', condition: 'Is not', value: true }])).toEqual([
			'bob',
			'carol',
			'dave',
		]);
		expect(await names([{ property: 'is_enriched', condition: 'Is', value: false }])).toEqual([
			'bob',
			'carol',
			'dave',
		]);
	});

	it('counts created_timestamp in whole days, 0 = today, digit strings allowed', async () => {
		const created = (condition: string, value: unknown): Condition => ({
			property: 'created_timestamp',
			condition,
			value,
		});
		expect(await names([created('Exactly', 0)])).toEqual(['alice']);
		expect(await names([created('Exactly', '1')])).toEqual(['bob']);
		expect(await names([created('Less than', 2)])).toEqual(['alice', 'bob']);
		expect(await names([created('More than', '4')])).toEqual(['carol', 'dave']);
		expect(await names([created('Exactly', 1), created('Exactly', 14)])).toEqual(['bob', 'dave']);
	});

	it('uses updated time (created unless changed) and last synced time (null never matches)', async () => {
		expect(
			await names([{ property: 'updated_timestamp', condition: 'Exactly', value: 0 }]),
		).toEqual(['alice', 'carol']);
		expect(
			await names([{ property: 'last_synced_timestamp', condition: 'Less than', value: 100 }]),
		).toEqual(['bob']);
		expect(
			await names([{ property: 'last_synced_timestamp', condition: 'More than', value: 0 }]),
		).toEqual([]);
	});

	it.each([
		[{ property: 'name', condition: 'Is', value: 'x' }, 'conditions[0].property'],
		[{ property: 'sequence__id', condition: 'Contains', value: 101 }, 'conditions[0].condition'],
		[{ property: 'created_timestamp', condition: 'Is', value: 1 }, 'conditions[0].condition'],
		[{ property: 'sequence__id', condition: 'Is', value: '101' }, 'conditions[0].value'],
		[{ property: 'email', condition: 'Is', value: 5 }, 'conditions[0].value'],
		[{ property: 'created_timestamp', condition: 'Exactly', value: -1 }, 'conditions[0].value'],
		[{ property: 'created_timestamp', condition: 'Exactly', value: '1.5' }, 'conditions[0].value'],
		[{ property: 'is_enriched', condition: 'Is', value: 'true' }, 'conditions[0].value'],
		[{ property: 'is_enriched', condition: 'Is' }, 'conditions[0].value'],
	])('rejects condition %j with a 400 naming %s', async (condition, field) => {
		const res = await search([condition]);
		expect(res.status).toBe(400);
		expect(Object.keys(res.body.errors)).toEqual([field]);
		expect(res.body.detail).toContain(field);
	});

	it.each([
		[{ conditions: 'sequence__id' }, 'conditions'],
		[{ page: 0 }, 'page'],
		[{ page_size: '10' }, 'page_size'],
		[{ page_size: 0 }, 'page_size'],
	])('rejects body %j with a 400 naming %s', async (body, field) => {
		const res = await api(sandbox, 'POST', '/contact/search/', body);
		expect(res.status).toBe(400);
		expect(Object.keys(res.body.errors)).toEqual([field]);
	});
});

describe('sandbox search: days in a timezone', () => {
	const clock = new TestClock({ start: Date.parse('2024-01-15T08:30:00.000Z'), sleep: 'still' });
	let sandbox: Sandbox;

	beforeAll(async () => {
		sandbox = await startSandbox({
			now: () => clock.now(),
			rateLimit: 0,
			timezone: 'America/Los_Angeles',
		});
	});
	afterAll(() => sandbox.close());

	const exactly = async (days: number | string): Promise<string[]> => {
		const res = await api(sandbox, 'POST', '/contact/search/', {
			conditions: [{ property: 'created_timestamp', condition: 'Exactly', value: days }],
		});
		expect(res.status).toBe(200);
		return res.body.contacts.map((c: { email: string }) => c.email);
	};

	it('counts calendar days in Los Angeles around its midnight', async () => {
		// Now is 00:30 on Jan 15 in Los Angeles (UTC-8).
		sandbox.store.addContact({
			email: 'late@example.com',
			sequence_id: 101,
			created_date: '2024-01-15T07:45:00Z',
		}); // 23:45 Jan 14 LA
		sandbox.store.addContact({
			email: 'early@example.com',
			sequence_id: 101,
			created_date: '2024-01-15T08:10:00Z',
		}); // 00:10 Jan 15 LA
		expect(await exactly(0)).toEqual(['early@example.com']);
		expect(await exactly('1')).toEqual(['late@example.com']);

		sandbox.settings.timezone = 'UTC'; // both are Jan 15 in UTC
		expect(await exactly(0)).toEqual(['early@example.com', 'late@example.com']);
		expect(await exactly(1)).toEqual([]);
	});

	it('counts calendar days in Kiritimati (UTC+14) across the date line', async () => {
		const tz = await startSandbox({
			now: () => Date.parse('2024-01-14T10:30:00Z'),
			timezone: 'Pacific/Kiritimati',
		});
		try {
			// Now is 00:30 on Jan 15 in Kiritimati; the contact is 23:00 on Jan 14 there and 09:00 on Jan 14 in UTC.
			tz.store.addContact({
				email: 'kiri@example.com',
				sequence_id: 101,
				created_date: '2024-01-14T09:00:00Z',
			});
			const count = async (days: number): Promise<number> =>
				(
					await api(tz, 'POST', '/contact/search/', {
						conditions: [{ property: 'created_timestamp', condition: 'Exactly', value: days }],
					})
				).body.pagination.total_contacts;
			expect(await count(1)).toBe(1);
			expect(await count(0)).toBe(0);
			tz.settings.timezone = 'UTC';
			expect(await count(0)).toBe(1);
		} finally {
			await tz.close();
		}
	});

	it('refuses an unknown timezone at start', async () => {
		await expect(startSandbox({ timezone: 'Mars/Olympus_Mons' })).rejects.toThrow(RangeError);
	});
});

describe('sandbox search: paging', () => {
	let sandbox: Sandbox;

	beforeAll(async () => {
		sandbox = await startSandbox({ rateLimit: 0, maxPageSize: 3 });
		for (let n = 1; n <= 7; n++) {
			sandbox.store.addContact({
				email: `p${n}@example.com`,
				sequence_id: 101,
				created_date: Date.UTC(2024, 0, n),
			});
		}
	});
	afterAll(() => sandbox.close());

	const page = (body: Record<string, unknown>) => api(sandbox, 'POST', '/contact/search/', body);

	it('caps page_size and reports the effective size', async () => {
		const first = await page({ page_size: 5 });
		expect(first.status).toBe(200);
		expect(first.body.contacts).toHaveLength(3);
		expect(first.body.pagination).toEqual({
			total_contacts: 7,
			page: 1,
			total_pages: 3,
			page_size: 3,
		});
		expect((await page({})).body.pagination.page_size).toBe(3);
		expect((await page({ page_size: 2 })).body.pagination).toEqual({
			total_contacts: 7,
			page: 1,
			total_pages: 4,
			page_size: 2,
		});
	});

	it('walks all pages without gaps or repeats, then 404 past the last page', async () => {
		const emails: string[] = [];
		for (let n = 1; n <= 3; n++) {
			const res = await page({ page_size: 5, page: n });
			expect(res.status).toBe(200);
			expect(res.body.pagination.page).toBe(n);
			emails.push(...res.body.contacts.map((c: { email: string }) => c.email));
		}
		expect(emails).toEqual(
			['p7', 'p6', 'p5', 'p4', 'p3', 'p2', 'p1'].map((p) => `${p}@example.com`),
		);
		const past = await page({ page_size: 5, page: 4 });
		expect(past.status).toBe(404);
		expect(typeof past.body.detail).toBe('string');
	});

	it('answers page 1 of an empty result with 200 and total_pages 0, page 2 with 404', async () => {
		const none = [{ property: 'sequence__id', condition: 'Is', value: 999 }];
		const first = await page({ conditions: none });
		expect(first.status).toBe(200);
		expect(first.body).toEqual({
			contacts: [],
			pagination: { total_contacts: 0, page: 1, total_pages: 0, page_size: 3 },
		});
		expect((await page({ conditions: none, page: 2 })).status).toBe(404);
	});

	it('uses the asked size when under the default cap of 100', async () => {
		const uncapped = await startSandbox({ rateLimit: 0 });
		try {
			const res = await api(uncapped, 'POST', '/contact/search/', { page_size: 150 });
			expect(res.body.pagination.page_size).toBe(100);
			expect(
				(await api(uncapped, 'POST', '/contact/search/', { page_size: 5 })).body.pagination
					.page_size,
			).toBe(5);
		} finally {
			await uncapped.close();
		}
	});
});

describe('unordered results', () => {
	it('lists contacts in a fixed order that follows neither time nor id', async () => {
		const { sortContacts } = await import('../../sandbox/search');
		const base = Date.UTC(2026, 0, 1);
		const records = Array.from({ length: 20 }, (_, i) => ({
			id: i + 1,
			created_date: new Date(base + i * 1000).toISOString(),
		}));
		const sorted = sortContacts(records as never, 'unordered').map((c) => (c as { id: number }).id);
		expect(sorted).toEqual(
			sortContacts([...records].reverse() as never, 'unordered').map(
				(c) => (c as { id: number }).id,
			),
		);
		expect(sorted).not.toEqual([...sorted].sort((a, b) => a - b));
		expect(sorted).not.toEqual([...sorted].sort((a, b) => b - a));
	});
});
