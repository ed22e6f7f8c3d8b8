/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not shipped: it reads the source tree with fs from __dirname */
/**
 * The trigger's layout rules (issue 33, docs/trigger.md "The ledger" and "Glossary"), checked
 * on the source with TypeScript's own checker:
 * - no file but the ledger's assigns, increments or deletes a field of an event's state, spreads
 *   one into a new object or builds an object literal of a state type;
 * - the words that said nothing or two things are not identifiers of the trigger's code;
 * - an event's folder never imports another event's folder.
 */
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import * as ts from 'typescript';

const TRIGGER = resolve(__dirname, '../../nodes/OutreachContact/trigger');
const LEDGER = join(TRIGGER, 'shared/ledger');

function listTs(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const full = join(dir, name);
		if (statSync(full).isDirectory()) return listTs(full);
		return full.endsWith('.ts') ? [full] : [];
	});
}

const files = listTs(TRIGGER);
// The trigger's files alone (noResolve): the state's types are all declared in them, and leaving
// out n8n-workflow's declarations and Node's types makes the program 70 files instead of 1,400
// (a second instead of six). What the trigger imports from outside comes in as `any`; tsc checks
// the whole code (`npm run typecheck`, in `npm run lint`).
const program = ts.createProgram(files, {
	strict: true,
	target: ts.ScriptTarget.ES2022,
	module: ts.ModuleKind.CommonJS,
	esModuleInterop: true,
	skipLibCheck: true,
	noEmit: true,
	noResolve: true,
	types: [],
	lib: ['lib.es2022.d.ts'],
});
const source = (file: string) => program.getSourceFile(file)!;

/** The state types of docs/trigger.md, "The ledger", and the parts of them a writer would change. */
const STATE_TYPES =
	/\b(NewContactState|EligibleState|EventState|NewContactBase|EligibleBase|LedgerState)\b/;

/** A type written as a state, or one of its modes (`NewContactBase & { mode: ... }`). */
const STATE_ITSELF =
	/^(NewContactState|EligibleState|EventState|NewContactBase|EligibleBase|LedgerState)(\b(?!<)|$)/;

const ASSIGNMENTS = new Set([
	ts.SyntaxKind.EqualsToken,
	ts.SyntaxKind.PlusEqualsToken,
	ts.SyntaxKind.MinusEqualsToken,
	ts.SyntaxKind.QuestionQuestionEqualsToken,
	ts.SyntaxKind.BarBarEqualsToken,
	ts.SyntaxKind.AmpersandAmpersandEqualsToken,
]);

/**
 * Every place a file writes a state: assigns, increments or deletes a field of one, spreads one
 * into an object literal (`{ ...state, floor }`, a copy with changes), or builds an object literal
 * whose type is a state's: `file:line text`.
 */
function stateWrites(file: string, within = program): string[] {
	const checker = within.getTypeChecker();
	const source = (f: string) => within.getSourceFile(f)!;
	const isState = (type: ts.Type) =>
		STATE_TYPES.test(type.aliasSymbol?.getName() ?? '') ||
		STATE_TYPES.test(checker.typeToString(type));
	// A state itself (or one of its modes), not a type that merely mentions one (Settled<...>).
	const isStateItself = (type: ts.Type) =>
		STATE_TYPES.test(type.aliasSymbol?.getName() ?? '') ||
		STATE_ITSELF.test(checker.typeToString(type));
	const reachesState = (node: ts.Expression): boolean => {
		let current: ts.Expression = node;
		for (;;) {
			if (isState(checker.getTypeAtLocation(current))) return true;
			if (ts.isPropertyAccessExpression(current) || ts.isElementAccessExpression(current)) {
				current = current.expression;
			} else if (ts.isParenthesizedExpression(current) || ts.isNonNullExpression(current)) {
				current = current.expression;
			} else return false;
		}
	};
	const found: string[] = [];
	const at = (node: ts.Node) => {
		const sf = source(file);
		const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
		found.push(`${relative(TRIGGER, file)}:${line} ${node.getText(sf).slice(0, 80)}`);
	};
	const isField = (e: ts.Expression) =>
		(ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) &&
		reachesState(e.expression);
	const visit = (node: ts.Node) => {
		if (
			ts.isBinaryExpression(node) &&
			ASSIGNMENTS.has(node.operatorToken.kind) &&
			isField(node.left)
		)
			at(node);
		if (
			(ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) &&
			isField(node.operand as ts.Expression)
		)
			if ([ts.SyntaxKind.PlusPlusToken, ts.SyntaxKind.MinusMinusToken].includes(node.operator))
				at(node);
		if (ts.isDeleteExpression(node) && isField(node.expression)) at(node);
		if (ts.isObjectLiteralExpression(node)) {
			const spreadsState = node.properties.some(
				(p) => ts.isSpreadAssignment(p) && isStateItself(checker.getTypeAtLocation(p.expression)),
			);
			const contextual = checker.getContextualType(node);
			if (spreadsState || (contextual && isStateItself(contextual))) at(node);
		}
		ts.forEachChild(node, visit);
	};
	visit(source(file));
	return found;
}

/** The words docs/trigger.md's glossary replaced: they said nothing, or two things. */
const RETIRED = [
	'through',
	'joins',
	'follows',
	'bounded',
	'latest',
	'span',
	'verified',
	'room',
	'more',
];

