import type { IDataObject } from 'n8n-workflow';

import type {
	Contact,
	NewContact,
	Playbook,
	Profile,
	SearchCondition,
	SearchPage,
	Sequence,
} from '../types';
import { readContact, readList, readObject, readProfile, readSearchPage } from './envelope';
import type { RequestContext } from './request';
import { apiRequest } from './request';

/** The paths of the service, exactly as the interface writes them (relative to the Base URL). */
export const endpoints = {
	me: '/me',
	playbooks: '/playbooks/list/',
	sequences: '/sequences/list/',
	contacts: '/contact/',
	contact: (id: number) => `/contact/${id}/`,
	contactSearch: '/contact/search/',
	profile: '/profiles/get/',
} as const;

/**
 * Typed calls of the service. Each one is a single request through `apiRequest`. All of them may
 * be retried (`mayRetry`): the GETs and the search only read, and POST /contact/ answers a
 * repeated email in the same sequence with success and creates no second contact.
 */

/** A list endpoint (GET), all entries or one profile's. */
function listOf<T extends Playbook | Sequence>(path: string) {
	return async (ctx: RequestContext, profileId?: number, itemIndex?: number): Promise<T[]> =>
		await apiRequest(ctx, {
			method: 'GET',
			path,
			qs: profileId === undefined ? undefined : { profile_id: profileId },
			itemIndex,
			mayRetry: true,
			read: readList<T>,
		});
}

export const listPlaybooks = listOf<Playbook>(endpoints.playbooks);

export const listSequences = listOf<Sequence>(endpoints.sequences);

/**
 * Returns the service's answer, `{status}` ("queued", or the duplicate message). Only its being
 * an object is checked: a 200 means the service took the contact, and failing the item over a
 * missing status would make a user send it again.
 */
export async function createContact(
	ctx: RequestContext,
	contact: NewContact,
	itemIndex?: number,
): Promise<IDataObject> {
	return await apiRequest(ctx, {
		method: 'POST',
		path: endpoints.contacts,
		body: contact,
		itemIndex,
		mayRetry: true,
		read: readObject,
	});
}

export async function getContact(
	ctx: RequestContext,
	id: number,
	itemIndex?: number,
): Promise<Contact> {
	return await apiRequest(ctx, {
		method: 'GET',
		path: endpoints.contact(id),
		notFound: `Contact ${id}`,
		itemIndex,
		mayRetry: true,
		read: readContact,
	});
}

/**
 * Whether contact `id` was deleted: the service answers 404 for it (as far as the interface
 * tells). The trigger's lookup of a contact a range left out (trigger/shared/leftOutLookup.ts);
 * `permit` is its budget: a send it refuses throws Withheld, and nothing was sent.
 */
export async function contactDeleted(
	ctx: RequestContext,
	id: number,
	permit: () => boolean,
): Promise<boolean> {
	// Any answer of 200 tells that it is there, whatever its shape (an email missing, say).
	const found = await apiRequest<true | undefined>(ctx, {
		method: 'GET',
		path: endpoints.contact(id),
		notFound: `Contact ${id}`,
		mayRetry: true,
		permit,
		notFoundIsAnswer: true,
		read: () => true,
	});
	return found === undefined;
}

export interface SearchOptions {
	itemIndex?: number;
	/** Refuse a page with a contact that has no id or email (see readSearchPage). */
	checkContacts?: boolean;
	/** Asked before every send, retries included (see ApiRequest.permit). */
	permit?: () => boolean;
}

export async function searchContacts(
	ctx: RequestContext,
	conditions: SearchCondition[],
	page: number,
	pageSize: number,
	options: SearchOptions = {},
): Promise<SearchPage> {
	return await apiRequest(ctx, {
		method: 'POST',
		path: endpoints.contactSearch,
		body: { conditions, page, page_size: pageSize },
		notFound: `Page ${page} of the search results`,
		itemIndex: options.itemIndex,
		mayRetry: true,
		permit: options.permit,
		read: (body) => readSearchPage(body, options.checkContacts),
	});
}

/**
 * The interface does not show how the profile id is passed: it is sent as the query
 * parameter `profile_id`, the name the list endpoints use for the same id.
 */
export async function getProfile(
	ctx: RequestContext,
	id: number,
	itemIndex?: number,
): Promise<Profile> {
	return await apiRequest(ctx, {
		method: 'GET',
		path: endpoints.profile,
		qs: { profile_id: id },
		notFound: `Profile ${id}`,
		itemIndex,
		mayRetry: true,
		read: readProfile,
	});
}
