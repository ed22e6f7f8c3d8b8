import { sleep } from 'n8n-workflow';

import { DEFAULT_WAIT_TIMEOUT_S } from '../../nodes/OutreachContact/actions/contact/add/add.description';
import { NEW_CONTACT_RETRY_DELAYS_MS } from '../../nodes/OutreachContact/actions/contact/add/addLookup';
import { hasSnippets } from '../../nodes/OutreachContact/helpers/shapeContact';
import { DEFAULT_PAGE_SIZE } from '../../nodes/OutreachContact/paging/pageCursor';
import {
	createContact,
	endpoints,
	searchContacts,
} from '../../nodes/OutreachContact/transport/api';
import type { Contact, NewContact, SearchCondition } from '../../nodes/OutreachContact/types';
import { describeAnswer, nodeError, type Answer } from './client';
import { newContactClockFinding } from './dates';
import { viaNodes, type Probe } from './probe';
import type { ListedIds } from './readProbes';
import { duration } from './report';

/**
 * --write: adds ONE contact with a test address, adds it again (the duplicate answer), and
 * measures how long until the search finds it and until its snippets appear, both with the
 * searches the nodes send (Add's look-up and Wait for Processing: email and sequence).
 */

/** How long the search may take to find the new contact before the line says it never did. */
export const SEARCH_WAIT_MS = 120_000;

/** How long Add's look-up searches for a contact just added (its retry delays, summed). */
const LOOK_UP_MS = NEW_CONTACT_RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0);

/** Wait for Processing's default timeout: the bound of the snippet wait. */
export const SNIPPET_WAIT_MS = DEFAULT_WAIT_TIMEOUT_S * 1000;

/** Searches every second at first, then less often: at most one request per MAX_INTERVAL_MS. */
const FIRST_INTERVAL_MS = 1_000;
const MAX_INTERVAL_MS = 10_000;

export async function probeWrite(probe: Probe, lists: ListedIds): Promise<void> {
	const write = probe.options.write;
	if (!write) return;
	const email = `check-service+${Date.now()}@example.com`;
	const contact: NewContact = {
		email,
		sequence_id: write.sequenceId,
		playbook_id: write.playbookId,
	};
	const unknown = [
		lists.sequenceIds?.includes(write.sequenceId) === false ? `sequence ${write.sequenceId}` : '',
		lists.playbookIds?.includes(write.playbookId) === false ? `playbook ${write.playbookId}` : '',
	].filter(Boolean);
	const asked = `POST ${endpoints.contacts} ${JSON.stringify(contact)}${unknown.length > 0 ? ` (${unknown.join(' and ')} not in the lists above)` : ''}`;

	const added = await viaNodes(probe, async () => await createContact(probe.ctx, contact));
	const got = added.answer ? describeAnswer(added.answer) : 'no answer';
	if (!added.ok) {
		const nodes = `Add fails: ${nodeError(added.error)}; check --sequence-id and --playbook-id (the measurements that follow need the contact)`;
		probe.report.add({ verdict: 'NOT HANDLED', topic: 'Add', asked, got, nodes });
		return;
	}
	const addedAt = performance.now();
	const status = added.value.status;
	const nodes = `Add outputs status ${JSON.stringify(status ?? null)}, duplicate false and the fields sent`;
	probe.report.add({ verdict: 'handled', topic: 'Add', asked, got, nodes });

	await probeDuplicate(probe, contact);
	const found = await probeSearchable(probe, contact, addedAt);
	if (!found) return;
	probe.report.add(newContactClockFinding(found.created_date, (added.answer as Answer).dateMs));
	await probeSnippets(probe, contact, found, addedAt);
}

