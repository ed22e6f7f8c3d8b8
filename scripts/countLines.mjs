#!/usr/bin/env node
/**
 * Counts code lines (not blank, not comment) of the shipped code: `nodes/` and `credentials/`
 * (.ts, tests are not there), and of the trigger: `nodes/OutreachContact/trigger/` with every
 * shipped module that only the trigger imports (issue 47's brake). Strings are read as code, so a
 * `//` inside a string does not start a comment.
 *
 *   node scripts/countLines.mjs          a summary
 *   node scripts/countLines.mjs --files  and each file of the trigger's count
 *   node scripts/countLines.mjs --json   the counts as JSON
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TRIGGER = 'nodes/OutreachContact/trigger/';

function tsFiles(dir) {
	return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return tsFiles(path);
		return entry.name.endsWith('.ts') ? [path.split('\\').join('/')] : [];
	});
}

/** Code lines of a TypeScript text: what is left on a line once comments are taken out. */
export function codeLines(text) {
	let count = 0;
	let inBlock = false;
	let quote = null;
	for (const line of text.split('\n')) {
		let code = '';
		for (let i = 0; i < line.length; i++) {
			const c = line[i];
			if (inBlock) {
				if (c === '*' && line[i + 1] === '/') {
					inBlock = false;
					i++;
				}
				continue;
			}
			if (quote) {
				code += c;
				if (c === '\\') code += line[++i] ?? '';
				else if (c === quote) quote = null;
				continue;
			}
			if (c === '/' && line[i + 1] === '/') break;
			if (c === '/' && line[i + 1] === '*') {
				inBlock = true;
				i++;
				continue;
			}
			if (c === '"' || c === "'" || c === '`') quote = c;
			code += c;
		}
		// A template literal may span lines; single and double quotes end with theirs.
		if (quote !== '`') quote = null;
		if (code.trim() !== '') count++;
	}
	return count;
}

const IMPORT = /(?:import|export)[^'"]*?from\s+['"](\.[^'"]+)['"]/g;

function importsOf(file, text) {
	const out = [];
	for (const match of text.matchAll(IMPORT)) {
		const target = join(dirname(file), match[1]).split('\\').join('/');
		out.push(target.endsWith('.ts') ? target : `${target}.ts`);
	}
	return out;
}

const files = [...tsFiles('nodes'), ...tsFiles('credentials')];
const text = Object.fromEntries(files.map((f) => [f, readFileSync(join(root, f), 'utf8')]));
const importers = {};
for (const file of files)
	for (const target of importsOf(file, text[file])) (importers[target] ??= new Set()).add(file);

// The trigger, and modules outside it whose importers are all in it (or in such modules).
const trigger = new Set(files.filter((f) => f.startsWith(TRIGGER)));
for (let grew = true; grew; ) {
	grew = false;
	for (const file of files) {
		if (trigger.has(file) || file.endsWith('.node.ts')) continue;
		const by = [...(importers[file] ?? [])];
		if (by.length > 0 && by.every((f) => trigger.has(f))) {
			trigger.add(file);
			grew = true;
		}
	}
}

const sum = (list) => list.reduce((n, f) => n + codeLines(text[f]), 0);
const counts = {
	shipped: sum(files),
	trigger: sum([...trigger]),
	triggerFiles: trigger.size,
	onlyTriggerImports: [...trigger].filter((f) => !f.startsWith(TRIGGER)).sort(),
};
if (process.argv.includes('--json')) console.log(JSON.stringify(counts, null, 2));
else {
	console.log(
		`shipped code (nodes/, credentials/): ${counts.shipped} code lines in ${files.length} files`,
	);
	console.log(
		`trigger/ and what only it imports: ${counts.trigger} code lines in ${trigger.size} files`,
	);
	if (counts.onlyTriggerImports.length > 0)
		console.log(`  outside trigger/: ${counts.onlyTriggerImports.join(', ')}`);
	if (process.argv.includes('--files'))
		for (const f of [...trigger].sort())
			console.log(`  ${codeLines(text[f])}\t${relative('.', f)}`);
}
