/**
 * New Contact's week simulation (test/unit/trigger/simulation.test.ts): a scenario's contacts
 * and polls over days of fake time, run through the node's real poll() against the simulated
 * service, with every poll's output and stored state checked as it comes. What it checks is
 * listed in the test file; `simulate` returns the problems found and what the run exercised.
 */
import type { IDataObject, IHttpRequestOptions, INodeExecutionData } from 'n8n-workflow';

import { OutreachContactTrigger } from '../../nodes/OutreachContact/OutreachContactTrigger.node';
import { OVERLAP_MS } from '../../nodes/OutreachContact/trigger/shared/ledger/ledger';
import { SAMPLE_HOLD_IDS } from '../../nodes/OutreachContact/trigger/shared/ledger/witnesses';
import {
	MAX_STATE_BYTES,
	NEW_CONTACT_KEY as STATE_KEY,
} from '../../nodes/OutreachContact/trigger/shared/ledger/shapes';
import { readNewContactState } from '../../nodes/OutreachContact/trigger/shared/ledger/stored';
import { DAY_MS, HOUR_MS } from '../../nodes/OutreachContact/trigger/shared/serviceTime';
import { seededRandom, TestClock } from '../../harness/testClock';
import type { Order } from '../../sandbox/search';
import type { Row } from '../../harness/simulatedService/contacts';
import { size } from './size';
import { localWithoutZone } from '../../harness/simulatedService/formats';
import { SimulatedService, type Fault } from '../../harness/simulatedService/service';
import { dayNumber } from '../../harness/simulatedService/calendar';
import { scenarioContacts, scenarioPolls } from './newContactTimeline';
import { restartN8n, simulatedPollContext } from './simulatedPollContext';

// ---------------------------------------------------------------------------------------------
// The service: the simulated service of the trigger tests (harness/simulatedService), in process

export interface ServiceOptions {
	timeZone: string;
	/** The largest page the service serves; it reports the size it used. */
	cap: number;
	order: Order;
	/** How created_date is written. */
	format: (ms: number) => string;
}

/**
 * Local time of a zone 11 hours east of UTC without daylight saving (Noumea), written without
 * a zone: 2026-04-01 07:05:07.123. The trigger reads it as UTC, so every timestamp looks 11
 * hours newer than it is; only the window's spare day keeps such a service covered.
 */
export const NOUMEA_MS = 11 * HOUR_MS;
export const naiveNoumea = localWithoutZone('Pacific/Noumea');

/** Contacts created in [from, to] (true times), optionally of one sequence. */
function countCreated(service: SimulatedService, from: number, to: number, seq?: number): number {
	let n = 0;
	for (const r of service.contacts.byCreated)
		if (r.createdMs >= from && r.createdMs <= to && (seq === undefined || r.sequence_id === seq))
			n++;
	return n;
}

export interface TriggerParameters {
	filters: IDataObject;
	simplify: boolean;
	options: IDataObject;
}

// ---------------------------------------------------------------------------------------------
// The simulation

export interface Scenario {
	name: string;
	seed: number;
	service: ServiceOptions;
	/** Activation time (n8n's clock). */
	start: number;
	days: number;
	contacts: number;
	burst: number;
	params: TriggerParameters;
	/** The sequence the filter selects, if any (for the expected set). */
	sequence?: number;
	maxPerPoll: number;
	initialDays: number;
	/** How far ahead of the true time the written timestamps read (0: they are exact). */
	stampAheadMs: number;
	/** Chance that a request for page >= 2 first creates 1-3 contacts. */
	insertRate: number;
}

interface EmittedRecord {
	id: number;
	created: number;
	pollAt: number;
}

/**
 * The share of each scenario's contacts created: all in npm run test:long, half in npm test
 * (test/support/size.ts); the days, polls, faults, burst and restarts are the same.
 */
export const CONTACTS = size(0.5, 1);

