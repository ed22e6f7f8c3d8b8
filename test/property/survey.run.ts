/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not shipped: SURVEY_* settings, and the survey written to a file */
/**
 * The survey (survey.ts) as a jest run that the default test match leaves out:
 *   PROPERTY_RUNS=2000 SURVEY_MINUTES=30 SURVEY_OUT=/tmp/survey.json npx jest \
 *     --testMatch '<rootDir>/test/property/survey.run.ts' --maxWorkers=1
 * Unseeded unless PROPERTY_SEED is set; the seed is printed first. PROPERTY_RANGES=wide draws
 * every setting a user can choose (scheduleArbitrary.ts, wideScheduleArbitrary); PROPERTY_RANGES=ahead
 * adds contacts dated ahead to about half of the steps (aheadScheduleArbitrary); PROPERTY_RANGES=deletions
 * deletes contacts before about every second poll, mostly polling every 15 to 30 seconds
 * (deletionsScheduleArbitrary); PROPERTY_RANGES=tiny pages of 1 or 2 (tinyPagesScheduleArbitrary);
 * PROPERTY_RANGES=smallNoOrder pages of 1 to 9 in no order (smallNoOrderScheduleArbitrary);
 * PROPERTY_RANGES=pairsNoOrder pages of 2 in no order in UTC at a small share (pairsNoOrderScheduleArbitrary).
 * SURVEY_SCHEDULE_SECONDS (120 by default) bounds one schedule's run: one past it is cut, counted,
 * and written to SURVEY_OUT.cut.jsonl (for replay.run.ts) instead of holding the survey.
 */
import { appendFileSync, writeFileSync } from 'node:fs';

import { survey } from './survey';

it(
	'surveys the trigger over random schedules',
	async () => {
		const runs = Number(process.env.PROPERTY_RUNS ?? 200);
		const seed = Number(process.env.PROPERTY_SEED ?? Math.floor(Math.random() * 2 ** 31));
		const minutes = Number(process.env.SURVEY_MINUTES ?? 30);
		const out = process.env.SURVEY_OUT ?? 'survey.json';
		const report = (line: string) => process.stderr.write(`${new Date().toISOString()} ${line}\n`);
		report(`survey of ${runs} schedules, seed ${seed}, at most ${minutes} min`);
		const result = await survey({
			runs,
			seed,
			deadline: Date.now() + minutes * 60_000,
			shrinkKinds: Number(process.env.SURVEY_SHRINK_KINDS ?? 12),
			shrinkOnly: process.env.SURVEY_SHRINK_ONLY
				? new RegExp(process.env.SURVEY_SHRINK_ONLY)
				: undefined,
			report,
			ranges: process.env.PROPERTY_RANGES,
			scheduleMs: Number(process.env.SURVEY_SCHEDULE_SECONDS ?? 120) * 1000,
			cut: (schedule, at, where) =>
				appendFileSync(`${out}.cut.jsonl`, `${JSON.stringify({ at, where, schedule })}\n`),
			// One line of JSON per shrunk failure, as it comes.
			shrunk: (found) => appendFileSync(`${out}.shrunk.jsonl`, `${JSON.stringify(found)}\n`),
		});
		writeFileSync(out, JSON.stringify({ seed, ...result }, null, '\t'));
		report(
			`${result.ran} schedules in ${Math.round(result.ms / 1000)} s; ${result.found.length} kinds of failure; ${result.cut.length} cut at their time limit; written to ${out}`,
		);
	},
	24 * 3_600_000,
);
