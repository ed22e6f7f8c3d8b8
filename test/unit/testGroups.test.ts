/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-require-imports -- test code, not shipped: it lists the test folders with fs from __dirname */
/**
 * test/groups.js: npm test runs every test file of the grouped folders once, either in a group
 * or as its own jest file, and jest.config.js leaves out exactly the grouped ones.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const groups = require('../groups') as {
	GROUPS: Record<string, { folder: string }>;
	RUN_ALONE: string[];
	membersOf(group: string): string[];
	nameOf(path: string): string;
	groupedPattern(): string;
	namesGroupedFile(pattern: string): boolean;
	pathPatternsOf(args: string[]): string[];
};

const TEST = join(__dirname, '..');
const folders = [...new Set(Object.values(groups.GROUPS).map((group) => group.folder))];

function testFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return testFiles(path);
		return name.endsWith('.test.ts') ? [path] : [];
	});
}

describe('test groups', () => {
	const members = Object.keys(groups.GROUPS).flatMap((group) => groups.membersOf(group));
	const ignored = new RegExp(groups.groupedPattern());

	it('runs each test file of the grouped folders once: in one group, or alone', () => {
		for (const folder of folders) {
			for (const path of testFiles(join(TEST, folder))) {
				const times = members.filter((member) => member === path).length;
				const alone = groups.RUN_ALONE.includes(groups.nameOf(path));
				expect({ file: groups.nameOf(path), runs: times + (alone ? 1 : 0) }).toEqual({
					file: groups.nameOf(path),
					runs: 1,
				});
			}
		}
		expect(members.length).toBeGreaterThan(60);
	});

	it('leaves out of npm test, as files of their own, exactly the grouped files', () => {
		for (const folder of folders) {
			for (const path of testFiles(join(TEST, folder))) {
				expect({ file: groups.nameOf(path), ignored: ignored.test(path) }).toEqual({
					file: groups.nameOf(path),
					ignored: members.includes(path),
				});
			}
		}
		expect(ignored.test(join(TEST, 'groups', 'unit.test.ts'))).toBe(false);
		expect(ignored.test(join(TEST, 'property', 'triggerSchedules.test.ts'))).toBe(false);
	});

	it('names only files that exist in RUN_ALONE', () => {
		const missing = groups.RUN_ALONE.filter((name) => !existsSync(join(TEST, `${name}.test.ts`)));
		expect(missing).toEqual([]);
	});

	it('runs a grouped file alone when the command line names it', () => {
		expect(groups.namesGroupedFile('test/unit/trigger/fullWalk.test.ts')).toBe(true);
		expect(groups.namesGroupedFile('fullWalk')).toBe(true);
		expect(groups.namesGroupedFile('test/workflow')).toBe(true);
		expect(groups.namesGroupedFile('test/property/triggerSchedules.test.ts')).toBe(false);
		expect(groups.namesGroupedFile('jest.long.config.js')).toBe(false);
		expect(groups.namesGroupedFile('[unclosed')).toBe(false);
		// the values of -t, -c and --outputFile are not path patterns
		expect(
			groups.pathPatternsOf([
				'-i',
				'fullWalk',
				'-t',
				'contact',
				'--config',
				'jest.long.config.js',
				'--outputFile=/tmp/x.json',
				'test/workflow',
			]),
		).toEqual(['fullWalk', 'test/workflow']);
	});
});
