import { NodeOperationError, type IDataObject, type IPollFunctions } from 'n8n-workflow';

import { cancelSignalOf, getClock } from '../helpers/clock';
import { locatorValue, optionalId } from '../helpers/input';
import { loadSettings } from '../transport/account';
import type { Contact } from '../types';
import type { TriggerEventSpec } from './events';
import { keepingUp } from './keepingUp';
import type { PollSettings } from './shared/eventPoll';
import { pollDeadline, RequestBudget, shareOf } from './shared/budget';
import { MAX_SEEN, RETENTION_MS } from './shared/ledger/eligible';
import { logOnce } from './shared/ledger/ledger';
import { MAX_STATE_BYTES, type EventState } from './shared/ledger/shapes';
import { toStored } from './shared/ledger/stored';
import { DAY_MS } from './shared/serviceTime';

/** The trigger's options (the node's Options collection and Filters), read for a poll. */

export const DEFAULT_MAX_PER_POLL = 100;

export const DEFAULT_INITIAL_DAYS = 0;

/** The bounds of the trigger's options: a larger value is used as the maximum (said in each description). */
export const MAX_PER_POLL_LIMIT = 10_000;

export const MAX_INITIAL_DAYS = 3_650;

/**
 * Settings from the node's `options` collection, with defaults for missing or invalid values,
 * and values above a maximum clamped to it: a poll has no item to fail, and failing the whole
 * trigger for a too-large number would stop it.
 */
export function pollSettings(options: {
	maxPerPoll?: unknown;
	initialDays?: unknown;
}): PollSettings {
	const max = Number(options.maxPerPoll);
	const days = Number(options.initialDays);
	return {
		maxPerPoll:
			Number.isNaN(max) || max < 1
				? DEFAULT_MAX_PER_POLL
				: Math.floor(Math.min(max, MAX_PER_POLL_LIMIT)),
		initialDays:
			Number.isNaN(days) || days <= 0 ? DEFAULT_INITIAL_DAYS : Math.min(days, MAX_INITIAL_DAYS),
	};
}

/** The trigger's sequence filter (a resource locator), or undefined when none is set. */
export function readSequenceFilter(raw: unknown): number | undefined {
	return optionalId(
		locatorValue(raw),
		'The sequence filter',
		'the ID of a sequence (a positive whole number)',
	);
}

/**
 * The first state of each trigger (workflow and node) activated in this process and not yet
 * found in its static data. With n8n's durable poll cursors, the static data of an activation
 * poll that emits nothing is not committed, so the first scheduled poll would find none and
 * start afresh, taking contacts created in between for old ones: it goes on from this one
 * instead (polls run on the leader main). Only activation states are kept, and only until the
 * static data holds a state; at most MAX_REMEMBERED, the oldest going first.
 */
const activatedHere = new Map<string, unknown>();

const MAX_REMEMBERED = 100;

/** Forgets the states kept in this process, as a restart does (see testHooks). */
export function forgetStoredStates(): void {
	activatedHere.clear();
}

