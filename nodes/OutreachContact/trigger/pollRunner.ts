import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { getClock } from '../helpers/clock';
import type { Contact } from '../types';
import type { TriggerEventSpec } from './event';
import { pollSettings } from './plan';

/**
 * The last state each trigger (workflow and node) stored in this process, per event. With n8n's
 * durable poll cursors, static data of an activation poll that emits nothing is not committed,
 * so the first scheduled poll would find none and take its own time as the start: contacts
 * created in between would be lost. It finds the activation's state here instead (same
 * process: polls run on the leader main). Used only when the static data holds no state.
 */
const storedHere = new Map<string, unknown>();

/** Forgets the states stored in this process, as a restart does (see testHooks). */
export function forgetStoredStates(): void {
	storedHere.clear();
}

/**
 * One poll of `event` in trigger mode: load its stored state (or this process's last one),
 * run the event's poll, store the new state and log what the user should know. Returns the
 * contacts to emit, oldest first. See docs/trigger.md.
 */
export async function runEventPoll<S>(
	ctx: IPollFunctions,
	event: TriggerEventSpec<S>,
	trigger: string,
	sequenceId: number | undefined,
	options: IDataObject,
): Promise<Contact[]> {
	const staticData = ctx.getWorkflowStaticData('node');
	const memoryKey = `${event.stateKey}:${trigger}`;
	const stored = event.readState(staticData[event.stateKey]);
	if (stored.problem) {
		ctx.logger.warn(`${event.label}: ${stored.problem}; starting again from now`);
	} else if (!stored.state && storedHere.has(memoryKey)) {
		stored.state = storedHere.get(memoryKey) as S;
		ctx.logger.debug(
			`${event.label}: no stored state; going on from the state this process stored last`,
		);
	}
	const start = getClock().now();
	const settings = pollSettings(options);
	const outcome = await event.poll({ ctx, stored: stored.state, start, sequenceId, settings });
	staticData[event.stateKey] = outcome.state as unknown as IDataObject;
	storedHere.set(memoryKey, outcome.state);

	const { label, noun } = event;
	if (outcome.inconsistent) {
		ctx.logger.warn(
			`${label}: the service's pagination was inconsistent: ${outcome.inconsistent}. Emitted the ${noun}s read; the next polls read the same window again.`,
		);
	}
	if (outcome.unreadable.length > 0) {
		ctx.logger.warn(
			`${label}: skipped ${outcome.unreadable.length} contact(s) without a readable id or created_date: ${outcome.unreadable.slice(0, 10).join(', ')}`,
		);
	}
	if (outcome.deferred.length > 0) {
		ctx.logger.warn(
			`${label}: ${outcome.deferred.length} contact(s) are dated more than a day ahead and wait until then: ${outcome.deferred.slice(0, 10).join(', ')}`,
		);
	}
	// A poll cannot show an execution hint (n8n gives polls none): the log says it, at info level.
	if (outcome.backlog > 0) {
		ctx.logger.info(
			`${label}: Max Contacts per Poll reached; ${outcome.backlog} more ${noun}(s) will be emitted by the next polls, oldest first`,
		);
	}
	return outcome.emit;
}
