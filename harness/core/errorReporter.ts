import { ErrorReporter } from 'n8n-core';

/**
 * Errors n8n-core handed to its ErrorReporter (which would otherwise print every failed
 * node's error and stack to the console). Cleared by nobody: read or splice it in tests.
 */
export const reportedErrors: unknown[] = [];
ErrorReporter.prototype.error = function (error: unknown) {
	reportedErrors.push(error);
};
