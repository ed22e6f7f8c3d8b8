import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import * as simplifyHelpers from '../../nodes/OutreachContact/helpers/simplify';
import { HOST, contact } from '../support/fixtures';
import { isolateNetwork, runNode } from '../support/nodeRun';

// simplifyContact as a mock that runs the real one, so that a test can see when it is called
// (the transpiler's module exports cannot be spied on in place).
jest.mock('../../nodes/OutreachContact/helpers/simplify', () => {
	const actual = jest.requireActual('../../nodes/OutreachContact/helpers/simplify');
	return { ...actual, simplifyContact: jest.fn(actual.simplifyContact) };
});

const run = async (parameters: IDataObject, items?: IDataObject[]) =>
	await runNode(parameters, { items });

/** A fake search endpoint holding `total` contacts that caps page_size at `cap`. */
function serveSearch(total: number, cap: number) {
	const requests: IDataObject[] = [];
	const all = Array.from({ length: total }, (_, i) => contact(total - i));
	nock(HOST)
		.post('/api/v2/contact/search/')
		.times(1000)
		.reply((_uri, body) => {
			const { page, page_size } = body as { page: number; page_size: number };
			requests.push(body as IDataObject);
			const size = Math.min(page_size, cap);
			const totalPages = Math.ceil(total / size);
			if (page > totalPages && totalPages > 0) return [404, { detail: 'Invalid page.' }];
			return [
				200,
				{
					contacts: all.slice((page - 1) * size, page * size),
					pagination: { total_contacts: total, page, total_pages: totalPages, page_size: size },
				},
			];
		});
	return requests;
}

isolateNetwork();

describe('Contact → Get', () => {
	it('returns the simplified contact by default', async () => {
		nock(HOST)
			.get('/api/v2/contact/5/')
			.reply(200, { data: contact(5) });
		const { outputOf } = await run(
			{ resource: 'contact', operation: 'get', contactId: '={{ $json.id }}' },
			[{ id: 5 }],
		);
		const [item] = outputOf('Node');
		expect(item.json).toMatchObject({
			id: 5,
			email: 'person5@example.com',
			sequence_name: 'Founders Q3',
			created_date: contact(5).created_date,
			full_name: 'Pat Person5',
			job_title: 'Head of Growth',
			company_name: 'Widgets GmbH',
			sentence_fields: { opener: 'Hi person 5' },
		});
		expect(item.json.enriched_contact_data).toBeUndefined();
	});

	it('returns the whole contact when Simplify is off', async () => {
		nock(HOST)
			.get('/api/v2/contact/5/')
			.reply(200, { data: contact(5) });
		const { outputOf } = await run({
			resource: 'contact',
			operation: 'get',
			contactId: '5',
			simplify: false,
		});
		expect(outputOf('Node')[0].json).toEqual(contact(5));
	});

	it('names the contact that was not found', async () => {
		nock(HOST).get('/api/v2/contact/99/').reply(404, { detail: 'Not found.' });
		const { errorOf } = await run({ resource: 'contact', operation: 'get', contactId: '99' });
		expect(errorOf('Node')?.message).toBe('Contact 99 was not found (404) [item 0]');
	});
});

