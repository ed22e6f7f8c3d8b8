import {
	finishPoll,
	newContactCollector,
	type PollOutcome,
} from '../../nodes/OutreachContact/trigger/newContactPoll';
import {
	planPoll,
	type PollPlan,
	type PollSettings,
} from '../../nodes/OutreachContact/trigger/plan';
import type { PollState } from '../../nodes/OutreachContact/trigger/state';
import type { Contact } from '../../nodes/OutreachContact/types';

/**
 * One whole poll over contacts already fetched, as the New Contact event (trigger/newContactPoll.ts) runs it: plan, collect,
 * finish. `recorded`: contacts recorded as already present at a first activation.
 */
export function runPoll(
	previous: PollState | undefined,
	now: number,
	settings: PollSettings,
	pages: Contact[][],
): PollOutcome & { plan: PollPlan; recorded: number } {
	const plan = planPoll(previous, now, settings);
	const collector = newContactCollector(plan);
	for (const page of pages) collector.add(page);
	const outcome = finishPoll(plan, collector);
	return { ...outcome, plan, recorded: plan.emit ? 0 : collector.candidateCount };
}
