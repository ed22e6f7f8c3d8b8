// The endpoints of spec section 4, as handlers over the store. Paths are relative to /api/v2
// and strict: the trailing slash is required exactly where the spec writes one.

import { parseContactBody } from './contactInput';
import { error, json, type Reply } from './http';
import { duplicateReply, endlessPage, misreportedPage, servedContact } from './misbehaviour';
import { parseSearchBody, SearchError, searchContacts } from './search';
import type { SandboxSettings } from './settings';
import type { SandboxStats } from './stats';
import type { Store } from './store';
import type { ContactRecord } from './types';

export interface RouteContext {
	store: Store;
	settings: SandboxSettings;
	stats: SandboxStats;
	now: () => number;
	url: URL;
	/** Captures of the path pattern. */
	params: string[];
	/** Parsed JSON body (POST routes only). */
	body: unknown;
}

export interface Route {
	method: 'GET' | 'POST';
	pattern: RegExp;
	/** Route name used in stats, e.g. "/contact/<id>/". */
	name: string;
	handle(ctx: RouteContext): Reply;
}

type IntQuery = { ok: true; value: number | undefined } | { ok: false; reply: Reply };

/** An optional integer query parameter; an empty value counts as absent. */
function intQuery(url: URL, name: string): IntQuery {
	const raw = url.searchParams.get(name);
	if (raw === null || raw === '') return { ok: true, value: undefined };
	if (!/^\d+$/.test(raw)) {
		return {
			ok: false,
			reply: error(400, `${name}: A valid integer is required.`, {
				errors: { [name]: ['A valid integer is required.'] },
			}),
		};
	}
	return { ok: true, value: Number(raw) };
}

/** A contact as the API serves it, its created_date written as the settings say. */
function publicContact(ctx: RouteContext, record: ContactRecord) {
	const { createdDates, timezone } = ctx.settings;
	return servedContact(ctx.store.toPublicContact(record), createdDates, timezone);
}

function listBy<T>(ctx: RouteContext, list: (profileId?: number) => T[]): Reply {
	const profileId = intQuery(ctx.url, 'profile_id');
	if (!profileId.ok) return profileId.reply;
	return json(200, { data: list(profileId.value) });
}

export const ROUTES: Route[] = [
	{
		method: 'GET',
		pattern: /^\/me$/,
		name: '/me',
		handle: () =>
			json(200, { message: 'Authorized: the API key is valid and the account is active.' }),
	},
	{
		method: 'GET',
		pattern: /^\/playbooks\/list\/$/,
		name: '/playbooks/list/',
		handle: (ctx) => listBy(ctx, (id) => ctx.store.listPlaybooks(id)),
	},
	{
		method: 'GET',
		pattern: /^\/sequences\/list\/$/,
		name: '/sequences/list/',
		handle: (ctx) => listBy(ctx, (id) => ctx.store.listSequences(id)),
	},
	{
		method: 'POST',
		pattern: /^\/contact\/$/,
		name: '/contact/',
		handle: (ctx) => {
			const parsed = parseContactBody(ctx.body, ctx.store);
			if (!parsed.ok) {
				const summary = Object.entries(parsed.errors).map(
					([field, messages]) => `${field}: ${messages.join(' ')}`,
				);
				return error(400, summary.join(' '), { errors: parsed.errors });
			}
			const { input } = parsed;
			if (ctx.store.findContactInSequence(input.sequence_id, input.email)) {
				return duplicateReply(ctx.settings.duplicateAnswer);
			}
			ctx.store.addContact({ ...input, processed_at: ctx.now() + ctx.settings.processingMs });
			ctx.stats.contactsCreated++;
			return json(200, { data: { status: 'Contact queued' } });
		},
	},
	{
		method: 'POST',
		pattern: /^\/contact\/search\/$/,
		name: '/contact/search/',
		handle: (ctx) => {
			try {
				const request = parseSearchBody(ctx.body);
				const options = {
					now: ctx.now(),
					timeZone: ctx.settings.timezone,
					order: ctx.settings.order,
					maxPageSize: ctx.settings.maxPageSize,
				};
				const contacts = ctx.store.listContacts();
				let result = searchContacts(contacts, request, options);
				if (ctx.settings.pagination === 'endless') {
					result = endlessPage(request.page, result, () => {
						const first = searchContacts(contacts, { ...request, page: 1 }, options);
						const last = Math.max(1, first?.pagination.total_pages ?? 1);
						return searchContacts(contacts, { ...request, page: last }, options);
					});
				}
				if (!result) return error(404, 'Invalid page.');
				if (ctx.settings.pagination === 'misreported-size')
					result = misreportedPage(result, request.page_size);
				return json(200, {
					contacts: result.items.map((c) => publicContact(ctx, c)),
					pagination: result.pagination,
				});
			} catch (e) {
				if (e instanceof SearchError) {
					return error(400, `${e.field}: ${e.message}`, { errors: { [e.field]: [e.message] } });
				}
				// Not a client error: let the server answer 500. (Rule meant for node code.)
				// eslint-disable-next-line @n8n/community-nodes/require-node-api-error
				throw e;
			}
		},
	},
	{
		method: 'GET',
		pattern: /^\/contact\/(\d+)\/$/,
		name: '/contact/<id>/',
		handle: (ctx) => {
			const contact = ctx.store.getContact(Number(ctx.params[0]));
			return contact ? json(200, { data: publicContact(ctx, contact) }) : error(404, 'Not found.');
		},
	},
	{
		method: 'GET',
		pattern: /^\/profiles\/get\/$/,
		name: '/profiles/get/',
		handle: (ctx) => {
			const param = ctx.settings.profileParam;
			const profileId = intQuery(ctx.url, param);
			if (!profileId.ok) return profileId.reply;
			if (profileId.value === undefined) {
				return error(400, `${param}: This query parameter is required.`, {
					errors: { [param]: ['This query parameter is required.'] },
				});
			}
			const profile = ctx.store.getProfile(profileId.value);
			if (!profile) return error(404, 'Not found.');
			return json(200, ctx.settings.profileEnvelope ? { data: profile } : profile);
		},
	},
];
