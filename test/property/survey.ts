/**
 * A survey of the trigger over many random schedules that, unlike fc.assert, does not stop at
 * the first failure: it runs every schedule, sorts each failure by the kind of its first
 * problem, the event and the result order, and shrinks the first failure of each kind with
 * fast-check (a shrink keeps to failures of the same kind). It tells which of the known classes
 * the property test finds by itself and after how many schedules. Run by survey.run.ts.
 */
import fc from 'fast-check';

import type { Schedule } from './schedule';
import { surveyArbitrary } from './scheduleArbitrary';
import { runSchedule, type Outcome } from './scheduleRunner';

const KINDS: Array<[RegExp, string]> = [
	[/ threw: /, 'a poll threw'],
	[/ emitted again /, 'emitted twice'],
	[/ which the event's rules do not allow/, 'emitted what the rules do not allow'],
	[/ did not emit oldest first/, 'not oldest first'],
	[/ over the trigger's share/, 'over the share (retries included)'],
	[/: state of \d+ bytes/, 'state over its bound'],
	[/ never came/, 'contacts lost'],
	[/ emitted \d+, more than Max/, 'more than Max Contacts per Poll'],
];

/** The kind of a failure: its first problem's kind, the event and the result order. */
export function kindOf(schedule: Schedule, outcome: Outcome): string | undefined {
	const first = outcome.problems[0];
	if (first === undefined) return undefined;
	const kind = KINDS.find(([pattern]) => pattern.test(first))?.[1] ?? 'other';
	return `${kind} | ${schedule.event} | ${schedule.order}`;
}

export interface Found {
	kind: string;
	/** 1-based index of the first schedule of this kind, and how many there were. */
	firstAt: number;
	count: number;
	problem: string;
	shrunk?: { schedule: Schedule; problem: string; shrinks: number };
}

export async function survey(options: {
	runs: number;
	seed: number;
	deadline: number;
	shrinkKinds: number;
	/** Only kinds that match are shrunk (all by default). */
	shrinkOnly?: RegExp;
	report: (line: string) => void;
	/** Called with each shrunk failure as soon as it is shrunk (a long survey may be stopped). */
	shrunk?: (found: Found) => void;
	/** 'wide' draws every setting a user can choose (wideScheduleArbitrary). */
	ranges?: string;
	/** The real time one schedule may run (its shrinks too); past it, it is cut and counted. */
	scheduleMs: number;
	/** Called with each schedule cut at its time limit, and its 1-based index. */
	cut?: (schedule: Schedule, at: number, where: string) => void;
}): Promise<{ ran: number; ms: number; found: Found[]; cut: number[] }> {
	const found = new Map<string, Found & { schedule: Schedule }>();
	const began = Date.now();
	let ran = 0;
	const cut: number[] = [];
	// Sampled in batches, each of its own seed, so that a long survey never holds them all.
	for (let batch = 0; ran < options.runs && Date.now() < options.deadline; batch++) {
		const size = Math.min(100, options.runs - ran);
		const schedules = fc.sample(surveyArbitrary(options.ranges), {
			numRuns: size,
			seed: options.seed + batch,
		});
		for (const schedule of schedules) {
			if (Date.now() >= options.deadline) break;
			ran++;
			const outcome = await runSchedule(schedule, 1, Date.now() + options.scheduleMs);
			if (outcome.cut) {
				cut.push(ran);
				options.report(`schedule ${ran}: ${outcome.cut} (${options.scheduleMs / 1000} s)`);
				options.cut?.(schedule, ran, outcome.cut);
				continue;
			}
			const kind = kindOf(schedule, outcome);
			if (!kind) continue;
			const known = found.get(kind);
			if (known) known.count++;
			else {
				found.set(kind, {
					kind,
					firstAt: ran,
					count: 1,
					problem: outcome.problems[0],
					schedule,
				});
				options.report(`schedule ${ran}: new kind "${kind}": ${outcome.problems[0]}`);
			}
		}
		options.report(`${ran} schedules in ${Math.round((Date.now() - began) / 1000)} s`);
	}
	const ms = Date.now() - began;
	const toShrink = [...found.values()].filter((f) => options.shrinkOnly?.test(f.kind) ?? true);
	for (const f of toShrink.slice(0, options.shrinkKinds)) {
		f.shrunk = await shrink(f.schedule, f.kind, options.ranges, options.scheduleMs);
		options.report(`shrunk "${f.kind}" in ${f.shrunk.shrinks} steps: ${f.shrunk.problem}`);
		options.shrunk?.(withoutSchedule(f));
	}
	return { ran, ms, found: [...found.values()].map(withoutSchedule), cut };
}

/** fast-check's shrinking of `schedule`, keeping to failures of the same kind. */
async function shrink(
	schedule: Schedule,
	kind: string,
	ranges: string | undefined,
	scheduleMs: number,
): Promise<{ schedule: Schedule; problem: string; shrinks: number }> {
	let problem = '';
	const details = await fc.check(
		fc.asyncProperty(surveyArbitrary(ranges), async (s) => {
			const outcome = await runSchedule(s, 1, Date.now() + scheduleMs);
			if (kindOf(s, outcome) !== kind) return true;
			problem = outcome.problems[0];
			return false;
		}),
		{ examples: [[schedule]], numRuns: 1 },
	);
	const counterexample = details.counterexample?.[0] ?? schedule;
	// The last failing run may not be the smallest: run the smallest once more for its text.
	const outcome = await runSchedule(counterexample);
	problem = outcome.problems[0] ?? problem;
	return { schedule: counterexample, problem, shrinks: details.numShrinks };
}

/** A found failure without the schedule it was first met in (the shrunk one is kept). */
function withoutSchedule(found: Found & { schedule: Schedule }): Found {
	const copy: Partial<Found & { schedule: Schedule }> = { ...found };
	delete copy.schedule;
	return copy as Found;
}
