/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-require-imports -- test code, not shipped: it lists the test folders with fs from __dirname */
/**
 * test/groups.js: npm test (jest.grouped.config.js) runs every test file of the grouped folders
 * once, in a group or as its own jest file; `npx jest` (jest.config.js) runs each alone.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

import * as groups from '../groups';

const ignoredBy = (config: string) => {
	const { testPathIgnorePatterns } = require(`../../${config}`) as {
		testPathIgnorePatterns: string[];
	};
	const patterns = testPathIgnorePatterns.map((pattern) => new RegExp(pattern));
	return (path: string) => patterns.some((pattern) => pattern.test(path));
};

const TEST = join(__dirname, '..');
const folders = [...new Set(Object.values(groups.GROUPS).map((group) => group.folder))];

/** The test files below `dir`, listed here apart from test/groups.js: the check of its list. */
function testFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return testFiles(path);
		return name.endsWith('.test.ts') ? [path] : [];
	});
}

describe('test groups', () => {
	// Read in the tests, not when the file loads: a file no group takes fails these, not the
	// loading of the unit group this file runs in.
	const membersOfAll = () => Object.keys(groups.GROUPS).flatMap((group) => groups.membersOf(group));
	const files = folders.flatMap((folder) => testFiles(join(TEST, folder)));
	const groupFiles = testFiles(join(TEST, 'groups'));

	it('runs each test file of the grouped folders once: in one group, or alone', () => {
		const members = membersOfAll();
		for (const path of files) {
			const times = members.filter((member) => member === path).length;
			const alone = groups.RUN_ALONE.includes(groups.nameOf(path));
			expect({ file: groups.nameOf(path), runs: times + (alone ? 1 : 0) }).toEqual({
				file: groups.nameOf(path),
				runs: 1,
			});
		}
		expect(members.length).toBeGreaterThan(60);
		expect(groupFiles.length).toBe(Object.keys(groups.GROUPS).length);
	});

	it('npm test leaves out, as files of their own, exactly the grouped files', () => {
		const members = membersOfAll();
		const ignored = ignoredBy('jest.grouped.config.js');
		for (const path of files) {
			expect({ file: groups.nameOf(path), ignored: ignored(path) }).toEqual({
				file: groups.nameOf(path),
				ignored: members.includes(path),
			});
		}
		for (const path of groupFiles) expect(ignored(path)).toBe(false);
		expect(ignored(join(TEST, 'property', 'triggerSchedules.test.ts'))).toBe(false);
	});

	it('npx jest runs every file alone and no group', () => {
		const ignored = ignoredBy('jest.config.js');
		for (const path of files)
			expect({ path, ignored: ignored(path) }).toEqual({ path, ignored: false });
		for (const path of groupFiles) expect(ignored(path)).toBe(true);
	});

	it('names only files that exist in RUN_ALONE', () => {
		const missing = groups.RUN_ALONE.filter((name) => !existsSync(join(TEST, `${name}.test.ts`)));
		expect(missing).toEqual([]);
	});

	it('keeps out of a group a file that would change the others', () => {
		// Built from parts: this file's own source must not read as such a file.
		const jest = (fn: string, args: string) => `jest.${fn}(${args});`;
		const simplify = '../../nodes/OutreachContact/helpers/simplify';
		const api = "'../../../nodes/OutreachContact/transport/api'";
		expect(groups.cannotJoin(jest('mock', `${api}, () => ({})`))).toBeUndefined();
		for (const source of [
			jest('mock', `'${simplify}'`),
			jest('mock', `\`${simplify}\``),
			jest('doMock', `'${simplify}', () => ({})`),
			jest('mock', 'modulePath'),
		])
			expect(groups.cannotJoin(source)).toMatch(/^replaces .+ \(jest\.mock\)/);
		const focused = (fn: string) => `${fn}.${'only'}('x', () => {});`;
		expect(groups.cannotJoin(focused('it'))).toMatch(/^focuses/);
		expect(groups.cannotJoin(focused('describe'))).toMatch(/^focuses/);
		expect(groups.cannotJoin(`it.${'only'}.each([1])('x', () => {});`)).toMatch(/^focuses/);
		expect(groups.cannotJoin(`test.concurrent.${'only'}('x', async () => {});`)).toMatch(
			/^focuses/,
		);
		expect(groups.cannotJoin(`${'f'}it('x', () => {});`)).toMatch(/^focuses/);
		expect(groups.cannotJoin(jest('resetModules', ''))).toMatch(/^resets or unmocks/);
		expect(groups.cannotJoin(jest('unmock', `'${simplify}'`))).toMatch(/^resets or unmocks/);
		expect(groups.cannotJoin(`expect(x).${'toMatch'}Snapshot();`)).toMatch(/snapshot/);
	});
});