/**
 * One poll of `event` in trigger mode: load its stored state (or the activation state this
 * process kept), run the event's poll within its budget, store the new state and log what the
 * user should know, each contact that cannot be placed once. Returns the contacts to emit,
 * oldest first. See docs/trigger.md.
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
	if (stored.newer) {
		const { stored: version, known } = stored.newer;
		throw new NodeOperationError(
			ctx.getNode(),
			`The trigger's saved state is from a newer version of n8n-nodes-outreach-contact (state version ${version}; this version reads up to ${known})`,
			{
				description:
					'Nothing was emitted and the saved state was left as it is. Update n8n-nodes-outreach-contact to the version that saved it, or a newer one, and the trigger goes on where it stopped. To start again from now instead, rename this trigger node: its saved state stays with the old name.',
			},
		);
	}
	if (stored.problem) {
		ctx.logger.warn(`${event.label}: ${stored.problem}; starting again from now`);
	} else if (!stored.state && activatedHere.has(memoryKey)) {
		stored.state = activatedHere.get(memoryKey) as S;
		ctx.logger.debug(
			`${event.label}: no stored state; going on from the activation in this process`,
		);
	}
	if (staticData[event.stateKey] !== undefined) activatedHere.delete(memoryKey);
	const clock = getClock();
	const start = clock.now();
	const { perMinute } = await loadSettings(ctx);
	const share = shareOf(perMinute);
	const signal = cancelSignalOf(ctx);
	const budget = new RequestBudget(trigger, share, pollDeadline(ctx, clock.elapsed()), signal);
	// A few seconds, when needed, for the poll before's requests to leave the share's window.
	const wait = budget.stepWait();
	if (wait > 0) await clock.sleep(wait, signal);
	const settings = pollSettings(options);
	const outcome = await event.poll({
		ctx,
		stored: stored.state,
		start,
		sequenceId,
		settings,
		budget,
		time: event.time,
		search: event.search,
		wants: event.wants,
	});
	const { label, noun, nouns } = event;
	const { state, fresh } = logOnce(outcome.state as unknown as EventState, [
		...outcome.unreadable,
		...outcome.deferred,
	]);
	staticData[event.stateKey] = toStored(state) as IDataObject;
	if (!stored.state) {
		activatedHere.set(memoryKey, state);
		if (activatedHere.size > MAX_REMEMBERED)
			activatedHere.delete(activatedHere.keys().next().value!);
	}

	const unreadable = outcome.unreadable.filter((id) => fresh.includes(id));
	const deferred = outcome.deferred.filter((id) => fresh.includes(id));
	if (outcome.inconsistent) {
		ctx.logger.warn(
			`${label}: the service's pagination was inconsistent: ${outcome.inconsistent}. Emitted the ${nouns} read; the floor waits for a walk that adds up.`,
		);
	}
	if (unreadable.length > 0) {
		ctx.logger.warn(
			`${label}: passed over ${unreadable.length} contact(s) without a readable id or created_date (logged once each): ${unreadable.slice(0, 10).join(', ')}`,
		);
	}
	if (deferred.length > 0) {
		ctx.logger.warn(
			`${label}: ${deferred.length} contact(s) are dated more than a day ahead of n8n's clock and wait until then (logged once each): ${deferred.slice(0, 10).join(', ')}`,
		);
	}
	const iso = (ms: number) => new Date(ms).toISOString();
	if (outcome.rewound !== undefined) {
		ctx.logger.warn(
			`${label}: the saved state's floor (${iso(outcome.rewound)}) is ahead of n8n's clock. An older version of the package left it there, either because the service writes dates without a zone east of UTC or because contacts dated ahead lifted it. The floor goes back to an hour before now; a walk of the window first records the ${nouns} created before ${iso(outcome.rewound)} as handled (the older version emitted them, or skipped them for good), then every ${noun} created from then on comes, whatever its date`,
		);
	}
	const { placed } = outcome;
	if (placed) {
		ctx.logger.info(
			`${label}: the walk after the update is complete: it recorded ${placed.recorded} contact(s) created from ${iso(placed.floor)} to ${iso(placed.priorFloor)} as handled; ${nouns} created from now on come whatever their dates (one created while the walk read, and dated in that range, may have been taken for one that was there)`,
		);
	}
	if (outcome.cut !== undefined) {
		ctx.logger.warn(
			`${label}: the trigger's state reached its bound (${MAX_STATE_BYTES} bytes, or ${MAX_SEEN} ids for an event that waits for contacts to become eligible); it forgot the oldest emitted contacts, and a ${noun} created before ${new Date(outcome.cut).toISOString()} that shows up from now on is not emitted`,
		);
	}
	if (outcome.givenUp !== undefined) {
		const days = Math.round(RETENTION_MS / DAY_MS);
		ctx.logger.warn(
			`${label}: a walk of the window took longer than the window (Max Contacts per Poll or the trigger's share let it read too few pages a poll for how far apart the polls are); a ${noun} created before ${iso(outcome.givenUp)} (${days} days ago) that it did not reach is given up: the trigger never emits a contact created more than ${days} days before. To keep up, raise Max Contacts per Poll or Requests per Minute, or poll more often`,
		);
	}
	// A poll that held back read nothing: the next one reads; keeping up is judged on polls that read.
	if (budget.held) {
		ctx.logger.debug(`${label}: ${outcome.stopped ?? budget.stopped}`);
		return outcome.emit;
	}
	// A poll cannot show an execution hint (n8n gives polls none): the log says it, at info level.
	if (outcome.stopped) {
		ctx.logger.info(
			`${label}: ${outcome.stopped}; the next poll goes on from where this one stopped`,
		);
	}
	if (outcome.backlog > 0 || outcome.pagesWaiting) {
		const waiting = outcome.pagesWaiting
			? `more ${nouns} than the ${outcome.backlog} read`
			: `${outcome.backlog} more ${outcome.backlog === 1 ? noun : nouns}`;
		ctx.logger.info(
			`${label}: Max Contacts per Poll reached; ${waiting} will be emitted by the next polls, oldest first`,
		);
	}
	const standing = keepingUp(
		trigger,
		{ ...outcome, start, emitted: outcome.emit.length, pagesWaiting: !!outcome.pagesWaiting },
		share,
		{ noun, nouns },
	);
	if (standing.warn) ctx.logger.warn(`${label}: ${standing.warn}`);
	if (standing.info) ctx.logger.info(`${label}: ${standing.info}`);
	return outcome.emit;
}

/**
 * n8n's poll scheduler does not wait for a poll to end before it starts the next one, so a slow
 * poll can overlap the next. Both would read the same state and emit the same contacts: a poll
 * of a trigger (workflow and node) that is still polling in this process is skipped instead.
 */
const running = new Set<string>();

/** Runs `poll` unless a poll with the same key runs; `skipped` then, with nothing run. */
export async function unlessRunning<T>(
	key: string,
	poll: () => Promise<T>,
): Promise<{ value: T } | { skipped: true }> {
	if (running.has(key)) return { skipped: true };
	running.add(key);
	try {
		return { value: await poll() };
	} finally {
		running.delete(key);
	}
}
