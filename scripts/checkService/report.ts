import { excerpt, redact } from '../../nodes/OutreachContact/transport/redact';

/**
 * What check-service prints: one line per finding (what was asked, what came back, what the
 * nodes do with it) and a summary. Every text goes through the nodes' own redaction of the API
 * key before it is written, whatever its source (an error text, a body the service echoed).
 */

/**
 * handled: the nodes read the answer as they should. NOT HANDLED: they do not (exit code 1).
 * not checked: nothing to judge (no contacts to read, an option not given): says how to check.
 */
export type Verdict = 'handled' | 'NOT HANDLED' | 'not checked';

export interface Finding {
	verdict: Verdict;
	/** What the line is about, e.g. "/me" or "search page size". */
	topic: string;
	asked: string;
	got: string;
	/** What the nodes do with the answer; for NOT HANDLED, also what to check. */
	nodes: string;
}

export class Report {
	readonly findings: Finding[] = [];

	constructor(
		private readonly out: (line: string) => void,
		private readonly secrets: string[],
	) {}

	/** Writes one line, with the secrets removed. */
	print(text: string): void {
		this.out(redact(text.replace(/\s*\n\s*/g, ' '), this.secrets));
	}

	add(finding: Finding): void {
		this.findings.push(finding);
		const { verdict, topic, asked, got, nodes } = finding;
		this.print(`[${verdict}] ${topic}: asked ${asked}; got ${got}; nodes: ${nodes}`);
	}

	count(verdict: Verdict): number {
		return this.findings.filter((f) => f.verdict === verdict).length;
	}

	/** 0 when every answer is one the nodes handle, 1 when one is not. */
	exitCode(): 0 | 1 {
		return this.count('NOT HANDLED') > 0 ? 1 : 0;
	}

	summary(): void {
		const failed = this.findings.filter((f) => f.verdict === 'NOT HANDLED').map((f) => f.topic);
		this.print(
			`${this.findings.length} checks: ${this.count('handled')} handled, ${failed.length} not handled` +
				`${failed.length > 0 ? ` (${failed.join('; ')})` : ''}, ${this.count('not checked')} not checked.`,
		);
		this.print(
			failed.length > 0
				? 'Exit 1: the nodes do not handle every answer of this service. Send this output to the maintainers (it holds no API key and of the contacts only ids and created dates).'
				: 'Exit 0: the nodes handle every answer checked. Send this output to the maintainers all the same (it holds no API key and of the contacts only ids and created dates).',
		);
	}
}

const MAX_KEYS = 10;

/**
 * The structure of a JSON value without its data: keys and types, e.g.
 * `{data: [3 × {id, playbook_name, ...}]}`. Lines quote shapes, not values, so that the output
 * can be sent on without the account's contacts in it.
 */
export function shape(value: unknown, depth = 2): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) {
		if (value.length === 0) return '[]';
		return `[${value.length} × ${depth > 0 ? shape(value[0], depth - 1) : typeof value[0]}]`;
	}
	if (typeof value !== 'object') return typeof value;
	const keys = Object.keys(value as object);
	const shown = keys.slice(0, MAX_KEYS).map((key) => {
		const inner = (value as Record<string, unknown>)[key];
		const nested = depth > 0 && inner !== null && typeof inner === 'object';
		return nested ? `${key}: ${shape(inner, depth - 1)}` : key;
	});
	if (keys.length > MAX_KEYS) shown.push(`... ${keys.length - MAX_KEYS} more`);
	return `{${shown.join(', ')}}`;
}

/** A short quote of a text, for error bodies and the service's messages. */
export function quote(text: string, max = 120): string {
	return JSON.stringify(excerpt(text, max));
}

/** A duration in words: "850 ms", "12 s", "3 min", "9 h" (one decimal where it matters). */
export function duration(ms: number): string {
	const abs = Math.abs(ms);
	const round = (n: number) => String(Math.round(n * 10) / 10);
	if (abs < 1_000) return `${Math.round(abs)} ms`;
	if (abs < 120_000) return `${round(abs / 1_000)} s`;
	if (abs < 2 * 3_600_000) return `${round(abs / 60_000)} min`;
	return `${round(abs / 3_600_000)} h`;
}
