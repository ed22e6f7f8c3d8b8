/**
 * The credential's numbers, written once: the credential's fields show these defaults and
 * bounds, and the transport falls back to the same defaults and clamps to the same bounds when a
 * value is missing or out of range (an older credential, an expression, an API-created one).
 */
export const CREDENTIAL_LIMITS = {
	requestsPerMinute: { default: 200, min: 1, max: 10_000 },
	maxAttempts: { default: 6, min: 1, max: 20 },
	maxRetryWaitSeconds: { default: 300, min: 0, max: 3_600 },
} as const;
