import type { IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { getClock } from '../helpers/clock';
import { walkSearchPages } from '../helpers/searchPages';
import type { Contact } from '../types';
import { compareCandidates, FUTURE_TOLERANCE_MS } from './collector';
import { searchConditions } from './plan';
import { parseCreatedTime } from './timeRules';

/** Windows tried in turn by "Fetch Test Event" until one holds a contact (`Less than` values). */
export const TEST_EVENT_WINDOWS = [2, 8, 31, 366];

/**
 * The newest contact (by creation time, then id), passing over far-future dates like a poll;
 * when no contact has a readable time, the first one, so that the test event still shows the shape.
 */
export function newestContact(contacts: Contact[], now: number): Contact | undefined {
	let best: { created: number; id: unknown; contact: Contact } | undefined;
	for (const contact of contacts) {
		const created = parseCreatedTime(contact?.created_date);
		if (created === undefined || created > now + FUTURE_TOLERANCE_MS) continue;
		const entry = { created, id: contact.id, contact };
		if (!best || compareCandidates(entry, best) > 0) best = entry;
	}
	return best?.contact ?? contacts[0];
}

/**
 * "Fetch Test Event": the newest matching contact, from ever wider windows, so that an active
 * account needs one small search. Reads no trigger state and writes none.
 */
export async function fetchTestEvent(ctx: IPollFunctions, sequenceId: number | undefined): Promise<Contact> {
	for (const days of TEST_EVENT_WINDOWS) {
		let newest: Contact | undefined;
		const now = getClock().now();
		await walkSearchPages(ctx, {
			conditions: searchConditions(days, sequenceId),
			onPage: (page) => {
				newest = newestContact(newest ? [newest, ...page] : page, now);
			},
		});
		if (newest) return newest;
	}
	const lastDays = TEST_EVENT_WINDOWS[TEST_EVENT_WINDOWS.length - 1] - 1;
	const where = sequenceId === undefined ? '' : ` in sequence ${sequenceId}`;
	throw new NodeOperationError(ctx.getNode(), `No contact found${where} in the last ${lastDays} days`, {
		description: `Add one${where}, then fetch again. The trigger itself starts with contacts created after it is activated.`,
	});
}