describe('the trigger on one ledger', () => {
	it('the program the checks read resolves every import within the trigger', () => {
		// Its only errors: modules outside the trigger, and parameters typed by them.
		const unresolved = new Set<string>();
		const other: string[] = [];
		for (const d of ts.getPreEmitDiagnostics(program)) {
			const text = ts.flattenDiagnosticMessageText(d.messageText, '\n');
			const module = /^Cannot find module '([^']+)'/.exec(text)?.[1];
			if (module?.startsWith('.') && d.file)
				unresolved.add(relative(TRIGGER, resolve(dirname(d.file.fileName), module)));
			else if (module) continue;
			else if (d.code !== 7006) other.push(text);
		}
		expect(other).toEqual([]);
		expect([...unresolved].filter((m) => !m.startsWith('..'))).toEqual([]);
	});

	it('catches every kind of write in a file planted outside the ledger', () => {
		// A planted file (in a temporary folder, beside the trigger's program): an assignment, a
		// spread of a state into a new object, and an object literal of a state type.
		const dir = mkdtempSync(join(tmpdir(), 'planted-'));
		const planted = join(dir, 'planted.ts');
		const shapes = join(LEDGER, 'shapes').split('\\').join('/');
		writeFileSync(
			planted,
			[
				`import type { EventState, LedgerState } from '${shapes}';`,
				'export function assign(s: EventState) { s.floor = 1; }',
				'export function spread(s: EventState) { return { ...s, floor: 2 }; }',
				'export const literal: LedgerState = { version: 2, baseline: 0, floor: 0, seen: {}, logged: [] };',
			].join('\n'),
		);
		try {
			const withPlanted = ts.createProgram([...files, planted], program.getCompilerOptions());
			const writes = stateWrites(planted, withPlanted).map((w) => w.replace(/^.*planted\.ts:/, ''));
			expect(writes).toEqual([
				'2 s.floor = 1',
				'3 { ...s, floor: 2 }',
				'4 { version: 2, baseline: 0, floor: 0, seen: {}, logged: [] }',
			]);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});

	it('has one writer of the state: no file outside shared/ledger/ assigns a field of it', () => {
		const outside = files.filter((file) => !file.startsWith(LEDGER));
		expect(outside.flatMap((file) => stateWrites(file))).toEqual([]);
		// The check finds writes where they are: the ledger makes its changes on copies it builds.
		expect(listTs(LEDGER).flatMap((file) => stateWrites(file)).length).toBeGreaterThan(0);
	});

	it('uses none of the retired words as an identifier', () => {
		const uses: string[] = [];
		for (const file of files) {
			const sf = source(file);
			const visit = (node: ts.Node) => {
				if (ts.isIdentifier(node) && RETIRED.includes(node.text)) {
					const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
					uses.push(`${relative(TRIGGER, file)}:${line} ${node.text}`);
				}
				ts.forEachChild(node, visit);
			};
			visit(sf);
		}
		expect(uses).toEqual([]);
	});

	it("keeps each event's folder to itself: event folders never import each other", () => {
		const events = readdirSync(TRIGGER).filter(
			(name) => statSync(join(TRIGGER, name)).isDirectory() && name !== 'shared',
		);
		const crossing: string[] = [];
		for (const file of files) {
			const own = relative(TRIGGER, file).split('/')[0];
			for (const statement of source(file).statements) {
				if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier))
					continue;
				const target = relative(
					TRIGGER,
					resolve(dirname(file), statement.moduleSpecifier.text),
				).split('/')[0];
				if (events.includes(target) && target !== own && events.includes(own))
					crossing.push(`${relative(TRIGGER, file)} imports ${statement.moduleSpecifier.text}`);
			}
		}
		expect(crossing).toEqual([]);
	});

	it("reads a contact's time only through the event's accessor: no other code reads its date fields", () => {
		// createdTime (serviceTime.ts) is the accessor the table gives both events; reportKey
		// (candidates.ts) quotes the raw date of a contact it cannot place, for the log.
		const allowed = new Set(['createdTime', 'reportKey']);
		const readers: string[] = [];
		for (const file of files) {
			const visit = (node: ts.Node, owner?: string): void => {
				const name =
					(ts.isFunctionDeclaration(node) || ts.isVariableDeclaration(node)) &&
					node.name &&
					ts.isIdentifier(node.name)
						? node.name.text
						: owner;
				if (
					ts.isPropertyAccessExpression(node) &&
					/^(created_date|updated_date|created_timestamp_ms)$/.test(node.name.text) &&
					!allowed.has(name ?? '')
				)
					readers.push(`${relative(TRIGGER, file)}: ${node.getText(source(file))} in ${name}`);
				ts.forEachChild(node, (child) => visit(child, name));
			};
			visit(source(file));
		}
		expect(readers).toEqual([]);
	});

	it('names one time accessor per event in the table', () => {
		const table = source(join(TRIGGER, 'events.ts')).getText();
		const entries = table.split('defineEvent({').slice(1);
		expect(entries.length).toBeGreaterThanOrEqual(2);
		for (const entry of entries) expect(entry).toMatch(/\n\t\ttime: \w+,/);
	});
});
