import type { IDataObject } from 'n8n-workflow';

import type { Contact, NewContact, Playbook, Profile, SearchCondition, SearchPage, Sequence } from '../types';
import { endpoints } from './endpoints';
import { unwrapList, unwrapObject, unwrapSearchPage } from './envelope';
import type { RequestContext } from './request';
import { apiRequest } from './request';

/** Typed calls of the service. Each one is a single request through `apiRequest`. */

export async function listPlaybooks(
	ctx: RequestContext,
	profileId?: number,
	itemIndex?: number,
): Promise<Playbook[]> {
	const body = await apiRequest(ctx, {
		method: 'GET',
		path: endpoints.playbooks,
		qs: profileQuery(profileId),
		itemIndex,
	});
	return unwrapList<Playbook>(ctx, body, endpoints.playbooks, itemIndex);
}

export async function listSequences(
	ctx: RequestContext,
	profileId?: number,
	itemIndex?: number,
): Promise<Sequence[]> {
	const body = await apiRequest(ctx, {
		method: 'GET',
		path: endpoints.sequences,
		qs: profileQuery(profileId),
		itemIndex,
	});
	return unwrapList<Sequence>(ctx, body, endpoints.sequences, itemIndex);
}

/** Returns the service's status text ("queued", or the duplicate message). */
export async function createContact(
	ctx: RequestContext,
	contact: NewContact,
	itemIndex?: number,
): Promise<IDataObject> {
	const body = await apiRequest(ctx, {
		method: 'POST',
		path: endpoints.contacts,
		body: contact,
		itemIndex,
	});
	return unwrapObject(ctx, body, `POST ${endpoints.contacts}`, itemIndex);
}

export async function getContact(ctx: RequestContext, id: number, itemIndex?: number): Promise<Contact> {
	const body = await apiRequest(ctx, {
		method: 'GET',
		path: endpoints.contact(id),
		notFound: `Contact ${id}`,
		itemIndex,
	});
	return unwrapObject(ctx, body, `GET ${endpoints.contact(id)}`, itemIndex) as Contact;
}

export async function searchContacts(
	ctx: RequestContext,
	conditions: SearchCondition[],
	page: number,
	pageSize: number,
	itemIndex?: number,
): Promise<SearchPage> {
	const body = await apiRequest(ctx, {
		method: 'POST',
		path: endpoints.contactSearch,
		body: { conditions, page, page_size: pageSize },
		notFound: `Page ${page} of the search results`,
		itemIndex,
	});
	return unwrapSearchPage(ctx, body, itemIndex);
}

/**
 * The interface does not show how the profile id is passed: it is sent as the query
 * parameter `profile_id`, the name the list endpoints use for the same id.
 */
export async function getProfile(ctx: RequestContext, id: number, itemIndex?: number): Promise<Profile> {
	const body = await apiRequest(ctx, {
		method: 'GET',
		path: endpoints.profile,
		qs: { profile_id: id },
		notFound: `Profile ${id}`,
		itemIndex,
	});
	return unwrapObject(ctx, body, `GET ${endpoints.profile}`, itemIndex) as Profile;
}

function profileQuery(profileId: number | undefined): IDataObject | undefined {
	return profileId === undefined ? undefined : { profile_id: profileId };
}
