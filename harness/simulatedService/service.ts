/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and benchmark code, not shipped: a local HTTP server */
/**
 * The simulated service the trigger simulations and the trigger bench share: a localhost HTTP
 * server answering POST /api/v2/contact/search/ (and GET /me) as the interface says, from
 * contacts held in memory (contacts.ts) with the sandbox's search rules (search.ts), on a
 * virtual clock. Configurable: the result order, the page-size cap, the timezone its days are
 * counted in, how created_date is written (formats.ts), a latency per answer that moves the
 * clock on, faults per poll (500, 403, a single 503, a 503 storm), contacts created while a
 * poll pages, a pager that never ends, and a log of every request with its (virtual) time.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { createPrng } from '../../sandbox/prng';
import { error, json, readJsonBody, send, type Reply } from '../../sandbox/http';
import { parseSearchBody, SearchError } from '../../sandbox/search';
import type { Contact } from '../../sandbox/types';
import type { TestClock } from '../testClock';
import { ContactStore, type Row } from './contacts';
import { isoUtc } from './formats';
import { SearchIndex, type ServiceOrder } from './search';

export interface SimulatedServiceOptions {
	/** The clock of the nodes: the service reads it, and its latency moves it on. */
	clock: TestClock;
	/** The zone whose calendar days `created_timestamp` and `updated_timestamp` count. Default UTC. */
	timeZone?: string;
	/** Default newest first. */
	order?: ServiceOrder;
	/** The largest page served; the size served is reported in `pagination.page_size`. Default 100. */
	maxPageSize?: number;
	/** How created_date is written. Default ISO 8601 in UTC with Z. */
	createdDate?: (ms: number) => string;
	/** Virtual time each answer takes (the clock moves on by it). Default 0. */
	latencyMs?: number;
	/** Contacts created while a poll pages: the chance a request for page 2 or later first creates 1-3. */
	insertWhilePaging?: { chance: number; seed: number; sequenceIds?: number[] };
	/** A poll sending more requests than this gets 500s (a poll that never ends must still end). */
	maxRequestsPerPoll?: number;
}

export type { ServiceOrder };

/** A fault for the requests of one poll, by their index in it; 'flaky': a 503 at random, at `chance`. */
export type Fault =
	| { kind: 'fail'; status: 500 | 403; at: number }
	| { kind: 'transient'; at: number }
	| { kind: 'storm' }
	| { kind: 'flaky'; chance: number; seed: number };

export interface RequestRecord {
	/** Virtual time the request arrived (epoch ms, n8n's clock). */
	at: number;
	/** The number of the poll it belongs to (see `beginPoll`). */
	poll: number;
	page: number;
	pageSize: number;
	status: number;
	/** Contacts in the answer. */
	served: number;
}

const PREFIX = '/api/v2';

/** The contact as the service returns it. */
export function publicContact(row: Row): Contact {
	return {
		id: row.id,
		email: row.email,
		custom_fields: row.custom_fields,
		sentence_fields: row.sentence_fields,
		sequence_name: row.sequence_name,
		pro_net_handle: row.pro_net_handle,
		enriched_contact_data: row.enriched_contact_data,
		enriched_company_data: row.enriched_company_data,
		created_date: row.created_date,
	};
}

/** The path of GET /contact/<id>/ below the base URL. */
export const CONTACT_BY_ID = /^\/contact\/(\d+)\/$/;

/**
 * GET /contact/<id>/ as the service answers it: the contact, or 404 once it was deleted (and
 * before it appears); undefined when `path` is not that route. Both simulated services (this one
 * and the property test's) answer through it.
 */
export function contactById(store: ContactStore, path: string, at: number): Reply | undefined {
	const byId = CONTACT_BY_ID.exec(path);
	if (!byId) return undefined;
	store.catchUp(at);
	const row = store.byId.get(Number(byId[1]));
	return row ? json(200, { data: publicContact(row) }) : error(404, 'Not found.');
}

export class SimulatedService {
	readonly contacts: ContactStore;

