import { getClock } from '../../helpers/clock';
import { walkSearchPages } from '../../paging/searchPages';
import type { Contact } from '../../types';
import { CandidateCollector, pruneBelow, withChosen, type CollectReport } from '../collector';
import type { EventPollFunction } from '../event';
import { deadlineCheck, pollDeadline } from '../readWindow';
import { enrichedConditions, planEnrichedPoll, RETENTION_MS, type EnrichedPlan } from './plan';
import { ENRICHED_STATE_VERSION, type EnrichedState } from './state';
/** The candidates of a Contact Enriched poll: created at or after the creation floor, not emitted yet. */
export function enrichedCollector(plan: EnrichedPlan): CandidateCollector {
	return new CandidateCollector({
		...plan,
		floor: plan.createdFloor,
		seen: plan.previous?.seen ?? {},
	});
}

export interface EnrichedOutcome extends CollectReport {
	/** The contacts to emit, oldest created first. */
	emit: Contact[];
	state: EnrichedState;
}

/**
 * The floor that leaves at most `max` ids: one past the creation time of the (max + 1)-th
 * newest, or -Infinity when there are no more than `max`.
 */
function capFloor(seen: Record<string, number>, max: number): number {
	const times = Object.values(seen);
	if (times.length <= max) return -Infinity;
	times.sort((a, b) => b - a);
	return times[max] + 1;
}

/**
 * Emits the oldest `maxPerPoll` candidates and records them. A complete poll that leaves nothing
 * waiting also moves the window's start to its own start and the floor by the retention period
 * and the cap; ids created before the floor are pruned (the floor excludes them for good).
 */
export function finishEnrichedPoll(
	plan: EnrichedPlan,
	collector: CandidateCollector,
	complete = true,
): EnrichedOutcome {
	const { chosen, emit, report } = collector.choose();
	const seen = withChosen(plan.previous?.seen, chosen);
	let since = plan.since;
	let createdFloor = plan.createdFloor;
	// A partial read (the service's pagination did not add up) may have left some waiting.
	if (report.backlog === 0 && complete) {
		since = plan.now;
		createdFloor = Math.max(createdFloor, plan.now - RETENTION_MS, capFloor(seen, plan.maxSeen));
	}
	pruneBelow(seen, createdFloor);
	const baseline = plan.previous?.baseline ?? plan.now;
	return {
		...report,
		emit,
		state: { version: ENRICHED_STATE_VERSION, baseline, since, createdFloor, seen },
	};
}

/**
 * One Contact Enriched poll: each contact once, when the service has enriched it. It reads all
 * pages of the enriched contacts updated since the last poll that left nothing waiting (the
 * contact carries no update time, so no order shortcut): docs/trigger.md, "Contact Enriched".
 */
export const pollEnrichedContacts: EventPollFunction<EnrichedState> = async (poll) => {
	const { ctx, start } = poll;
	const plan = planEnrichedPoll(poll.stored, start, poll.settings);
	const collector = enrichedCollector(plan);
	const end = await walkSearchPages(ctx, {
		conditions: enrichedConditions(plan.windowDays, poll.sequenceId),
		beforeRequest: deadlineCheck(
			ctx,
			pollDeadline(ctx, getClock().elapsed()),
			'the enriched contacts',
		),
		onPage: (contacts) => collector.add(contacts),
	});
	return {
		...finishEnrichedPoll(plan, collector, !end.inconsistent),
		inconsistent: end.inconsistent,
	};
};
