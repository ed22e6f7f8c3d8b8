import type { IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { getClock } from '../helpers/clock';
import { walkSearchPages } from '../paging/searchPages';
import type { Contact } from '../types';
import type { TriggerEventSpec } from './events';
import { compareCandidates } from './shared/ledger/candidates';
import { FUTURE_TOLERANCE_MS, type TimeOf } from './shared/serviceTime';

/** Windows tried in turn by "Fetch Test Event" until one holds a contact (`Less than` values). */
export const TEST_EVENT_WINDOWS = [2, 8, 31, 366];

/**
 * The newest contact (by creation time, then id), passing over far-future dates like a poll;
 * when no contact has a readable time, the first one, so that the test event still shows the shape.
 */
export function newestContact(
	contacts: Contact[],
	now: number,
	time: TimeOf,
	wants: (contact: Contact) => boolean = () => true,
): Contact | undefined {
	let best: { created: number; id: unknown; contact: Contact } | undefined;
	for (const contact of contacts) {
		if (!wants(contact)) continue;
		const created = time(contact);
		if (created === undefined || created > now + FUTURE_TOLERANCE_MS) continue;
		const entry = { created, id: contact.id, contact };
		if (!best || compareCandidates(entry, best) > 0) best = entry;
	}
	return best?.contact ?? contacts.find(wants);
}

/**
 * "Fetch Test Event": the newest matching contact (by creation), from ever wider windows, so
 * that an active account needs one small search. Reads no trigger state and writes none.
 */
export async function fetchTestEvent(
	ctx: IPollFunctions,
	sequenceId: number | undefined,
	event: Pick<TriggerEventSpec<unknown>, 'test' | 'time' | 'search' | 'wants'>,
): Promise<Contact> {
	for (const days of TEST_EVENT_WINDOWS) {
		let newest: Contact | undefined;
		const now = getClock().now();
		await walkSearchPages(ctx, {
			conditions: event.search(days, sequenceId),
			onPage: (page) => {
				newest = newestContact(newest ? [newest, ...page] : page, now, event.time, event.wants);
			},
		});
		if (newest) return newest;
	}
	const fill = (text: string) =>
		text
			.replace('{where}', sequenceId === undefined ? '' : ` in sequence ${sequenceId}`)
			.replace('{days}', String(TEST_EVENT_WINDOWS[TEST_EVENT_WINDOWS.length - 1] - 1));
	throw new NodeOperationError(ctx.getNode(), fill(event.test.missing), {
		description: fill(event.test.hint),
	});
}
