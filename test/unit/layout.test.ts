/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not shipped: it reads the source tree with fs from __dirname */
/**
 * The layout rules of the shipped code (nodes/, credentials/), checked on the source:
 * - every export is used by shipped code (imported by another file, or used in its own), so
 *   dist/ holds nothing that exists only for tests; the exceptions are the node and credential
 *   classes (n8n loads them) and `testHooks`, the hooks tests use on purpose (built, but left
 *   out of the tarball by package.json "files": test/unit/tarball.test.ts);
 * - no file is over 250 lines;
 * - operation files apply display options once (resourceDescription, from the resource's
 *   list), not field by field.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import * as ts from 'typescript';

const ROOT = resolve(__dirname, '../..');
const SHIPPED = ['nodes', 'credentials'];

function listTs(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const full = join(dir, name);
		if (statSync(full).isDirectory()) return listTs(full);
		return full.endsWith('.ts') ? [full] : [];
	});
}

const files = SHIPPED.flatMap((dir) => listTs(join(ROOT, dir)));
const sources = new Map(
	files.map((file) => [
		file,
		ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true),
	]),
);

function resolveImport(from: string, specifier: string): string | undefined {
	const base = resolve(dirname(from), specifier);
	return [`${base}.ts`, join(base, 'index.ts')].find((candidate) => sources.has(candidate));
}

/** `file#name` for every name some shipped file imports from another. */
function importedNames(): Set<string> {
	const used = new Set<string>();
	for (const [file, source] of sources) {
		for (const statement of source.statements) {
			if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
			const specifier = statement.moduleSpecifier;
			if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
			const target = resolveImport(file, specifier.text);
			if (!target) continue;
			const bindings = ts.isImportDeclaration(statement)
				? statement.importClause?.namedBindings
				: statement.exportClause;
			if (bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings))) {
				for (const element of bindings.elements) {
					used.add(`${target}#${(element.propertyName ?? element.name).text}`);
				}
			} else if (bindings && ts.isNamespaceImport(bindings)) {
				const pattern = new RegExp(`\\b${bindings.name.text}\\.(\\w+)`, 'g');
				for (const match of source.text.matchAll(pattern)) used.add(`${target}#${match[1]}`);
			}
		}
	}
	return used;
}

function exportedNames(source: ts.SourceFile): string[] {
	const names: string[] = [];
	for (const statement of source.statements) {
		const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
		if (!modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
		if (ts.isVariableStatement(statement)) {
			for (const declaration of statement.declarationList.declarations)
				names.push(declaration.name.getText());
		} else if ('name' in statement && statement.name) {
			names.push((statement.name as ts.Identifier).text);
		}
	}
	return names;
}

const isEntryPoint = (file: string) => /\.(node|credentials)\.ts$/.test(file);

/** How often `name` occurs as an identifier in the file (its declaration counts once). */
function identifierCount(source: ts.SourceFile, name: string): number {
	let count = 0;
	const visit = (node: ts.Node) => {
		if (ts.isIdentifier(node) && node.text === name) count++;
		ts.forEachChild(node, visit);
	};
	visit(source);
	return count;
}

describe('shipped code layout', () => {
	it('exports nothing that exists only for tests', () => {
		const used = importedNames();
		const unused: string[] = [];
		for (const [file, source] of sources) {
			for (const name of exportedNames(source)) {
				if (isEntryPoint(file) || name === 'testHooks' || used.has(`${file}#${name}`)) continue;
				if (identifierCount(source, name) > 1) continue;
				unused.push(`${relative(ROOT, file)}: ${name}`);
			}
		}
		expect(unused).toEqual([]);
	});

	it('has no file over 250 lines', () => {
		const long = files
			.map((file) => ({
				file: relative(ROOT, file),
				lines: readFileSync(file, 'utf8').split('\n').length,
			}))
			.filter((entry) => entry.lines > 250);
		expect(long).toEqual([]);
	});

	it('applies display options once per operation, not field by field', () => {
		const actions = files.filter((file) => file.includes('/actions/'));
		expect(actions.length).toBeGreaterThan(10);
		for (const file of actions) {
			// A field shown for a resource and operation by its own displayOptions.
			expect({ file: relative(ROOT, file), text: readFileSync(file, 'utf8') }).not.toEqual(
				expect.objectContaining({
					text: expect.stringMatching(/displayOptions:\s*\{\s*show:\s*\{[^}]*operation:/),
				}),
			);
		}
	});

	// The layers, top down: a file may import its own layer and the ones below, never one above.
	// nodes -> actions, trigger -> paging -> transport -> helpers, descriptions, methods, types.
	const LAYERS: Array<[string, string[]]> = [
		['helpers', ['transport', 'paging', 'actions', 'trigger']],
		['descriptions', ['transport', 'paging', 'actions', 'trigger']],
		['transport', ['paging', 'actions', 'trigger']],
		['paging', ['actions', 'trigger']],
		['actions', ['trigger']],
		['trigger', ['actions']],
	];

	it.each(LAYERS)('keeps %s/ from importing the layers above it (%s)', (layer, above) => {
		const inLayer = files.filter((file) => file.includes(`/OutreachContact/${layer}/`));
		expect(inLayer.length).toBeGreaterThan(0);
		const pattern = new RegExp(`from '(\\.\\./)+(${above.join('|')})/`);
		for (const file of inLayer) {
			const upward = readFileSync(file, 'utf8')
				.split('\n')
				.filter((line) => pattern.test(line));
			expect({ file: relative(ROOT, file), upward }).toEqual({
				file: relative(ROOT, file),
				upward: [],
			});
		}
	});
});
