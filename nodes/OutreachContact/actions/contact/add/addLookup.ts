import { cancelSignalOf, getClock } from '../../../helpers/clock';
import { mapConcurrent } from '../../../helpers/concurrency';
import { inSequence } from '../../../helpers/conditions';
import { walkSearchPages } from '../../../paging/searchPages';
import type { RequestContext } from '../../../transport/request';
import type { Contact, SearchCondition } from '../../../types';

/**
 * Add's batched look-ups: which of many emails are in a sequence, with their contacts. Emails
 * share one condition (`email Is …`, ORed by the service's rule 2) beside `sequence__id Is S`,
 * so one search answers up to EMAILS_PER_SEARCH items.
 */

/**
 * Emails per search: the documented default page size, so that one page holds every answer
 * (an email is at most once in a sequence) even where the service ignores a larger page_size.
 */
export const EMAILS_PER_SEARCH = 100;

/**
 * Look-up searches running at once, and the later pages of one search read side by side once its
 * first answer announces them. The transport's pacing decides how many are really in flight
 * (at most MAX_IN_FLIGHT); a limit here would only queue them behind each other.
 */
const SEARCHES_AT_ONCE = 25;
const PAGES_AT_ONCE = 4;

/**
 * Waits before each search for contacts just added that were not found yet (they are queued,
 * and may not be searchable at once): their sum is how long, then the item says it was not found (addItems.ts).
 */
export const NEW_CONTACT_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000];

export interface Member {
	sequenceId: number;
	email: string;
}

/**
 * The same email in the same sequence: case does not matter (as the service compares them), nor
 * how Unicode spells an accent ("é" as one code point, NFC, or as "e" and a combining accent,
 * NFD: a form and a copied address may differ so while they look the same).
 */
export function memberKey(member: Member): string {
	return `${member.sequenceId}|${member.email.trim().toLowerCase().normalize('NFC')}`;
}

/**
 * The spellings of an email to search for: as typed, and its NFC and NFD forms when they differ
 * (the service compares text as stored, so a contact stored in NFD is found only by its NFD form).
 */
function spellings(email: string): string[] {
	return [...new Set([email, email.normalize('NFC'), email.normalize('NFD')])];
}

/** The searches that find `members`: per sequence, distinct emails in groups of EMAILS_PER_SEARCH. */
export function lookUpSearches(
	members: Member[],
	extra: SearchCondition[] = [],
): SearchCondition[][] {
	const bySequence = new Map<number, Map<string, string[]>>();
	for (const member of members) {
		const emails = bySequence.get(member.sequenceId) ?? new Map<string, string[]>();
		const key = memberKey(member);
		if (!emails.has(key)) emails.set(key, spellings(member.email.trim()));
		bySequence.set(member.sequenceId, emails);
	}
	const searches: SearchCondition[][] = [];
	for (const [sequenceId, emails] of bySequence) {
		const list = [...emails.values()].flat();
		for (let start = 0; start < list.length; start += EMAILS_PER_SEARCH) {
			searches.push([
				...inSequence(sequenceId),
				...list
					.slice(start, start + EMAILS_PER_SEARCH)
					.map((email): SearchCondition => ({ property: 'email', condition: 'Is', value: email })),
				...extra,
			]);
		}
	}
	return searches;
}

/**
 * The contacts of `members` that the service finds, by memberKey. `extra` conditions narrow the
 * searches (e.g. `is_enriched Is true`). A failed search throws (after the transport's retries).
 */
export async function findContacts(
	ctx: RequestContext,
	members: Member[],
	extra: SearchCondition[] = [],
	itemIndex?: number,
): Promise<Map<string, Contact>> {
	const found = new Map<string, Contact>();
	const searches = lookUpSearches(members, extra);
	await mapConcurrent(searches.length, SEARCHES_AT_ONCE, async (s) => {
		const sequenceId = Number(searches[s][0].value);
		await walkSearchPages(ctx, {
			conditions: searches[s],
			concurrency: PAGES_AT_ONCE,
			itemIndex,
			onPage(contacts) {
				for (const contact of contacts) {
					if (typeof contact?.email !== 'string') continue;
					found.set(memberKey({ sequenceId, email: contact.email }), contact);
				}
			},
		});
	});
	return found;
}

/**
 * Finds contacts just added, searching again (only for those still missing) after each of
 * NEW_CONTACT_RETRY_DELAYS_MS while some are not searchable yet. `known` are found already.
 */
export async function findNewContacts(
	ctx: RequestContext,
	members: Member[],
	known: Map<string, Contact>,
	itemIndex?: number,
): Promise<Map<string, Contact>> {
	const found = new Map(known);
	let missing = members.filter((member) => !found.has(memberKey(member)));
	for (let round = 0; missing.length > 0; round++) {
		if (round > 0)
			await getClock().sleep(NEW_CONTACT_RETRY_DELAYS_MS[round - 1], cancelSignalOf(ctx));
		for (const [key, contact] of await findContacts(ctx, missing, [], itemIndex))
			found.set(key, contact);
		missing = missing.filter((member) => !found.has(memberKey(member)));
		if (round >= NEW_CONTACT_RETRY_DELAYS_MS.length) break;
	}
	return found;
}
