/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not shipped: it loads an older build and writes the saved states */
/**
 * Produces the saved states of one older version (README.md in this folder): its trigger, built
 * from its own commit, runs the fixed saved run of scenario.ts through n8n-core's PollContext
 * (harness pollOnce with the old node type) against the simulated service, and the static data
 * n8n would have written after the last poll goes into <version>-<event>-<order>.json.
 *
 * Not a test (jest does not pick it up by name); run it for one version with
 *   STATE_VERSION=0.2.0 STATE_COMMIT=46e0b39 STATE_DIST=/tmp/v020/dist \
 *     npx jest --testMatch '**' 'test/compat/triggerStates/produce.ts' --maxWorkers=1
 * where STATE_DIST is the `dist` folder of that commit built with `npx tsc -p tsconfig.json`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IDataObject, INodeType } from 'n8n-workflow';

import { OUTREACH_TRIGGER_TYPE, pollOnce } from '../../../harness/n8nHarness';
import { SimulatedService } from '../../../harness/simulatedService/service';
import { TestClock } from '../../../harness/testClock';
import { triggerNode } from '../../../harness/workflowJson';
import { createdDateOf, SAVED_RUNS } from './runs';
import {
	NODE_NAME,
	savedParameters,
	type SavedPoll,
	type SavedTriggerState,
	STATES_DIR,
	stateFileName,
	toSaved,
} from './scenario';

interface Clock {
	now(): number;
	sleep(ms: number): Promise<void>;
	random(): number;
}

/** What an old build offers a test: its trigger, and its clock and process memory to control. */
interface OldBuild {
	Trigger: new () => INodeType;
	useClock(clock: Clock): () => void;
	/** Forgets pacing and trigger states in process memory (a new n8n process). */
	forget(): void;
}

function loadBuild(dist: string): OldBuild {
	const base = join(dist, 'nodes', 'OutreachContact');
	/* eslint-disable @typescript-eslint/no-require-imports -- the old build is chosen at run time */
	const { OutreachContactTrigger } = require(join(base, 'OutreachContactTrigger.node')) as {
		OutreachContactTrigger: new () => INodeType;
	};
	let hooks: {
		useClock(clock: Clock): () => void;
		resetPacers(): void;
		forgetTriggerStates(): void;
	};
	try {
		hooks = (require(join(base, 'testHooks')) as { testHooks: typeof hooks }).testHooks;
	} catch {
		// 0.1.0 has no testHooks: its clock is the transport's, and it keeps no state in memory.
		const clock = require(join(base, 'transport', 'clock')) as {
			useClock(clock: Clock): () => void;
		};
		hooks = { useClock: clock.useClock, resetPacers: () => {}, forgetTriggerStates: () => {} };
	}
	/* eslint-enable @typescript-eslint/no-require-imports */
	return {
		Trigger: OutreachContactTrigger,
		useClock: (clock) => hooks.useClock(clock),
		forget: () => {
			hooks.resetPacers();
			hooks.forgetTriggerStates();
		},
	};
}

const version = process.env.STATE_VERSION ?? '';
const commit = process.env.STATE_COMMIT ?? '';
const dist = process.env.STATE_DIST ?? '';
/** The build of the version that polled before this one, for a run with an update in it. */
const afterDist = process.env.STATE_AFTER_DIST ?? '';
const only = process.env.STATE_RUNS?.split(',');

/** Each run, event and order this version produces (runs.ts). */
const cases = SAVED_RUNS.filter((run) => !only || only.includes(run.name)).flatMap((run) =>
	run.versions
		.filter((v) => v.version === version && v.commit === commit)
		.flatMap((v) =>
			v.events.flatMap((event) =>
				run.orders.map((order) => [run.name, event, order, run, v] as const),
			),
		),
);

jest.setTimeout(300_000);

