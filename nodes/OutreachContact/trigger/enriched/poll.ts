import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { getClock } from '../../helpers/clock';
import { walkSearchPages } from '../../helpers/searchPages';
import type { Contact } from '../../types';
import { pollSettings } from '../plan';
import { deadlineCheck, pollDeadline } from '../readWindow';
import { EnrichedCollector, finishEnrichedPoll } from './collector';
import { enrichedConditions, planEnrichedPoll } from './plan';
import { ENRICHED_STATE_KEY, readEnrichedState, type EnrichedState } from './state';

/**
 * The last Contact Enriched state each trigger (workflow and node) stored in this process: the
 * same fallback for n8n's durable poll cursors as the New Contact event's (trigger/poll.ts), in
 * a map of its own, so each trigger and event finds only its own. Used only when the static
 * data holds no state.
 */
const storedHere = new Map<string, EnrichedState>();

/** Forgets the states stored in this process, as a restart does (see testHooks). */
export function forgetEnrichedStates(): void {
	storedHere.clear();
}

/**
 * One Contact Enriched poll in trigger mode: plan from the stored state, read every page of the
 * window (enriched contacts updated since the last poll that left nothing waiting), then store
 * the new state and return the contacts to emit, oldest created first. A failed request throws
 * before the state is touched, so the next poll reads the same window again.
 */
export async function pollEnrichedContacts(
	ctx: IPollFunctions,
	trigger: string,
	sequenceId: number | undefined,
	options: IDataObject,
): Promise<Contact[]> {
	const staticData = ctx.getWorkflowStaticData('node');
	const stored = readEnrichedState(staticData[ENRICHED_STATE_KEY]);
	if (stored.problem) {
		ctx.logger.warn(`Outreach Contact Trigger (Contact Enriched): ${stored.problem}; starting again from now`);
	} else if (!stored.state && storedHere.has(trigger)) {
		stored.state = storedHere.get(trigger);
		ctx.logger.debug('Outreach Contact Trigger (Contact Enriched): no stored state; going on from the state this process stored last');
	}
	const start = getClock().now();
	const plan = planEnrichedPoll(stored.state, start, pollSettings(options));
	const collector = new EnrichedCollector(plan);
	const end = await walkSearchPages(ctx, {
		conditions: enrichedConditions(plan.windowDays, sequenceId),
		beforeRequest: deadlineCheck(ctx, pollDeadline(ctx, start), 'the enriched contacts'),
		onPage: (contacts) => collector.add(contacts),
	});
	const outcome = finishEnrichedPoll(plan, collector, !end.inconsistent);
	staticData[ENRICHED_STATE_KEY] = outcome.state as unknown as IDataObject;
	storedHere.set(trigger, outcome.state);

	if (end.inconsistent) {
		ctx.logger.warn(
			`Outreach Contact Trigger (Contact Enriched): the service's pagination was inconsistent: ${end.inconsistent}. Emitted the enriched contacts read; the next polls read the same window again.`,
		);
	}
	if (outcome.unreadable.length > 0) {
		ctx.logger.warn(
			`Outreach Contact Trigger (Contact Enriched): skipped ${outcome.unreadable.length} contact(s) without a readable id or created_date: ${outcome.unreadable.slice(0, 10).join(', ')}`,
		);
	}
	if (outcome.deferred.length > 0) {
		ctx.logger.warn(
			`Outreach Contact Trigger (Contact Enriched): ${outcome.deferred.length} contact(s) are dated more than a day ahead and wait until then: ${outcome.deferred.slice(0, 10).join(', ')}`,
		);
	}
	if (outcome.backlog > 0) {
		ctx.logger.debug(
			`Outreach Contact Trigger (Contact Enriched): ${outcome.backlog} more enriched contact(s) will be emitted by the next polls`,
		);
	}
	return outcome.emit;
}