	readonly log: RequestRecord[] = [];

	/** Requests the trigger should never send (a bad body, another endpoint). */
	readonly violations: string[] = [];

	readonly apiKey = 'simulated-api-key';

	/** Set by `start`: e.g. http://127.0.0.1:41234/api/v2 */
	baseUrl = '';

	/** A broken pager: every answer announces one more page, and pages past the end repeat the last. */
	endless = false;

	/** Runs before each request is answered (a test can start an overlapping poll there). */
	beforeAnswer: (() => Promise<void>) | undefined;

	insertedWhilePaging = 0;

	/** The chance of `insertWhilePaging`, which a simulation may change between polls. */
	insertChance: number;

	/** Polls begun so far; the requests of the current one carry its number. */
	polls = 0;

	private readonly index: SearchIndex;

	private readonly random: () => number;

	private fault: Fault | undefined;

	/** The draws of a 'flaky' fault (seeded by it at `beginPoll`). */
	private faultRandom: () => number = () => 1;

	private requestInPoll = 0;

	private close: () => Promise<void> = async () => {};

	constructor(private readonly options: SimulatedServiceOptions) {
		this.contacts = new ContactStore(options.timeZone ?? 'UTC', options.createdDate ?? isoUtc);
		this.index = new SearchIndex(this.contacts);
		this.random = createPrng(options.insertWhilePaging?.seed ?? 1);
		this.insertChance = options.insertWhilePaging?.chance ?? 0;
	}

	/** The credential for this service. */
	get credentials() {
		return { baseUrl: this.baseUrl, apiKey: this.apiKey };
	}

