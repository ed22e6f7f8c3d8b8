import { getClock } from '../helpers/clock';
import type { Contact } from '../types';
import { CandidateCollector, pruneBelow, withChosen, type CollectReport } from './collector';
import type { EventPollFunction } from './event';
import {
	nextWalkMemory,
	OVERLAP_MS,
	planPoll,
	searchConditions,
	trustedOrder,
	type PollPlan,
} from './plan';
import { pollDeadline, readWindow } from './readWindow';
import { STATE_VERSION, type PollState } from './state';
/** The candidates of a New Contact poll: created at or after the plan's floor, not emitted yet. */
export function newContactCollector(plan: PollPlan): CandidateCollector {
	return new CandidateCollector({ ...plan, seen: plan.previous?.seen ?? {} });
}

export interface PollOutcome extends CollectReport {
	/** The contacts to emit, oldest first. */
	emit: Contact[];
	state: PollState;
}

/**
 * Emits the oldest `maxPerPoll` candidates, records them, moves the floor and prunes `seen`.
 * After a partial read (`complete` false: the service's pagination did not add up) the
 * candidates found are emitted and recorded, but the watermark and floor stay: a contact on a
 * page not read may be older than those emitted, and the next polls must still find it.
 */
export function finishPoll(
	plan: PollPlan,
	collector: CandidateCollector,
	complete = true,
): PollOutcome {
	let watermark = plan.previous?.watermark ?? null;
	const { chosen, emit, report } = collector.choose();
	for (const c of chosen) {
		if (complete && (watermark === null || c.created > watermark)) watermark = c.created;
	}
	const floor = watermark === null ? plan.floor : Math.max(plan.floor, watermark - OVERLAP_MS);
	const seen = pruneBelow(withChosen(plan.previous?.seen, chosen), floor);
	const state: PollState = {
		version: STATE_VERSION,
		baseline: plan.previous?.baseline ?? plan.now,
		floor,
		watermark,
		seen,
	};
	return { ...report, emit, state };
}

/**
 * One New Contact poll: each contact created in the account once, oldest first. It reads the
 * window of creation days since its floor, with the shortcuts its walk memory allows
 * (docs/trigger.md).
 */
export const pollNewContacts: EventPollFunction<PollState> = async ({
	ctx,
	stored,
	start,
	...poll
}) => {
	const plan = planPoll(stored, start, poll.settings);
	const collector = newContactCollector(plan);
	const memory = stored?.walk;
	const read = await readWindow(
		ctx,
		searchConditions(plan.windowDays, poll.sequenceId),
		(contacts) => collector.add(contacts),
		{
			isKnown: (contact) => collector.isKnown(contact),
			order: trustedOrder(memory, start),
			memory,
			deadline: pollDeadline(ctx, getClock().elapsed()),
		},
	);
	const outcome = finishPoll(plan, collector, !read.inconsistent);
	outcome.state.walk = nextWalkMemory(memory, read, start);
	return { ...outcome, inconsistent: read.inconsistent };
};
