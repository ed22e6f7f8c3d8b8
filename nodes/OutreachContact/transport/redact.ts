/**
 * Removes every occurrence of the secrets from a text. Used on anything that could end up
 * in an error, a log line or an output item (body excerpts, network error messages). Each
 * secret is also removed in the forms a service may quote it in: inside a JSON string, and
 * URL-encoded (as a path or query part, and form-encoded with + for spaces).
 */
export function redact(text: string, secrets: Array<string | undefined>): string {
	const forms = new Set<string>();
	for (const secret of secrets) {
		if (!secret || secret.length < 4) continue;
		forms.add(secret);
		forms.add(JSON.stringify(secret).slice(1, -1));
		const encoded = encodeURIComponent(secret);
		forms.add(encoded);
		forms.add(encoded.replace(/%20/g, '+'));
		forms.add(new URLSearchParams([['', secret]]).toString().slice(1));
	}
	// Longest first: a shorter form inside a longer one must not break the longer one up.
	let out = text;
	for (const form of [...forms].sort((a, b) => b.length - a.length)) {
		out = out.split(form).join('[redacted]');
	}
	return out;
}

/** A short single-line excerpt of a response body, for error descriptions. */
export function excerpt(body: string, max = 200): string {
	const flat = body.replace(/\s+/g, ' ').trim();
	return flat.length > max ? `${flat.slice(0, max)}...` : flat;
}