	async start(): Promise<this> {
		const server = createServer((req, res) => void this.onRequest(req, res));
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		this.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${PREFIX}`;
		this.close = async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		};
		return this;
	}

	async stop(): Promise<void> {
		await this.close();
	}

	/** A poll starts: its requests are counted from 0 and `fault` applies to them. */
	beginPoll(fault?: Fault): void {
		this.polls++;
		this.fault = fault;
		if (fault?.kind === 'flaky') this.faultRandom = createPrng(fault.seed);
		this.requestInPoll = 0;
	}

	/** The requests of one poll (by its number). */
	requestsOf(poll: number): RequestRecord[] {
		return this.log.filter((r) => r.poll === poll);
	}

	private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
		let reply: Reply;
		try {
			await this.beforeAnswer?.();
			reply = await this.route(req);
		} catch (cause) {
			this.violations.push(`the simulated service failed: ${String(cause)}`);
			reply = error(500, 'Simulated service error');
		}
		send(res, reply, 'off');
	}

	private async route(req: IncomingMessage): Promise<Reply> {
		const path = (req.url ?? '').split('?')[0];
		if (req.headers.authorization !== this.apiKey)
			return error(403, 'Authentication credentials were not provided.');
		let body: unknown;
		if (req.method === 'POST') {
			const read = await readJsonBody(req);
			if (!read.ok) {
				this.violations.push(`unreadable body: ${JSON.stringify(read.reply.body)}`);
				return read.reply;
			}
			body = read.value;
		}
		return this.answer(
			req.method ?? '',
			path.startsWith(PREFIX) ? path.slice(PREFIX.length) : path,
			body,
		);
	}

	/** The answer to a request; `path` is below the base URL (e.g. /contact/search/). */
	answer(method: string, path: string, body: unknown): Reply {
		if (method === 'GET' && path === '/me') return json(200, { message: 'Authorized' });
		if (method === 'GET' && CONTACT_BY_ID.test(path)) return this.contact(path);
		if (method !== 'POST' || path !== '/contact/search/') {
			this.violations.push(`unexpected request ${method} ${path}`);
			return error(404, 'Not found.');
		}
		return this.search(body);
	}

	/**
	 * The answer to a request made in process, as n8n's request helper returns a full response:
	 * for simulations that fake n8n's context instead of running PollContext over HTTP.
	 */
	respond(
		method: string,
		path: string,
		body: unknown,
	): { statusCode: number; headers: Record<string, string>; body: string } {
		const reply = this.answer(method, path, body);
		const headers: Record<string, string> = { 'content-type': 'application/json' };
		for (const [name, value] of Object.entries(reply.headers ?? {}))
			headers[name.toLowerCase()] = value;
		return { statusCode: reply.status, headers, body: JSON.stringify(reply.body) };
	}

	/** GET /contact/<id>/, counted and logged as a request of the poll. */
	private contact(path: string): Reply {
		const at = this.options.clock.now();
		this.requestInPoll++;
		this.options.clock.advance(this.options.latencyMs ?? 0);
		const reply = contactById(this.contacts, path, at) as Reply;
		const served = reply.status === 200 ? 1 : 0;
		this.log.push({ at, poll: this.polls, page: 0, pageSize: 0, status: reply.status, served });
		return reply;
	}

	private search(raw: unknown): Reply {
		const { clock } = this.options;
		const at = clock.now();
		const index = this.requestInPoll++;
		let request;
		try {
			request = parseSearchBody(raw);
		} catch (cause) {
			const problem =
				cause instanceof SearchError ? `${cause.field}: ${cause.message}` : String(cause);
			this.violations.push(`bad search: ${problem}`);
			this.log.push({ at, poll: this.polls, page: 0, pageSize: 0, status: 400, served: 0 });
			return error(400, problem);
		}
		const record = (status: number, served = 0) =>
			this.log.push({
				at,
				poll: this.polls,
				page: request.page,
				pageSize: request.page_size,
				status,
				served,
			});
		clock.advance(this.options.latencyMs ?? 0);

		const limit = this.options.maxRequestsPerPoll;
		if (limit !== undefined && index >= limit) {
			if (index === limit)
				this.violations.push(`poll ${this.polls} sent more than ${limit} requests`);
			record(500);
			return error(500, 'The simulation stopped this poll');
		}
		const fault = this.fault;
		if (
			fault?.kind === 'storm' ||
			(fault?.kind === 'transient' && fault.at === index) ||
			(fault?.kind === 'flaky' && this.faultRandom() < fault.chance)
		) {
			record(503);
			return json(503, { detail: 'Server error; retry' }, { 'Retry-After': '2' });
		}
		if (fault?.kind === 'fail' && fault.at === index) {
			record(fault.status);
			return error(fault.status, 'Simulated failure');
		}
		this.maybeInsert(request.page, at);
		this.contacts.catchUp(at);

		const size = Math.min(request.page_size, this.options.maxPageSize ?? 100);
		const settings = { order: this.options.order ?? 'newest', maxPageSize: size };
		if (this.endless) {
			const last = Math.max(
				1,
				Math.ceil(this.index.matching(request.conditions, at, settings.order).length / size),
			);
			const page = this.index.answer(
				{ ...request, page: Math.min(request.page, last) },
				at,
				settings,
			);
			record(200, page?.items.length ?? 0);
			return json(200, {
				contacts: (page?.items ?? []).map(publicContact),
				pagination: {
					total_contacts: (request.page + 1) * size,
					page: request.page,
					total_pages: request.page + 1,
					page_size: size,
				},
			});
		}
		const page = this.index.answer(request, at, settings);
		if (!page) {
			record(404);
			return error(404, 'Invalid page.');
		}
		record(200, page.items.length);
		return json(200, { contacts: page.items.map(publicContact), pagination: page.pagination });
	}

	/** Contacts created at this moment, while a poll pages (page 2 or later). */
	private maybeInsert(page: number, now: number): void {
		const insert = this.options.insertWhilePaging;
		if (!insert || page < 2 || this.random() >= this.insertChance) return;
		const sequences = insert.sequenceIds ?? [101];
		const count = 1 + Math.floor(this.random() * 3);
		const added = Array.from({ length: count }, () => ({
			at: now,
			sequenceId: sequences[Math.floor(this.random() * sequences.length)],
		}));
		this.contacts.schedule(added);
		this.insertedWhilePaging += count;
	}
}
