/**
 * The typed calls of api.ts through a real n8n-core ExecuteContext: paths, query strings,
 * bodies and the answer envelopes.
 */
import nock from 'nock';
import type { IExecuteFunctions } from 'n8n-workflow';

import {
	createContact,
	endpoints,
	contactDeleted,
	getContact,
	getProfile,
	listPlaybooks,
	listSequences,
	searchContacts,
} from '../../../nodes/OutreachContact/transport/api';
import { apiRequest } from '../../../nodes/OutreachContact/transport/request';
import { callInNode, secretLeaks } from '../../../harness/n8nHarness';
import { useVirtualClock } from '../../support/virtualTime';

// No test waits for real time (virtual clock); the margin is for slow, busy machines.
jest.setTimeout(20_000);

const API_KEY = 'sk-dummy-SECRET-1234567890';
const ORIGIN = 'https://outreach.test';
const credentials = { baseUrl: `${ORIGIN}/api/v2/`, apiKey: API_KEY };

const time = useVirtualClock();

async function call<T>(fn: (ctx: IExecuteFunctions) => Promise<T>) {
	const { value, error, threw } = await time.clock.run(callInNode(fn, { credentials }));
	if (threw) {
		expect(secretLeaks(error, API_KEY)).toEqual([]);
		for (const part of ['cause', 'description', 'messages', 'context']) {
			expect(JSON.stringify((error as Record<string, unknown>)[part]) ?? '').not.toContain(API_KEY);
		}
	}
	return { value, error: error as Record<string, unknown>, threw };
}

const contact = {
	id: 42,
	email: 'ada@example.com',
	sequence_name: 'Q1',
	created_date: '2026-01-02T03:04:05Z',
	custom_fields: {},
	sentence_fields: {},
	enriched_contact_data: null,
	enriched_company_data: null,
};

