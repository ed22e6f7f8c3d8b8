import type { IDataObject } from 'n8n-workflow';

import type { SearchPage } from '../types';
import type { RequestContext } from './request';
import { toNodeApiError, unexpectedShape } from './serviceFailure';

/**
 * The service wraps most answers in `{data: ...}`. Where the interface does not show the
 * envelope (profiles), both forms are accepted: a `data` object is unwrapped, a bare object
 * is taken as it is.
 */

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unexpected(ctx: RequestContext, request: string, expected: string, itemIndex?: number) {
	return toNodeApiError(ctx.getNode(), unexpectedShape(request, expected), itemIndex);
}

export function unwrapObject(
	ctx: RequestContext,
	body: unknown,
	request: string,
	itemIndex?: number,
): IDataObject {
	if (isObject(body) && isObject(body.data)) return body.data;
	if (isObject(body) && !('data' in body)) return body;
	throw unexpected(ctx, request, 'a JSON object', itemIndex);
}

export function unwrapList<T>(ctx: RequestContext, body: unknown, path: string, itemIndex?: number): T[] {
	if (isObject(body) && Array.isArray(body.data)) return body.data as T[];
	if (Array.isArray(body)) return body as T[];
	throw unexpected(ctx, `GET ${path}`, 'a JSON object with a "data" list', itemIndex);
}

export function unwrapSearchPage(ctx: RequestContext, body: unknown, itemIndex?: number): SearchPage {
	const page = isObject(body) && isObject(body.data) && !('contacts' in body) ? body.data : body;
	if (isObject(page) && Array.isArray(page.contacts) && isObject(page.pagination)) {
		return page as unknown as SearchPage;
	}
	throw unexpected(
		ctx,
		'POST /contact/search/',
		'a JSON object with "contacts" and "pagination"',
		itemIndex,
	);
}
