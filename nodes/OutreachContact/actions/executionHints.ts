import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * Tells the user something once, above the node's output in the editor (n8n's execution hints),
 * instead of in every item. n8n versions without execution hints just skip it.
 */
export function warnInEditor(ctx: IExecuteFunctions, message: string): void {
	if (typeof ctx.addExecutionHints !== 'function') return;
	ctx.addExecutionHints({ message, type: 'warning', location: 'outputPane' });
}