if (cases.length === 0 || dist === '') {
	it('needs STATE_VERSION, STATE_COMMIT and STATE_DIST of a version in runs.ts', () => {
		throw new Error(`unknown version ${version} (${commit}) or no STATE_DIST`);
	});
} else {
	it.each(cases)(
		`${version} (${commit}): run '%s', %s, results %s`,
		async (_name, event, order, run, v) => {
			if (v.after && afterDist === '')
				throw new Error(`run ${run.name} needs STATE_AFTER_DIST (${v.after.version})`);
			const builds = v.after
				? [
						{ build: loadBuild(afterDist), until: v.after.polls, version: v.after.version },
						{ build: loadBuild(dist), until: run.polls, version },
					]
				: [{ build: loadBuild(dist), until: run.polls, version }];
			const clock = new TestClock({ start: run.activation - 60_000, seed: 33 });
			const service = await new SimulatedService({
				clock,
				order,
				timeZone: run.timeZone,
				createdDate: createdDateOf(run),
			}).start();
			try {
				const contacts = run.contacts();
				service.contacts.schedule(contacts);
				const parameters = { ...savedParameters(event), options: { maxPerPoll: run.maxPerPoll } };
				const node = triggerNode(NODE_NAME, parameters);
				const memory: IDataObject = {};
				let written: IDataObject = {};
				const emitted: number[] = [];
				const polls: SavedPoll[] = [];
				let lastPoll = run.activation;
				let i = 0;
				for (const { build, until } of builds) {
					// A new n8n process with this version's package: the static data as n8n loads it.
					const restoreClock = build.useClock(clock);
					build.forget();
					const types = { [OUTREACH_TRIGGER_TYPE]: new build.Trigger() };
					for (const key of Object.keys(memory)) delete memory[key];
					Object.assign(memory, JSON.parse(JSON.stringify(written)) as IDataObject);
					try {
						for (; i <= until; i++) {
							const at = run.activation + i * run.pollEvery;
							if (at > clock.now()) clock.setTime(at);
							lastPoll = clock.now();
							service.beginPoll();
							const sent = service.log.length;
							const record: SavedPoll = {
								at: new Date(lastPoll).toISOString(),
								requests: 0,
								emitted: 0,
							};
							try {
								const result = await pollOnce(node, {
									credentials: service.credentials,
									staticData: memory,
									extraNodeTypes: types,
								});
								const ids = result.items.map((item) => Number(item.json.id));
								emitted.push(...ids);
								record.emitted = ids.length;
								// n8n's saveStaticData: writes the static data when a poll changed it, then
								// marks it unchanged in memory.
								if (result.staticDataChanged) {
									written = JSON.parse(JSON.stringify(memory)) as IDataObject;
									memory.__dataChanged = false;
								}
							} catch (cause) {
								record.error = cause instanceof Error ? cause.message : String(cause);
							}
							record.requests = service.log.length - sent;
							polls.push(record);
						}
					} finally {
						restoreClock();
					}
				}
				const file: SavedTriggerState = {
					version,
					commit,
					event,
					order,
					...(run.name === '' ? {} : { run: run.name }),
					...(builds.length > 1 ? { chain: builds.map((b) => b.version) } : {}),
					producedOn: new Date().toISOString().slice(0, 10),
					producedBy: `test/compat/triggerStates/produce.ts on the trigger built from ${commit}${v.after ? ` after ${v.after.commit}` : ''}`,
					nodeName: NODE_NAME,
					parameters,
					activationAt: new Date(run.activation).toISOString(),
					lastPollAt: new Date(lastPoll).toISOString(),
					staticData: written,
					contacts: contacts.filter((c) => c.at <= lastPoll).map(toSaved),
					emitted,
					polls,
				};
				expect(polls.filter((p) => p.error !== undefined)).toEqual([]);
				expect(Object.keys(written)).toContain(`node:${NODE_NAME}`);
				writeFileSync(
					join(STATES_DIR, stateFileName(version, event, order, run.name)),
					`${JSON.stringify(file, null, '\t')}\n`,
				);
			} finally {
				await service.stop();
			}
		},
	);
}