describe('api.ts calls', () => {
	it('listPlaybooks: GET /playbooks/list/ with profile_id, unwraps data', async () => {
		nock(ORIGIN)
			.get('/api/v2/playbooks/list/')
			.query({ profile_id: '5' })
			.reply(200, { data: [{ id: 1, playbook_name: 'P' }] });
		const out = await call(async (ctx) => await listPlaybooks(ctx, 5));
		expect(out.value).toEqual([{ id: 1, playbook_name: 'P' }]);
	});

	it('listSequences: no profile filter means no query string', async () => {
		nock(ORIGIN)
			.get('/api/v2/sequences/list/')
			.query((q) => Object.keys(q).length === 0)
			.reply(200, { data: [] });
		const out = await call(async (ctx) => await listSequences(ctx));
		expect(out.value).toEqual([]);
	});

	it('a list answer without "data" is an error', async () => {
		nock(ORIGIN)
			.get('/api/v2/sequences/list/')
			.reply(200, { results: [{ id: 1 }] });
		const out = await call(async (ctx) => await listSequences(ctx));
		expect(out.threw).toBe(true);
		expect(out.error.message).toBe('The service gave an unexpected answer to GET /sequences/list/');
		expect(out.error.description).toMatch(/a JSON object with a "data" list/);
	});

	it('a list answer whose "data" is not a list is an error', async () => {
		nock(ORIGIN)
			.get('/api/v2/playbooks/list/')
			.reply(200, { data: { id: 1 } });
		const out = await call(async (ctx) => await listPlaybooks(ctx));
		expect(out.threw).toBe(true);
		expect(out.error.message).toMatch(/unexpected answer to GET \/playbooks\/list\//);
	});

	it('createContact: POSTs the body as JSON and unwraps {data:{status}}', async () => {
		let sent: unknown;
		let contentType: unknown;
		nock(ORIGIN)
			.post('/api/v2/contact/', (body) => {
				sent = body;
				return true;
			})
			.reply(function () {
				contentType = this.req.headers['content-type'];
				return [200, { data: { status: 'Contact queued' } }];
			});
		const body = {
			email: 'ada@example.com',
			sequence_id: 3,
			playbook_id: 9,
			pronet_handle: 'ada',
			do_enrichment: true,
			custom_fields: { role: 'CTO' },
		};
		const out = await call(async (ctx) => await createContact(ctx, body));
		expect(out.value).toEqual({ status: 'Contact queued' });
		expect(sent).toEqual(body);
		expect(contentType).toMatch(/^application\/json/);
	});

	it('getContact: GET /contact/<id>/, unwraps data', async () => {
		nock(ORIGIN).get('/api/v2/contact/42/').reply(200, { data: contact });
		const out = await call(async (ctx) => await getContact(ctx, 42));
		expect(out.value).toEqual(contact);
	});

	it('getContact 404: "Contact 42 was not found"', async () => {
		nock(ORIGIN).get('/api/v2/contact/42/').reply(404, { detail: 'Not found.' });
		const out = await call(async (ctx) => await getContact(ctx, 42));
		expect(out.error.message).toBe('Contact 42 was not found (404)');
		expect(out.error.description).toMatch(/Check the id/);
	});

	it('getContact: an answer that is not an object is an error', async () => {
		nock(ORIGIN).get('/api/v2/contact/42/').reply(200, { data: 'nope' });
		const out = await call(async (ctx) => await getContact(ctx, 42));
		expect(out.error.message).toBe('The service gave an unexpected answer to GET /contact/42/');
	});

	it('contactDeleted: true for a 404, false for the contact (the trigger looks up one left out)', async () => {
		nock(ORIGIN).get('/api/v2/contact/42/').reply(404, { detail: 'Not found.' });
		nock(ORIGIN).get('/api/v2/contact/43/').reply(200, { data: contact });
		const always = () => true;
		expect((await call(async (ctx) => await contactDeleted(ctx, 42, always))).value).toBe(true);
		expect((await call(async (ctx) => await contactDeleted(ctx, 43, always))).value).toBe(false);
		// A 404 whatever its body (a gateway's HTML page); the trigger's control lookup then
		// tells a route the service does not serve from a deleted contact.
		nock(ORIGIN)
			.get('/api/v2/contact/47/')
			.reply(404, '<html>Not Found</html>', { 'Content-Type': 'text/html' });
		expect((await call(async (ctx) => await contactDeleted(ctx, 47, always))).value).toBe(true);
		// Any 200 tells it is there, whatever its shape.
		nock(ORIGIN)
			.get('/api/v2/contact/46/')
			.reply(200, { data: { id: 46, email: null } });
		expect((await call(async (ctx) => await contactDeleted(ctx, 46, always))).value).toBe(false);
		// Any other failure stays an error; a send the budget refuses is never made.
		nock(ORIGIN).get('/api/v2/contact/44/').reply(403, { detail: 'No.' });
		const refused = await call(async (ctx) => await contactDeleted(ctx, 44, always));
		expect(refused.error.httpCode).toBe('403');
		const withheld = await call(async (ctx) => await contactDeleted(ctx, 45, () => false));
		expect(withheld.error.name).toBe('Withheld');
		expect(nock.isDone()).toBe(true);
	});

	it('searchContacts: POST /contact/search/ with conditions, page and page_size', async () => {
		let sent: unknown;
		const page = {
			contacts: [contact],
			pagination: { total_contacts: 1, page: 2, total_pages: 2, page_size: 50 },
		};
		nock(ORIGIN)
			.post('/api/v2/contact/search/', (body) => {
				sent = body;
				return true;
			})
			.reply(200, page);
		const conditions = [
			{ property: 'email' as const, condition: 'Contains' as const, value: 'ada' },
		];
		const out = await call(async (ctx) => await searchContacts(ctx, conditions, 2, 50));
		expect(out.value).toEqual(page);
		expect(sent).toEqual({ conditions, page: 2, page_size: 50 });
	});

	it('searchContacts: also takes the page wrapped in data', async () => {
		const page = {
			contacts: [],
			pagination: { total_contacts: 0, page: 1, total_pages: 0, page_size: 100 },
		};
		nock(ORIGIN).post('/api/v2/contact/search/').reply(200, { data: page });
		const out = await call(async (ctx) => await searchContacts(ctx, [], 1, 100));
		expect(out.value).toEqual(page);
	});

	it('searchContacts: a page without contacts and pagination is an error', async () => {
		nock(ORIGIN)
			.post('/api/v2/contact/search/')
			.reply(200, { data: [contact] });
		const out = await call(async (ctx) => await searchContacts(ctx, [], 1, 100));
		expect(out.error.message).toBe(
			'The service gave an unexpected answer to POST /contact/search/',
		);
		expect(out.error.description).toMatch(/"contacts" and "pagination"/);
	});

	it('searchContacts 404 names the page', async () => {
		nock(ORIGIN).post('/api/v2/contact/search/').reply(404, { detail: 'Invalid page.' });
		const out = await call(async (ctx) => await searchContacts(ctx, [], 7, 100));
		expect(out.error.message).toBe('Page 7 of the search results was not found (404)');
	});

	const profile = {
		id: 8,
		profile_name: 'Acme',
		profile_domain: 'acme',
		is_active: true,
		current_tool: 'x',
		created_timestamp: '2026-01-01',
	};

	it('getProfile: GET /profiles/get/?profile_id=8, bare object', async () => {
		nock(ORIGIN).get('/api/v2/profiles/get/').query({ profile_id: '8' }).reply(200, profile);
		const out = await call(async (ctx) => await getProfile(ctx, 8));
		expect(out.value).toEqual(profile);
	});

	it('getProfile: the same profile wrapped in data', async () => {
		nock(ORIGIN)
			.get('/api/v2/profiles/get/')
			.query({ profile_id: '8' })
			.reply(200, { data: profile });
		const out = await call(async (ctx) => await getProfile(ctx, 8));
		expect(out.value).toEqual(profile);
	});

	it('getProfile 404: "Profile 8 was not found"', async () => {
		nock(ORIGIN).get('/api/v2/profiles/get/').query(true).reply(404, {});
		const out = await call(async (ctx) => await getProfile(ctx, 8));
		expect(out.error.message).toBe('Profile 8 was not found (404)');
	});

	it('getProfile: a list is not a profile', async () => {
		nock(ORIGIN).get('/api/v2/profiles/get/').query(true).reply(200, [profile]);
		const out = await call(async (ctx) => await getProfile(ctx, 8));
		expect(out.error.message).toBe('The service gave an unexpected answer to GET /profiles/get/');
	});

	it("the connection test's GET /me returns the message object", async () => {
		nock(ORIGIN).get('/api/v2/me').reply(200, { message: 'Authorized as Acme' });
		const out = await call(
			async (ctx) => await apiRequest(ctx, { mayRetry: true, method: 'GET', path: endpoints.me }),
		);
		expect(out.value).toEqual({ message: 'Authorized as Acme' });
	});
});