async function probeDuplicate(probe: Probe, contact: NewContact): Promise<void> {
	const topic = 'Add again (duplicate)';
	const asked = `the same POST ${endpoints.contacts} once more`;
	const again = await viaNodes(probe, async () => await createContact(probe.ctx, contact));
	const got = again.answer ? describeAnswer(again.answer) : 'no answer';
	if (again.ok) {
		const nodes = `the repeated Add succeeds with status ${JSON.stringify(again.value.status ?? null)} (its duplicate: true comes from the look-up before the add, not from this text), and an add retried after a dropped connection cannot fail or add twice`;
		probe.report.add({ verdict: 'handled', topic, asked, got, nodes });
	} else {
		const nodes = `a repeated Add, and an add the transport retried after a dropped connection, fails: ${nodeError(again.error)}; the interface says a duplicate succeeds: tell the maintainers`;
		probe.report.add({ verdict: 'NOT HANDLED', topic, asked, got, nodes });
	}
}

/** The search Add's look-up and Wait for Processing send for one contact. */
async function findContact(probe: Probe, contact: NewContact): Promise<Contact | undefined> {
	const conditions: SearchCondition[] = [
		{ property: 'sequence__id', condition: 'Is', value: contact.sequence_id },
		{ property: 'email', condition: 'Is', value: contact.email },
	];
	const page = await searchContacts(probe.ctx, conditions, 1, DEFAULT_PAGE_SIZE);
	const wanted = contact.email.toLowerCase();
	return page.contacts.find(
		(c) => typeof c?.email === 'string' && c.email.toLowerCase() === wanted,
	);
}

/**
 * Searches until `done` holds for the contact or `boundMs` from `since` has passed; the wait
 * between searches grows from 1 s to 10 s. Returns the contact last found, when, and the wait
 * before that search (how precise the time is; 0 for the first search).
 */
async function searchUntil(
	probe: Probe,
	contact: NewContact,
	since: number,
	boundMs: number,
	done: (found: Contact | undefined) => boolean,
): Promise<{ found?: Contact; afterMs: number; waitedMs: number; error?: unknown }> {
	let waitedMs = 0;
	for (let interval = FIRST_INTERVAL_MS; ; interval = Math.min(MAX_INTERVAL_MS, interval * 1.5)) {
		let found: Contact | undefined;
		try {
			found = await findContact(probe, contact);
		} catch (error) {
			return { afterMs: performance.now() - since, waitedMs, error };
		}
		const afterMs = performance.now() - since;
		if (done(found) || afterMs >= boundMs) return { found, afterMs, waitedMs };
		waitedMs = Math.min(interval, Math.max(0, boundMs - afterMs));
		await sleep(waitedMs);
	}
}

/** How precise a measured time is, in words. */
function precision(waitedMs: number): string {
	return waitedMs === 0
		? 'at the first search'
		: `to within ${duration(waitedMs)}: the searches space out from ${duration(FIRST_INTERVAL_MS)} to ${duration(MAX_INTERVAL_MS)}`;
}

async function probeSearchable(
	probe: Probe,
	contact: NewContact,
	addedAt: number,
): Promise<Contact | undefined> {
	const topic = 'new contact searchable';
	const asked = `POST ${endpoints.contactSearch} for sequence__id Is ${contact.sequence_id} and its email, until found (at most ${duration(SEARCH_WAIT_MS)})`;
	const result = await searchUntil(probe, contact, addedAt, SEARCH_WAIT_MS, (found) => !!found);
	if (result.error !== undefined) {
		const nodes = `Add's look-up fails: ${nodeError(result.error)}`;
		probe.report.add({ verdict: 'NOT HANDLED', topic, asked, got: 'the search failed', nodes });
		return undefined;
	}
	if (!result.found) {
		const nodes = `Add outputs id null for it, Wait for Processing waits until its timeout, and the trigger emits it only if it shows within an hour; check that a search by email and sequence finds new contacts`;
		probe.report.add({
			verdict: 'NOT HANDLED',
			topic,
			asked,
			got: `not found after ${duration(result.afterMs)}`,
			nodes,
		});
		return undefined;
	}
	const got = `found (id ${String(result.found.id)}) ${duration(result.afterMs)} after the add (${precision(result.waitedMs)})`;
	const nodes =
		result.afterMs <= LOOK_UP_MS
			? `Add's look-up, which searches for ${duration(LOOK_UP_MS)} after an add, finds it: its id is in Add's output`
			: `later than Add's look-up searches (${duration(LOOK_UP_MS)}): Add outputs id null for such contacts; Wait for Processing and the trigger find them later`;
	probe.report.add({ verdict: 'handled', topic, asked, got, nodes });
	return result.found;
}

