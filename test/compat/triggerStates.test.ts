/**
 * Saved trigger states go on (issue 33, 4 f): each file of test/compat/triggerStates/ holds the
 * static data an older version's trigger stored (0.1.0, 0.2.0, 1.0.0 as released, d940cb5),
 * as n8n wrote it after a fixed two-hour run, with the contacts that existed and the ids that
 * version emitted (triggerStates/README.md says how each was produced). The package is then
 * updated: a new n8n process polls with this code, from that static data, every 10 minutes for
 * four hours through n8n-core's PollContext while contacts keep arriving for the first hour.
 *
 * Asserted, for every state: no poll throws (every saved state is of a version older than or
 * equal to this code's, so it must be accepted); every contact owed comes exactly once (New
 * Contact: created after the saved run's activation; Contact Enriched: created after it and
 * enriched since) unless the old version emitted it already; none the old version emitted comes
 * again; and nothing else comes.
 */
import {
	simulatedAccount,
	TriggerSimulation,
} from '../../harness/simulatedService/triggerSimulation';
import { quietPollLog } from '../support/pollLog';
import { createdDateOf, runNamed, SAVED_RUNS } from './triggerStates/runs';
import {
	fromSaved,
	type SavedTriggerState,
	savedStates,
	stateFileName,
} from './triggerStates/scenario';
import { long } from '../support/size';

const fileName = (s: SavedTriggerState) => stateFileName(s.version, s.event, s.order, s.run);

/**
 * npm test goes on from every state of the run in UTC, from one state without a zone per version,
 * from issue 46's case (0.2.0, 9 hours ahead, each order) and from the runaway floor of 0.2.0
 * and of 1.0.0 after it; test:long from every state.
 */
function inNpmTest(s: SavedTriggerState): boolean {
	if (s.run === undefined || s.run === 'update-plus9') return true;
	return s.event === 'newContact' && s.order === 'newest' && ['tokyo', 'runaway3'].includes(s.run);
}

const states = savedStates().filter((s) => long || inNpmTest(s));

/** At most 12 ids of a list, then how many it holds: a failure stays readable. */
function few(ids: number[]): Array<number | string> {
	const sorted = [...ids].sort((a, b) => a - b);
	return sorted.length <= 12 ? sorted : [...sorted.slice(0, 12), `... ${sorted.length} in all`];
}

interface Outcome {
	/** Polls that threw, with the message. */
	errors: string[];
	/** Ids the old version emitted that came again. */
	emittedAgain: Array<number | string>;
	/** Ids this code emitted more than once. */
	repeated: Array<number | string>;
	/** Ids owed that never came. */
	missing: Array<number | string>;
	/** Ids that came though nothing owed them. */
	unexpected: Array<number | string>;
}

async function goOn(saved: SavedTriggerState): Promise<Outcome> {
	const run = runNamed(saved.run);
	const lastPoll = Date.parse(saved.lastPollAt);
	const owedFrom = run.owedFrom(saved);
	const account = await simulatedAccount(lastPoll, {
		order: saved.order,
		timeZone: run.timeZone,
		createdDate: createdDateOf(run),
	});
	try {
		const before = saved.contacts.map(fromSaved);
		const lastId = Math.max(...before.map((c) => c.id!));
		const after = run.later(lastPoll, lastId);
		const all = [...before, ...after];
		account.service.contacts.schedule(all);

		const sim = new TriggerSimulation({
			service: account.service,
			clock: account.clock,
			event: saved.event,
			options: saved.parameters.options as Record<string, number>,
			filters: {},
			simplify: true,
		});
		expect(sim.node.name).toBe(saved.nodeName);
		// The static data as n8n loads it from the database after the update.
		sim.staticData = JSON.parse(JSON.stringify(saved.staticData)) as typeof sim.staticData;
		for (let at = lastPoll + run.pollEvery; at <= lastPoll + run.pollsFor; at += run.pollEvery) {
			await sim.pollAt(at);
		}
		const end = account.clock.now();

		const byOld = new Set(saved.emitted);
		// Ids the old version emitted but its own state lost (1.0.0 without an order dropped a few
		// from `seen` above its floor): no reader of that state can tell them from new ones.
		const oldState = Object.values(saved.staticData)[0] as Record<string, { seen?: object }>;
		const remembered = new Set(
			Object.values(oldState).flatMap((state) => Object.keys(state?.seen ?? {})),
		);
		const createdOf = new Map(all.map((c) => [c.id!, c.createdMs ?? c.at]));
		const floorOf = Object.values(oldState).map((state) => {
			const { floor, createdFloor } = state as { floor?: number; createdFloor?: number };
			return floor ?? createdFloor ?? -Infinity;
		})[0];
		const forgotten = (id: number | string) =>
			!remembered.has(String(id)) && (createdOf.get(Number(id)) ?? -Infinity) >= floorOf;
		const owed = new Set(
			all
				.filter((c) => c.at > owedFrom)
				.filter(
					(c) => saved.event === 'newContact' || (c.enrichAt !== undefined && c.enrichAt <= end),
				)
				.map((c) => c.id!)
				.filter((id) => !byOld.has(id)),
		);
		const emitted = [...sim.emittedAt.keys()];
		return {
			errors: sim.polls.flatMap((p) => (p.error === undefined ? [] : [p.error])),
			emittedAgain: few(emitted.filter((id) => byOld.has(id) && !forgotten(id))),
			repeated: few(sim.repeated),
			missing: few([...owed].filter((id) => !sim.emittedAt.has(id))),
			unexpected: few(emitted.filter((id) => !owed.has(id) && !byOld.has(id))),
		};
	} finally {
		await account.close();
	}
}

describe('saved trigger states of older versions, polled on by this code', () => {
	quietPollLog();

	it('has a state for each run, version, event and result order', () => {
		const expected = SAVED_RUNS.flatMap((run) =>
			run.versions.flatMap((v) =>
				v.events.flatMap((event) =>
					run.orders.map((order) => stateFileName(v.version, event, order, run.name)),
				),
			),
		).sort();
		expect(savedStates().map(fileName).sort()).toEqual(expected);
	});

	it.each(states.map((s) => [fileName(s), s] as const))(
		'%s: every contact once, none the old version emitted again, no poll throws',
		async (_name, saved) => {
			expect(await goOn(saved)).toEqual({
				errors: [],
				emittedAgain: [],
				repeated: [],
				missing: [],
				unexpected: [],
			});
		},
	);
});