export async function simulate(s: Scenario) {
	const random = seededRandom(s.seed);
	const clock = new TestClock({ start: s.start, random: seededRandom(s.seed + 1) });
	const restoreClock = clock.install();
	restartN8n({}); // a new process: no pacing, no trigger state in memory
	const service = new SimulatedService({
		clock,
		order: s.service.order,
		maxPageSize: s.service.cap,
		timeZone: s.service.timeZone,
		createdDate: s.service.format,
		insertWhilePaging: { chance: s.insertRate, seed: s.seed + 2, sequenceIds: [1, 2, 3] },
	});
	const zone = s.service.timeZone;
	const end = s.start + s.days * DAY_MS;

	const { times, midnights } = scenarioContacts(s, s.contacts * CONTACTS, random, zone, end);
	service.contacts.schedule(times.map((e, i) => ({ id: i + 1, at: e.t, sequenceId: e.seq })));
	const { polls, afterMidnight, outageTo, endlessFrom, endlessTo } = scenarioPolls(
		s,
		random,
		end,
		midnights,
	);

	const trigger = new OutreachContactTrigger();
	const answer = async (request: IHttpRequestOptions) => {
		await service.beforeAnswer?.();
		const body = typeof request.body === 'string' ? JSON.parse(request.body) : request.body;
		return service.respond(request.method ?? 'GET', request.url, body);
	};
	const pollContext = (staticData: IDataObject, warnings?: string[]) =>
		simulatedPollContext({
			nodeId: 'trigger-1',
			workflowId: 'wf-sim',
			params: s.params as unknown as IDataObject,
			staticData,
			answer,
			warnings,
		});
	let staticData: IDataObject = {};
	const emitted: EmittedRecord[] = [];
	const emittedIds = new Set<number>();
	const problems: string[] = [];
	const stats = {
		polls: 0,
		failed: 0,
		restarts: 0,
		maxEmittedPerPoll: 0,
		maxSeen: 0,
		maxStateBytes: 0,
		afterMidnightCatches: 0,
		afterOutageOldest: 0,
		firstPollStart: 0,
		firstPollEnd: 0,
		overlaps: 0,
		/** Requests of each poll after the first that met no fault. */
		requests: [] as number[],
		/** Polls that found the pagination inconsistent (logged), and their requests at most. */
		inconsistentPolls: 0,
		maxRequestsWhileEndless: 0,
	};
	let last: { created: number; id: number } | undefined;
	let recoveredFromOutage = false;

	for (const [index, at] of polls.entries()) {
		if (at < clock.now()) continue; // the previous poll was still running
		clock.time = at;
		if (index > 0 && index % 97 === 0) {
			staticData = restartN8n(staticData);
			stats.restarts++;
		}
		const roll = random();
		const fault: Fault | undefined =
			index === 0
				? undefined
				: roll < 0.08
					? { kind: 'fail', status: 500, at: Math.floor(random() * 3) } // cheap polls send one or two requests
					: roll < 0.1
						? { kind: 'storm' }
						: roll < 0.15
							? { kind: 'transient', at: Math.floor(random() * 4) }
							: undefined;
		service.beginPoll(fault);
		service.insertChance = index === 0 ? 0 : s.insertRate;
		service.endless = at >= endlessFrom && at < endlessTo;
		const warnings: string[] = [];
		const before = JSON.stringify(staticData);
		const logBefore = service.log.length;
		stats.polls++;
		// Every so often n8n starts the next poll while this one is still reading.
		let nested: { output: unknown; requests: number; stateChanged: boolean } | undefined;
		const overlapping = index > 0 && index % 11 === 3;
		if (overlapping) {
			service.beforeAnswer = async () => {
				service.beforeAnswer = undefined;
				const requestsBefore = service.log.length;
				const stateBefore = JSON.stringify(staticData);
				const out = await trigger.poll.call(pollContext(staticData));
				nested = {
					output: out,
					requests: service.log.length - requestsBefore,
					stateChanged: JSON.stringify(staticData) !== stateBefore,
				};
			};
		}
		let output: INodeExecutionData[][] | null;
		try {
			output = await trigger.poll.call(pollContext(staticData, warnings));
		} catch (error) {
			stats.failed++;
			if (JSON.stringify(staticData) !== before)
				problems.push(`poll at ${at}: state moved on failure`);
			if (!(error instanceof Error) || !/\((500|503)\)/.test(error.message)) {
				problems.push(`poll at ${at}: unexpected error ${String(error)}`);
			}
			continue;
		} finally {
			service.beforeAnswer = undefined;
			if (overlapping) {
				stats.overlaps++;
				if (!nested) problems.push(`poll at ${at}: the overlapping poll did not start`);
				else if (nested.output !== null || nested.requests > 0 || nested.stateChanged) {
					problems.push(`poll at ${at}: an overlapping poll ran (${nested.requests} requests)`);
				}
			}
		}
		if (index > 0 && !fault) stats.requests.push(service.log.length - logBefore);
		if (warnings.some((w) => w.includes('pagination was inconsistent'))) stats.inconsistentPolls++;
		if (service.endless)
			stats.maxRequestsWhileEndless = Math.max(
				stats.maxRequestsWhileEndless,
				service.log.length - logBefore,
			);
		else if (warnings.some((w) => w.includes('pagination')))
			problems.push(`poll at ${at}: pagination called inconsistent`);
		// An endless pager's walk stops at the pages its first answer allowed (partial, on purpose).
		if (index === 0) {
			stats.firstPollStart = at;
			stats.firstPollEnd = clock.now();
		}

		const items = output?.[0] ?? [];
		const firstAfterOutage = at >= outageTo && !recoveredFromOutage;
		if (firstAfterOutage) recoveredFromOutage = true;
		stats.maxEmittedPerPoll = Math.max(stats.maxEmittedPerPoll, items.length);
		if (items.length > s.maxPerPoll) problems.push(`poll at ${at}: ${items.length} items`);
		for (const item of items) {
			const id = Number(item.json.id);
			const row = service.contacts.byId.get(id);
			if (!row) {
				problems.push(`unknown id ${id}`);
				continue;
			}
			if (emittedIds.has(id)) problems.push(`contact ${id} emitted twice`);
			// Unordered results: a contact created while a poll was paging can land on a page already
			// read and come one poll after a newer one; within a poll the order always holds.
			const orderFrom = s.service.order === 'unordered' && item === items[0] ? undefined : last;
			if (
				orderFrom &&
				(row.createdMs < orderFrom.created ||
					(row.createdMs === orderFrom.created && row.id <= orderFrom.id))
			) {
				problems.push(
					`contact ${id} (${row.createdMs}) after ${orderFrom.id} (${orderFrom.created}): out of order`,
				);
			}
			if (s.params.simplify && 'enriched_contact_data' in item.json)
				problems.push('not simplified');
			if (!s.params.simplify && !('enriched_contact_data' in item.json))
				problems.push('simplified');
			last = { created: row.createdMs, id: row.id };
			emittedIds.add(id);
			emitted.push({ id, created: row.createdMs, pollAt: at });
			if (afterMidnight.has(at) && dayNumber(row.createdMs, zone) < dayNumber(at, zone)) {
				stats.afterMidnightCatches++;
			}
			if (firstAfterOutage && row.createdMs < at - DAY_MS) stats.afterOutageOldest++;
		}

		// The bound: no more ids than contacts created within one overlap before the watermark.
		const { state } = readNewContactState(staticData[STATE_KEY]);
		if (!state) {
			problems.push(`poll at ${at}: no state stored`);
			continue;
		}
		const seen = Object.keys(state.seen).length;
		// The floor rule: it trails the contacts handled without a gap by the overlap and never
		// passes n8n's clock less the overlap (so ids dated ahead of the clock stay until it does),
		// nor the beginning of the rolling check's last complete round less the overlap. While new
		// contacts wait on pages not read (the read stored a boundary), it also stays below the
		// oldest contact the read took (settleNewContact), which the state does not keep; and while
		// contacts of the activation's sample wait (`sampleWaiting`), it waits, while `seen` holds
		// fewer than SAMPLE_HOLD_IDS ids.
		// Before the check's first round completes, where the round under way began bounds it too
		// (settleNewContact): the floor that waited for the sample widens the window, and the
		// first round takes longer.
		const checked =
			state.mode === 'ordered' ? (state.checkedFrom ?? state.roundFrom ?? Infinity) : Infinity;
		const held =
			state.mode === 'ordered' &&
			state.sampleWaiting !== undefined &&
			Object.keys(state.seen).length < SAMPLE_HOLD_IDS;
		const waits = state.mode === 'ordered' && (state.boundary !== undefined || held);
		if (
			!waits &&
			state.handledTo !== null &&
			state.floor < Math.min(state.handledTo, at, checked) - OVERLAP_MS
		)
			problems.push(`poll at ${at}: floor too far back`);
		if (state.floor > at - OVERLAP_MS && state.floor > state.baseline)
			problems.push(`poll at ${at}: floor ahead of n8n's clock`);
		// The bound: only ids created between the floor and the newest seen, and the bytes.
		const times = Object.values(state.seen).map((t) => t - s.stampAheadMs);
		if (times.length > 0) {
			const bound = countCreated(
				service,
				state.floor - s.stampAheadMs,
				Math.max(...times),
				s.sequence,
			);
			if (seen > bound) problems.push(`poll at ${at}: ${seen} ids in the state, bound ${bound}`);
		}
		if (JSON.stringify(staticData[STATE_KEY]).length > MAX_STATE_BYTES)
			problems.push(`poll at ${at}: state over ${MAX_STATE_BYTES} bytes`);
		stats.maxSeen = Math.max(stats.maxSeen, seen);
		stats.maxStateBytes = Math.max(stats.maxStateBytes, JSON.stringify(staticData).length);
	}
	restoreClock();

	// Which contacts had to come, and which could.
	const matches = (r: Row) => s.sequence === undefined || r.sequence_id === s.sequence;
	const mustFrom =
		s.initialDays > 0 ? stats.firstPollStart - s.initialDays * DAY_MS : stats.firstPollEnd + 1;
	// Without an order, a first activation places its cutoff from a sample of the first pages:
	// contacts of the hour before it may come too (each once); none older.
	const mayFrom =
		s.initialDays > 0
			? mustFrom
			: stats.firstPollStart + 1 - (s.service.order === 'unordered' ? HOUR_MS : 0);
	// Contacts created while the last poll was paging may only come in a later poll.
	const lastPoll = polls[polls.length - 1];
	service.contacts.catchUp(lastPoll);
	const required = service.contacts.byCreated.filter(
		(r) => matches(r) && r.createdMs >= mustFrom && r.createdMs < lastPoll,
	);
	for (const r of required)
		if (!emittedIds.has(r.id)) problems.push(`contact ${r.id} (${r.createdMs}) never emitted`);
	for (const id of emittedIds) {
		const r = service.contacts.byId.get(id)!;
		if (!matches(r)) problems.push(`contact ${id} of sequence ${r.sequence_id} emitted`);
		if (r.createdMs < mayFrom) problems.push(`contact ${id} created before activation emitted`);
	}
	for (const entry of service.log) {
		// A walk asks 1000 first, then the size served; a read from the end asks the size last served.
		const expected = entry.page === 1 ? [1000, s.service.cap] : [s.service.cap];
		if (!expected.includes(entry.pageSize))
			problems.push(`page ${entry.page} asked with size ${entry.pageSize}`);
	}

	return { problems, stats, service, required, emitted, midnights, polls };
}
