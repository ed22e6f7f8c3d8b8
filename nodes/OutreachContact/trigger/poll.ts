import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { getClock } from '../helpers/clock';
import type { Contact } from '../types';
import { finishPoll, PollCollector } from './collector';
import { nextWalkMemory, planPoll, pollSettings, searchConditions, trustedOrder } from './plan';
import { pollDeadline, readWindow } from './readWindow';
import { readPollState, STATE_KEY, type PollState } from './state';

/**
 * The last state each trigger (workflow and node) stored in this process. With n8n's durable
 * poll cursors, static data of an activation poll that emits nothing is not committed, so the
 * first scheduled poll would find none and take its own time as the start: contacts created
 * in between would be lost. It finds the activation's state here instead (same process: polls
 * run on the leader main). Used only when the static data holds no state.
 */
const storedHere = new Map<string, PollState>();

/** Forgets the states stored in this process, as a restart does (see testHooks). */
export function forgetStoredStates(): void {
	storedHere.clear();
}

/**
 * One poll in trigger mode: plan from the stored state, read the window, then store the new
 * state and return the contacts to emit, oldest first. A failed request throws before the
 * state is touched, so the next poll repeats the same window (see docs/trigger.md).
 */
export async function pollNewContacts(
	ctx: IPollFunctions,
	trigger: string,
	sequenceId: number | undefined,
	options: IDataObject,
): Promise<Contact[]> {
	const staticData = ctx.getWorkflowStaticData('node');
	const stored = readPollState(staticData[STATE_KEY]);
	if (stored.problem) {
		ctx.logger.warn(`Outreach Contact Trigger: ${stored.problem}; starting again from now`);
	} else if (!stored.state && storedHere.has(trigger)) {
		stored.state = storedHere.get(trigger);
		ctx.logger.debug('Outreach Contact Trigger: no stored state; going on from the state this process stored last');
	}
	const start = getClock().now();
	const plan = planPoll(stored.state, start, pollSettings(options));
	const collector = new PollCollector(plan);
	const memory = stored.state?.walk;
	const read = await readWindow(ctx, searchConditions(plan.windowDays, sequenceId), (contacts) => collector.add(contacts), {
		isKnown: (contact) => collector.isKnown(contact),
		order: trustedOrder(memory, start),
		memory,
		deadline: pollDeadline(ctx, start),
	});
	const outcome = finishPoll(plan, collector, !read.inconsistent);
	outcome.state.walk = nextWalkMemory(memory, read, start);
	staticData[STATE_KEY] = outcome.state as unknown as IDataObject;
	storedHere.set(trigger, outcome.state);

	if (read.inconsistent) {
		ctx.logger.warn(
			`Outreach Contact Trigger: the service's pagination was inconsistent: ${read.inconsistent}. Emitted the new contacts read; the next polls read the same window again.`,
		);
	}
	if (outcome.unreadable.length > 0) {
		ctx.logger.warn(
			`Outreach Contact Trigger: skipped ${outcome.unreadable.length} contact(s) without a readable id or created_date: ${outcome.unreadable.slice(0, 10).join(', ')}`,
		);
	}
	if (outcome.deferred.length > 0) {
		ctx.logger.warn(
			`Outreach Contact Trigger: ${outcome.deferred.length} contact(s) are dated more than a day ahead and wait until then: ${outcome.deferred.slice(0, 10).join(', ')}`,
		);
	}
	if (outcome.backlog > 0) {
		ctx.logger.debug(
			`Outreach Contact Trigger: ${outcome.backlog} more new contact(s) will be emitted by the next polls`,
		);
	}
	return outcome.emit;
}
