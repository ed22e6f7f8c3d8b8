/**
 * Normalizes the credential's Base URL: trims it, removes trailing slashes and refuses
 * anything that is not an http(s) URL. Returns an error text instead of throwing so that
 * callers can wrap it in the error type that fits them.
 */
export function normalizeBaseUrl(raw: unknown): { url: string } | { error: string } {
	const text = typeof raw === 'string' ? raw.trim() : '';
	if (text === '') {
		return { error: 'The credential has no Base URL. Enter the API address ending in /api/v2.' };
	}
	if (!/^https?:\/\/[^\s/]+/i.test(text)) {
		return {
			error: `The credential's Base URL "${text}" is not an http(s) URL. It must start with http:// or https://, for example https://app.example.com/api/v2.`,
		};
	}
	return { url: text.replace(/\/+$/, '') };
}
