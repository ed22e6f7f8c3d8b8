import type { IExecuteFunctions } from 'n8n-workflow';

/** What each node run has told already (keyed by its context, which lives as long as the run). */
const told = new WeakMap<IExecuteFunctions, Set<string>>();

/**
 * Tells the user something once, above the node's output in the editor (n8n's execution hints),
 * instead of in every item: the same `key` is told once per node run (the first item's words).
 * n8n versions without execution hints skip it.
 */
export function tellInEditor(
	ctx: IExecuteFunctions,
	message: string,
	type: 'info' | 'warning' = 'warning',
	key: string = message,
): void {
	if (typeof ctx.addExecutionHints !== 'function') return;
	const seen = told.get(ctx) ?? new Set<string>();
	told.set(ctx, seen);
	if (seen.has(key)) return;
	seen.add(key);
	ctx.addExecutionHints({ message, type, location: 'outputPane' });
}
