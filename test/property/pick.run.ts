/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not shipped: PICK settings, and the schedule written to a file */
/**
 * Writes schedule number PICK of a survey (survey.run.ts, seed PROPERTY_SEED) as JSON to
 * PICK_OUT (default /tmp/schedule.json), to replay it (replay.run.ts) when its shrinking takes
 * too long:
 *
 *   PICK=3681 PROPERTY_SEED=50000 npx jest --testMatch '<rootDir>/test/property/pick.run.ts'
 *
 * The survey samples batches of 100, batch b with seed PROPERTY_SEED + b (survey.ts); with
 * PROPERTY_RANGES=wide, from the wide draw as the survey did. Its name
 * keeps it out of `npm test`.
 */
import fc from 'fast-check';
import { writeFileSync } from 'fs';
import { surveyArbitrary } from './scheduleArbitrary';

it('writes schedule PICK of the survey with seed PROPERTY_SEED', () => {
	const index = Number(process.env.PICK) - 1;
	const seed = Number(process.env.PROPERTY_SEED) + Math.floor(index / 100);
	const schedule = fc.sample(surveyArbitrary(process.env.PROPERTY_RANGES), { numRuns: 100, seed })[
		index % 100
	];
	writeFileSync(process.env.PICK_OUT ?? '/tmp/schedule.json', JSON.stringify(schedule));
});
