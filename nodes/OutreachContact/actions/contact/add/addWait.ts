import { NodeOperationError } from 'n8n-workflow';

import { cancelSignalOf, getClock } from '../../../helpers/clock';
import { hasSnippets } from '../../../helpers/shapeContact';
import type { RequestContext } from '../../../transport/request';
import type { Contact, SearchCondition } from '../../../types';
import { findContacts, memberKey, type Member } from './addLookup';

/**
 * Add's "Wait for Processing": contacts come out once the service has written their snippets
 * (and their enrichment when asked). All waiting contacts are checked together each round: one
 * search per sequence and 100 emails, plus one with `is_enriched Is true` for those that wait
 * for enrichment. Rounds back off from FIRST_ROUND_DELAY_MS by ROUND_DELAY_FACTOR up to
 * MAX_ROUND_DELAY_MS, so a contact is seen at most one round delay after it is ready.
 */

const FIRST_ROUND_DELAY_MS = 2_000;

const ROUND_DELAY_FACTOR = 1.5;

const MAX_ROUND_DELAY_MS = 30_000;

const IS_ENRICHED: SearchCondition = { property: 'is_enriched', condition: 'Is', value: true };

export interface Waiting extends Member {
	index: number;
	/** Whether the contact was added with Enrich Contact on: it then waits for that too. */
	enrich: boolean;
	/** When the item fails (n8n's clock, epoch ms), and the timeout it had, in seconds. */
	deadline: number;
	timeoutSeconds: number;
}

/** What a contact still lacks, in words, or undefined when it is ready. */
export function stillLacks(
	contact: Contact | undefined,
	enrich: boolean,
	enriched: boolean,
): string | undefined {
	if (!contact) return 'was not found by a search for its email in the sequence yet';
	const lacks: string[] = [];
	if (!hasSnippets(contact)) lacks.push('has no snippets yet (sentence_fields is empty)');
	if (enrich && !enriched) lacks.push('is not enriched yet (is_enriched is not true)');
	return lacks.length > 0 ? lacks.join(' and ') : undefined;
}

function timeoutError(
	ctx: RequestContext,
	waiting: Waiting,
	contact: Contact | undefined,
	lacks: string,
) {
	const id = contact?.id === undefined ? '' : ` (ID ${String(contact.id)})`;
	return new NodeOperationError(
		ctx.getNode(),
		`The contact ${waiting.email}${id} was not processed within ${waiting.timeoutSeconds} s`,
		{
			itemIndex: waiting.index,
			description: `It was added to sequence ${waiting.sequenceId}, but it ${lacks}. Raise Options › Wait Timeout, or turn Wait for Processing off and read the contact later (Contact → Get, or the trigger's Contact Snippets Ready event).`,
		},
	);
}

/**
 * Waits until each contact is processed or its deadline passes. Returns, by item index, the
 * contact as the search returned it, or the timeout error. With `failFast` the first timeout is
 * thrown at once (the node stops, as without Continue On Fail). A failed search throws.
 */
export async function waitForProcessing(
	ctx: RequestContext,
	waiting: Waiting[],
	failFast: boolean,
): Promise<Map<number, Contact | Error>> {
	const clock = getClock();
	const results = new Map<number, Contact | Error>();
	let pending = waiting;
	for (
		let delay = FIRST_ROUND_DELAY_MS;
		pending.length > 0;
		delay = Math.min(delay * ROUND_DELAY_FACTOR, MAX_ROUND_DELAY_MS)
	) {
		const found = await findContacts(ctx, pending, [], pending[0].index);
		const forEnrichment = pending.filter((w) => w.enrich && found.has(memberKey(w)));
		const enriched =
			forEnrichment.length > 0
				? await findContacts(ctx, forEnrichment, [IS_ENRICHED], forEnrichment[0].index)
				: new Map<string, Contact>();
		const now = clock.elapsed();
		const next: Waiting[] = [];
		for (const w of pending) {
			const key = memberKey(w);
			const contact = enriched.get(key) ?? found.get(key);
			const lacks = stillLacks(contact, w.enrich, enriched.has(key));
			if (lacks === undefined && contact) {
				results.set(w.index, contact);
			} else if (now >= w.deadline) {
				const error = timeoutError(ctx, w, contact, lacks ?? 'is not processed');
				if (failFast) throw error;
				results.set(w.index, error);
			} else {
				next.push(w);
			}
		}
		pending = next;
		if (pending.length === 0) break;
		const firstDeadline = pending.reduce((first, w) => Math.min(first, w.deadline), Infinity);
		await clock.sleep(Math.max(0, Math.min(delay, firstDeadline - now)), cancelSignalOf(ctx));
	}
	return results;
}
