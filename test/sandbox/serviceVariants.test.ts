import { parseCli } from '../../sandbox/cliOptions';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { api } from './helpers';

/**
 * The answers the interface leaves open ("not shown"), in other forms than the sandbox's own:
 * what `npm run check-service` is tried against (sandbox/misbehaviour.ts).
 */
describe('sandbox: the other forms of what the interface does not show', () => {
	// 20:30:05.123 UTC is 05:30:05.123 the next day in Tokyo (UTC+9, no DST).
	const CREATED = Date.UTC(2026, 0, 15, 20, 30, 5, 123);
	let sandbox: Sandbox;
	let id: number;
	beforeEach(async () => {
		sandbox = await startSandbox({ now: () => CREATED, rateLimit: 0, processingMs: 0 });
		id = sandbox.store.addContact({ email: 'dated@example.com', sequence_id: 101 }).id;
		sandbox.store.addContact({
			email: 'older@example.com',
			sequence_id: 101,
			created_date: CREATED - 3_600_000,
		});
	});
	afterEach(async () => await sandbox.close());

	const search = async (pageSize = 100) =>
		await api(sandbox, 'POST', '/contact/search/', {
			conditions: [],
			page: 1,
			page_size: pageSize,
		});
	const createdDates = async () => ({
		got: (await api(sandbox, 'GET', `/contact/${id}/`)).body.data.created_date,
		searched: (await search()).body.contacts.map((c: { created_date: string }) => c.created_date),
	});

	it.each([
		['iso', '2026-01-15T20:30:05.123Z', '2026-01-15T19:30:05.123Z'],
		['zoneless', '2026-01-16T05:30:05.123000', '2026-01-16T04:30:05.123000'],
		['epoch', '1768509005', '1768505405'],
		['us', '01/15/2026 08:30:05 PM', '01/15/2026 07:30:05 PM'],
	] as const)(
		'created_date as %s, in Get and in the search, which keeps its order',
		async (format, newest, older) => {
			sandbox.settings.createdDates = format;
			sandbox.settings.timezone = 'Asia/Tokyo';
			expect(await createdDates()).toEqual({ got: newest, searched: [newest, older] });
		},
	);

	it('zone-less dates are the local time of the sandbox timezone', async () => {
		sandbox.settings.createdDates = 'zoneless';
		sandbox.settings.timezone = 'America/New_York';
		expect((await createdDates()).got).toBe('2026-01-15T15:30:05.123000');
	});

	it('GET /profiles/get/ can read the id from ?id= instead of ?profile_id=', async () => {
		sandbox.settings.profileParam = 'id';
		const byId = await api(sandbox, 'GET', '/profiles/get/?id=1');
		const byProfileId = await api(sandbox, 'GET', '/profiles/get/?profile_id=1');
		expect(byId.status).toBe(200);
		expect(byId.body.data).toMatchObject({ id: 1 });
		expect(byProfileId.status).toBe(400);
		expect(byProfileId.body.detail).toBe('id: This query parameter is required.');
	});

	it('a duplicate add can be answered 409 instead of success, and adds nothing', async () => {
		sandbox.settings.duplicateAnswer = 'conflict';
		const body = { email: 'dated@example.com', sequence_id: 101, playbook_id: 201 };
		const answer = await api(sandbox, 'POST', '/contact/', body);
		expect(answer.status).toBe(409);
		expect(answer.body).toEqual({ detail: 'Contact already exists in this sequence.' });
		expect(sandbox.store.listContacts()).toHaveLength(2);
	});

	it('misreported-size: the pages hold at most the cap, the pagination says the size asked', async () => {
		sandbox.settings.maxPageSize = 1;
		sandbox.settings.pagination = 'misreported-size';
		const answer = await search(1000);
		expect(answer.body.contacts).toHaveLength(1);
		expect(answer.body.pagination).toMatchObject({ page_size: 1000, total_pages: 1 });
	});

	it('reads the new forms from the command line', () => {
		const flags = [
			['--created-date', 'zoneless'],
			['--profile-param', 'id'],
			['--duplicate', 'conflict'],
			['--retry-after', 'date'],
			['--pagination', 'misreported-size'],
		].flat();
		expect(parseCli(flags, {})).toMatchObject({
			createdDates: 'zoneless',
			profileParam: 'id',
			duplicateAnswer: 'conflict',
			retryAfter: 'date',
			pagination: 'misreported-size',
		});
		expect(
			parseCli([], { SANDBOX_CREATED_DATE: 'epoch', SANDBOX_RETRY_AFTER: 'none' }),
		).toMatchObject({ createdDates: 'epoch', retryAfter: 'none' });
	});

	it('refuses forms it does not know', async () => {
		await expect(startSandbox({ createdDates: 'rfc2822' as never })).rejects.toThrow(
			"createdDates must be one of 'iso', 'zoneless', 'epoch', 'us'",
		);
		await expect(startSandbox({ retryAfter: 'later' as never })).rejects.toThrow(
			'retryAfter must be one of',
		);
	});
});

describe('sandbox: the Retry-After of a 429', () => {
	const NOW = Date.UTC(2026, 0, 15, 20, 30, 5, 400);
	let sandbox: Sandbox;
	beforeEach(async () => {
		sandbox = await startSandbox({ now: () => NOW, rateLimit: 1 });
	});
	afterEach(async () => await sandbox.close());

	const limited = async () => {
		await api(sandbox, 'GET', '/me');
		const answer = await api(sandbox, 'GET', '/me');
		expect(answer.status).toBe(429);
		return answer.headers.get('retry-after');
	};

	it('is delta-seconds by default', async () => {
		expect(await limited()).toBe('60');
	});

	it('can be an HTTP date, never earlier than the wait (whole seconds, rounded up)', async () => {
		sandbox.settings.retryAfter = 'date';
		expect(await limited()).toBe('Thu, 15 Jan 2026 20:31:06 GMT');
	});

	it('can be left out', async () => {
		sandbox.settings.retryAfter = 'none';
		expect(await limited()).toBeNull();
	});
});