async function probeSnippets(
	probe: Probe,
	contact: NewContact,
	found: Contact,
	addedAt: number,
): Promise<void> {
	const topic = 'snippets of the new contact';
	const asked = `the same search until sentence_fields is not empty (at most ${duration(SNIPPET_WAIT_MS)}, Wait for Processing's default timeout)`;
	const result = hasSnippets(found)
		? { found, afterMs: performance.now() - addedAt, waitedMs: 0 }
		: await searchUntil(probe, contact, addedAt, SNIPPET_WAIT_MS, hasSnippets);
	if (result.error !== undefined) {
		const nodes = `Wait for Processing fails: ${nodeError(result.error)}`;
		probe.report.add({ verdict: 'NOT HANDLED', topic, asked, got: 'the search failed', nodes });
	} else if (!hasSnippets(result.found)) {
		const nodes = `Add with Wait for Processing and its default timeout fails the item ("was not processed within ${DEFAULT_WAIT_TIMEOUT_S} s"); raise Wait Timeout, or check that the playbook writes snippets`;
		probe.report.add({
			verdict: 'NOT HANDLED',
			topic,
			asked,
			got: `still none after ${duration(result.afterMs)}`,
			nodes,
		});
	} else {
		const keys = Object.keys(result.found?.sentence_fields ?? {}).length;
		const got = `${keys} snippet(s) ${duration(result.afterMs)} after the add (${precision(result.waitedMs)})`;
		const nodes = `Add with Wait for Processing (default timeout ${DEFAULT_WAIT_TIMEOUT_S} s) outputs the contact once its searches see the snippets`;
		probe.report.add({ verdict: 'handled', topic, asked, got, nodes });
		await probeSnippetsUpdate(probe, contact);
	}
}

/**
 * Contact Snippets Ready (and Contact Enriched) find contacts by `updated_timestamp`: they assume
 * writing snippets (enrichment) moves it (docs/trigger.md, "Eligible contacts"). A weak probe:
 * the contact, with its fresh snippets, must be found by `updated_timestamp Less than 1`; a
 * contact created today is updated today whatever moves the time, so this cannot prove the rule
 * (the interface shows no update time on the contact to compare): ask the service.
 */
async function probeSnippetsUpdate(probe: Probe, contact: NewContact): Promise<void> {
	const topic = 'contact with snippets found by updated_timestamp';
	const asked = 'email Is the new contact, updated_timestamp Less than 1 (today)';
	const conditions: SearchCondition[] = [
		{ property: 'email', condition: 'Is', value: contact.email },
		{ property: 'updated_timestamp', condition: 'Less than', value: 1 },
	];
	try {
		const page = await searchContacts(probe.ctx, conditions, 1, DEFAULT_PAGE_SIZE);
		const found = page.contacts.some((c) => hasSnippets(c));
		const got = found ? 'found, with its snippets' : 'not found';
		const nodes = found
			? 'Contact Snippets Ready finds it (a weak sign: it was created today too; that writing snippets moves updated_timestamp is assumed, not shown)'
			: 'Contact Snippets Ready searches updated_timestamp and would not emit it: ask the service what moves updated_timestamp';
		probe.report.add({ verdict: found ? 'handled' : 'NOT HANDLED', topic, asked, got, nodes });
	} catch (error) {
		const nodes = `Contact Snippets Ready's polls fail: ${nodeError(error)}`;
		probe.report.add({ verdict: 'NOT HANDLED', topic, asked, got: 'the search failed', nodes });
	}
}