describe('Contact → Search', () => {
	const conditions = {
		condition: [
			{ property: 'sequence__id', operator: 'Is', sequenceId: 11 },
			{ property: 'sequence__id', operator: 'Is', sequenceId: '12' },
			{ property: 'created_timestamp', operator: 'Less than', days: '={{ 7 }}' },
			{ property: 'is_enriched', operator: 'Is', enriched: '={{ "true" }}' },
			{ property: 'email', operator: 'Contains', value: ' @example.com ' },
		],
	};

	it('sends the converted conditions', async () => {
		const requests = serveSearch(3, 100);
		const { outputOf } = await run({
			resource: 'contact',
			operation: 'search',
			conditions,
			limit: 2,
		});
		expect(requests).toEqual([
			{
				conditions: [
					{ property: 'sequence__id', condition: 'Is', value: 11 },
					{ property: 'sequence__id', condition: 'Is', value: 12 },
					{ property: 'created_timestamp', condition: 'Less than', value: 7 },
					{ property: 'is_enriched', condition: 'Is', value: true },
					{ property: 'email', condition: 'Contains', value: '@example.com' },
				],
				page: 1,
				page_size: 2,
			},
		]);
		expect(outputOf('Node').map((item) => item.json.id)).toEqual([3, 2]);
	});

	it('Return All walks every page at the size the service caps to, with the minimum of requests', async () => {
		const requests = serveSearch(950, 100);
		const { outputOf } = await run({
			resource: 'contact',
			operation: 'search',
			returnAll: true,
			simplify: false,
		});

		const out = outputOf('Node');
		expect(out).toHaveLength(950);
		expect(new Set(out.map((item) => item.json.id)).size).toBe(950);
		expect(out.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);
		// One request for page 1 at the size asked, then pages 2..10 at the capped size: 10 in all.
		expect(requests).toHaveLength(10);
		expect(requests[0]).toMatchObject({ page: 1, page_size: 1000 });
		expect(
			requests
				.slice(1)
				.map((r) => r.page)
				.sort((a, b) => Number(a) - Number(b)),
		).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
		expect(requests.slice(1).every((r) => r.page_size === 100)).toBe(true);
	});

	it('Return All with Simplify on simplifies each page as it arrives, before the next pages are requested', async () => {
		const requests = serveSearch(650, 100); // page 1, then pages 2-5, then 6-7 (4 at a time)
		const { simplifyContact } = jest.requireActual<typeof simplifyHelpers>(
			'../../nodes/OutreachContact/helpers/simplify',
		);
		const requestsWhenSimplified: number[] = [];
		const spy = jest.mocked(simplifyHelpers.simplifyContact).mockImplementation((c) => {
			requestsWhenSimplified.push(requests.length);
			return simplifyContact(c);
		});
		try {
			const { outputOf } = await run({ resource: 'contact', operation: 'search', returnAll: true });
			const out = outputOf('Node');
			expect(out.map((item) => item.json.id)).toEqual(
				Array.from({ length: 650 }, (_, i) => 650 - i),
			);
			expect(out.every((item) => item.json.enriched_contact_data === undefined)).toBe(true);
			// Held until the end: the simplified contacts, not the full ones of every page.
			expect(requestsWhenSimplified).toEqual([
				...Array<number>(100).fill(1),
				...Array<number>(400).fill(5),
				...Array<number>(150).fill(7),
			]);
		} finally {
			spy.mockImplementation(simplifyContact);
		}
	});

	it('Limit fetches only the pages it needs', async () => {
		const requests = serveSearch(950, 100);
		const { outputOf } = await run({
			resource: 'contact',
			operation: 'search',
			returnAll: false,
			limit: 250,
		});
		expect(outputOf('Node')).toHaveLength(250);
		expect(requests.map((r) => r.page).sort()).toEqual([1, 2, 3]);
	});

	it('an empty result gives no items and asks no further page', async () => {
		const requests = serveSearch(0, 100);
		const { outputOf } = await run({ resource: 'contact', operation: 'search', returnAll: true });
		expect(outputOf('Node')).toEqual([]);
		expect(requests).toHaveLength(1);
	});

	it('a contact that shows up on two pages is output once', async () => {
		nock(HOST)
			.post('/api/v2/contact/search/', (body) => body.page === 1)
			.reply(200, {
				contacts: [contact(9), contact(8)],
				pagination: { total_contacts: 4, page: 1, total_pages: 2, page_size: 2 },
			})
			.post('/api/v2/contact/search/', (body) => body.page === 2)
			.reply(200, {
				contacts: [contact(8), contact(7)],
				pagination: { total_contacts: 5, page: 2, total_pages: 3, page_size: 2 },
			})
			// Contact 10 was added in front meanwhile: the list grew to 3 pages, and 6 moved onto page 3.
			.post('/api/v2/contact/search/', (body) => body.page === 3)
			.reply(200, {
				contacts: [contact(6)],
				pagination: { total_contacts: 5, page: 3, total_pages: 3, page_size: 2 },
			});
		const { outputOf } = await run({ resource: 'contact', operation: 'search', returnAll: true });
		expect(outputOf('Node').map((item) => item.json.id)).toEqual([9, 8, 7, 6]);
	});

	it('falls back to the default page size once if the service refuses a large one', async () => {
		const sizes: number[] = [];
		nock(HOST)
			.post('/api/v2/contact/search/')
			.times(2)
			.reply((_uri, body) => {
				const size = (body as IDataObject).page_size as number;
				sizes.push(size);
				if (size > 100) return [400, { detail: 'page_size must be at most 100' }];
				return [
					200,
					{
						contacts: [contact(1)],
						pagination: { total_contacts: 1, page: 1, total_pages: 1, page_size: 100 },
					},
				];
			});
		const { outputOf } = await run({ resource: 'contact', operation: 'search', returnAll: true });
		expect(sizes).toEqual([1000, 100]);
		expect(outputOf('Node')).toHaveLength(1);
	});
});
