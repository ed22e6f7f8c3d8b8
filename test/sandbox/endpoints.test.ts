import { startSandbox, type Sandbox } from '../../sandbox/server';
import { api, CONTACT_KEYS } from './helpers';
import { TestClock } from '../../harness/testClock';

const keys = (value: object): string[] => Object.keys(value).sort();

describe('sandbox endpoints', () => {
	const clock = new TestClock({ start: Date.parse('2024-05-06T07:08:09.000Z'), sleep: 'still' });
	let sandbox: Sandbox;

	beforeAll(async () => {
		sandbox = await startSandbox({ now: () => clock.now(), rateLimit: 0, processingMs: 0 });
	});
	afterAll(() => sandbox.close());

	describe('authentication', () => {
		it.each([
			['GET', '/me'],
			['GET', '/playbooks/list/'],
			['GET', '/sequences/list/'],
			['POST', '/contact/'],
			['GET', '/contact/1001/'],
			['POST', '/contact/search/'],
			['GET', '/profiles/get/?profile_id=1'],
		] as const)('%s %s without the key is 403', async (method, path) => {
			const res = await api(sandbox, method, path, method === 'POST' ? {} : undefined, {});
			expect(res.status).toBe(403);
			expect(res.body).toEqual({ detail: 'Authentication credentials were not provided.' });
		});

		it.each([
			['wrong-key'],
			['Bearer sandbox-api-key'],
			['Token sandbox-api-key'],
			['SANDBOX-API-KEY'],
		])('rejects Authorization %j', async (value) => {
			const res = await api(sandbox, 'GET', '/me', undefined, { Authorization: value });
			expect(res.status).toBe(403);
		});

		it('accepts the bare key and /me confirms it', async () => {
			const res = await api(sandbox, 'GET', '/me');
			expect(res.status).toBe(200);
			expect(typeof res.body.message).toBe('string');
			expect(res.body.message.length).toBeGreaterThan(0);
		});
	});

	describe('routing', () => {
		it.each([
			'/me/',
			'/playbooks/list',
			'/sequences/list',
			'/contact/search',
			'/contact/1001',
			'/profiles/get',
			'/nope/',
		])('%s is 404 (trailing slash is strict)', async (path) => {
			const res = await api(sandbox, 'GET', path);
			expect(res.status).toBe(404);
			expect(res.body).toEqual({ detail: 'Not found.' });
		});

		it('paths outside /api/v2 are 404', async () => {
			const res = await fetch(sandbox.baseUrl.replace('/api/v2', '/api/v1/me'), {
				headers: { Authorization: sandbox.apiKey },
			});
			expect(res.status).toBe(404);
		});

		it('a known path with the wrong method is 405', async () => {
			const res = await api(sandbox, 'GET', '/contact/');
			expect(res.status).toBe(405);
			expect(res.headers.get('allow')).toBe('POST');
		});
	});

	describe('lists', () => {
		it('lists all playbooks with their documented fields', async () => {
			const res = await api(sandbox, 'GET', '/playbooks/list/');
			expect(res.status).toBe(200);
			expect(res.body.data.map((p: { id: number }) => p.id)).toEqual([201, 202, 203, 204]);
			expect(res.body.data[0]).toEqual({
				id: 201,
				profile_name: 'Acme Sales',
				playbook_name: 'Cold Email Intro',
				created_timestamp: '2023-03-01T07:00:00.000Z',
			});
		});

		it('filters playbooks by profile_id', async () => {
			const res = await api(sandbox, 'GET', '/playbooks/list/?profile_id=2');
			expect(res.body.data.map((p: { id: number }) => p.id)).toEqual([203, 204]);
			expect(
				res.body.data.every((p: { profile_name: string }) => p.profile_name === 'Globex Growth'),
			).toBe(true);
		});

		it('lists sequences, filtered by profile_id', async () => {
			const all = await api(sandbox, 'GET', '/sequences/list/');
			expect(all.body.data).toHaveLength(5);
			expect(keys(all.body.data[0])).toEqual([
				'create_date',
				'id',
				'is_request',
				'profile_name',
				'sequence_name',
			]);
			const acme = await api(sandbox, 'GET', '/sequences/list/?profile_id=1');
			expect(acme.body.data.map((s: { id: number }) => s.id)).toEqual([101, 102, 103]);
			expect(acme.body.data.map((s: { is_request: boolean }) => s.is_request)).toEqual([
				false,
				false,
				true,
			]);
		});

		it('an unknown profile gives an empty list, a non-integer profile_id a 400', async () => {
			expect((await api(sandbox, 'GET', '/sequences/list/?profile_id=99')).body).toEqual({
				data: [],
			});
			const bad = await api(sandbox, 'GET', '/sequences/list/?profile_id=abc');
			expect(bad.status).toBe(400);
			expect(bad.body.errors).toHaveProperty('profile_id');
		});
	});

	describe('profiles', () => {
		it('returns {data: Profile} by default', async () => {
			const res = await api(sandbox, 'GET', '/profiles/get/?profile_id=2');
			expect(res.status).toBe(200);
			expect(res.body).toEqual({
				data: {
					id: 2,
					profile_name: 'Globex Growth',
					profile_domain: 'globex-growth',
					is_active: true,
					current_tool: 'Salesforce',
					created_timestamp: '2023-02-20T14:30:00.000Z',
				},
			});
		});

		it('returns the bare Profile when profileEnvelope is false', async () => {
			sandbox.settings.profileEnvelope = false;
			try {
				const res = await api(sandbox, 'GET', '/profiles/get/?profile_id=1');
				expect(res.body.id).toBe(1);
				expect(res.body.profile_name).toBe('Acme Sales');
				expect(res.body).not.toHaveProperty('data');
			} finally {
				sandbox.settings.profileEnvelope = true;
			}
		});

		it('is 404 for an unknown id and 400 without profile_id', async () => {
			expect((await api(sandbox, 'GET', '/profiles/get/?profile_id=9')).status).toBe(404);
			const missing = await api(sandbox, 'GET', '/profiles/get/');
			expect(missing.status).toBe(400);
			expect(missing.body.errors).toHaveProperty('profile_id');
		});
	});

	describe('contacts', () => {
		it('queues a contact and serves it by id', async () => {
			const before = sandbox.store.listContacts().length;
			const res = await api(sandbox, 'POST', '/contact/', {
				email: 'jane.roe@example.com',
				sequence_id: 101,
				playbook_id: 201,
				custom_fields: { company: 'Initech', first_name: 'Jane' },
			});
			expect(res.status).toBe(200);
			expect(res.body).toEqual({ data: { status: 'Contact queued' } });
			const created = sandbox.store.listContacts();
			expect(created).toHaveLength(before + 1);
			const id = created[created.length - 1]?.id as number;

			const got = await api(sandbox, 'GET', `/contact/${id}/`);
			expect(got.status).toBe(200);
			expect(keys(got.body.data)).toEqual(CONTACT_KEYS);
			expect(got.body.data).toMatchObject({
				id,
				email: 'jane.roe@example.com',
				custom_fields: { company: 'Initech', first_name: 'Jane' },
				sequence_name: 'Q1 Outbound',
				pro_net_handle: null,
				enriched_contact_data: null,
				enriched_company_data: null,
				created_date: '2024-05-06T07:08:09.000Z',
			});
			const sentences = Object.values(got.body.data.sentence_fields);
			expect(sentences.length).toBeGreaterThan(0);
			expect(sentences.every((s) => typeof s === 'string' && s.length > 0)).toBe(true);
		});

		it('processes a new contact after processingMs: no snippets nor enrichment until then, then updated_timestamp moves', async () => {
			sandbox.settings.processingMs = 20_000;
			try {
				const added = clock.now();
				await api(sandbox, 'POST', '/contact/', {
					email: 'slow.lane@example.com',
					sequence_id: 102,
					playbook_id: 201,
					pronet_handle: 'slow-lane',
					do_enrichment: true,
				});
				const find = async (conditions: object[]) =>
					(
						await api(sandbox, 'POST', '/contact/search/', {
							conditions: [
								{ property: 'email', condition: 'Is', value: 'slow.lane@example.com' },
								...conditions,
							],
						})
					).body.contacts as Array<Record<string, unknown>>;
				const enriched = [{ property: 'is_enriched', condition: 'Is', value: true }];
				const [pending] = await find([]);
				expect(pending).toMatchObject({
					sentence_fields: {},
					enriched_contact_data: null,
					enriched_company_data: null,
				});
				expect(await find(enriched)).toHaveLength(0);
				expect(sandbox.store.processingCount).toBe(1);

				clock.advance(19_999);
				expect(await find(enriched)).toHaveLength(0);
				clock.advance(1);
				const [done] = await find(enriched);
				expect(Object.keys(done.sentence_fields as object).length).toBeGreaterThan(0);
				expect(done.enriched_contact_data).not.toBeNull();
				expect(sandbox.store.getContact(done.id as number)?.updated_date).toBe(
					new Date(added + 20_000).toISOString(),
				);
				expect(sandbox.store.processingCount).toBe(0);
			} finally {
				sandbox.settings.processingMs = 0;
			}
		});

		it('gives ids that increase', async () => {
			await api(sandbox, 'POST', '/contact/', {
				email: 'one@example.com',
				sequence_id: 102,
				playbook_id: 201,
			});
			await api(sandbox, 'POST', '/contact/', {
				email: 'two@example.com',
				sequence_id: 102,
				playbook_id: 201,
			});
			const ids = sandbox.store.listContacts().map((c) => c.id);
			expect(ids.slice(-2)[1]).toBe((ids.slice(-2)[0] as number) + 1);
		});

		it('a contact deleted in the app (store.deleteContact) leaves the search and the lookup', async () => {
			await api(sandbox, 'POST', '/contact/', {
				email: 'gone@example.com',
				sequence_id: 103,
				playbook_id: 201,
			});
			const id = sandbox.store.listContacts().slice(-1)[0]?.id as number;
			const inSearch = async () => {
				const res = await api(sandbox, 'POST', '/contact/search/', {
					search: [{ property: 'sequence_id', condition: 'is', value: 103 }],
				});
				return (res.body as { contacts: Array<{ id: number }> }).contacts.map((c) => c.id);
			};
			expect(await inSearch()).toContain(id);
			expect(sandbox.store.deleteContact(id)).toBe(true);
			expect(await inSearch()).not.toContain(id);
			expect((await api(sandbox, 'GET', `/contact/${id}/`)).status).toBe(404);
			expect(sandbox.store.deleteContact(id)).toBe(false);
		});

		it('treats the same email in the same sequence as a duplicate (success, no new contact)', async () => {
			const body = { email: 'dup@example.com', sequence_id: 104, playbook_id: 203 };
			expect((await api(sandbox, 'POST', '/contact/', body)).body).toEqual({
				data: { status: 'Contact queued' },
			});
			const created = sandbox.stats.contactsCreated;
			const count = sandbox.store.listContacts().length;
			const again = await api(sandbox, 'POST', '/contact/', { ...body, email: 'DUP@example.com' });
			expect(again.status).toBe(200);
			expect(again.body).toEqual({ data: { status: 'Contact already exists in this sequence' } });
			expect(sandbox.store.listContacts()).toHaveLength(count);
			expect(sandbox.stats.contactsCreated).toBe(created);

			const otherSequence = await api(sandbox, 'POST', '/contact/', { ...body, sequence_id: 105 });
			expect(otherSequence.body).toEqual({ data: { status: 'Contact queued' } });
		});

		it.each([
			[{ sequence_id: 101, playbook_id: 201 }, 'email'],
			[{ email: 'not-an-email', sequence_id: 101, playbook_id: 201 }, 'email'],
			[{ email: 42, sequence_id: 101, playbook_id: 201 }, 'email'],
			[{ email: 'a@example.com', playbook_id: 201 }, 'sequence_id'],
			[{ email: 'a@example.com', sequence_id: '101', playbook_id: 201 }, 'sequence_id'],
			[{ email: 'a@example.com', sequence_id: 999, playbook_id: 201 }, 'sequence_id'],
			[{ email: 'a@example.com', sequence_id: 101 }, 'playbook_id'],
			[{ email: 'a@example.com', sequence_id: 101, playbook_id: 1.5 }, 'playbook_id'],
			[{ email: 'a@example.com', sequence_id: 101, playbook_id: 999 }, 'playbook_id'],
			[
				{ email: 'a@example.com', sequence_id: 101, playbook_id: 201, do_enrichment: true },
				'pronet_handle',
			],
			[
				{
					email: 'a@example.com',
					sequence_id: 101,
					playbook_id: 201,
					do_enrichment: true,
					pronet_handle: ' ',
				},
				'pronet_handle',
			],
			[
				{ email: 'a@example.com', sequence_id: 101, playbook_id: 201, do_enrichment: 'yes' },
				'do_enrichment',
			],
			[
				{ email: 'a@example.com', sequence_id: 101, playbook_id: 201, custom_fields: ['x'] },
				'custom_fields',
			],
		])('rejects %j with a 400 naming %s', async (body, field) => {
			const count = sandbox.store.listContacts().length;
			const res = await api(sandbox, 'POST', '/contact/', body);
			expect(res.status).toBe(400);
			expect(Object.keys(res.body.errors)).toEqual([field]);
			expect(res.body.detail).toContain(field);
			expect(sandbox.store.listContacts()).toHaveLength(count);
		});

		it('rejects malformed JSON (400) and a non-JSON content type (415)', async () => {
			const url = `${sandbox.baseUrl}/contact/`;
			const auth = { Authorization: sandbox.apiKey };
			const malformed = await fetch(url, {
				method: 'POST',
				headers: { ...auth, 'Content-Type': 'application/json' },
				body: '{"email":',
			});
			expect(malformed.status).toBe(400);
			const form = await fetch(url, {
				method: 'POST',
				headers: { ...auth, 'Content-Type': 'text/plain' },
				body: 'email=a',
			});
			expect(form.status).toBe(415);
		});

		it('is 404 for an unknown or non-numeric contact id', async () => {
			expect((await api(sandbox, 'GET', '/contact/999999/')).status).toBe(404);
			expect((await api(sandbox, 'GET', '/contact/abc/')).status).toBe(404);
		});
	});

	it('store.addContact rejects an unknown sequence', () => {
		expect(() => sandbox.store.addContact({ email: 'x@example.com', sequence_id: 1 })).toThrow(
			RangeError,
		);
	});
});
