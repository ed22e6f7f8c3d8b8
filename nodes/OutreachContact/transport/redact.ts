/**
 * Removes every occurrence of the secrets from a text. Used on anything that could end up
 * in an error, a log line or an output item (body excerpts, network error messages).
 */
export function redact(text: string, secrets: Array<string | undefined>): string {
	let out = text;
	for (const secret of secrets) {
		if (secret && secret.length >= 4) out = out.split(secret).join('[redacted]');
	}
	return out;
}

/** A short single-line excerpt of a response body, for error descriptions. */
export function excerpt(body: string, max = 200): string {
	const flat = body.replace(/\s+/g, ' ').trim();
	return flat.length > max ? `${flat.slice(0, max)}...` : flat;
}
