/**
 * Where a secret appears anywhere in a value: every string reachable through own properties,
 * enumerable or not (message, stack, cause, description, context, node, ...), through
 * JSON.stringify, and through String(). Returns the paths of the hits ([] when clean).
 */
export function secretLeaks(value: unknown, secret: string): string[] {
	const hits: string[] = [];
	const seen = new Set<unknown>();
	const walk = (current: unknown, path: string, depth: number): void => {
		if (typeof current === 'string') {
			if (current.includes(secret)) hits.push(path);
			return;
		}
		if (typeof current === 'function' || !current || typeof current !== 'object' || depth > 12)
			return;
		if (seen.has(current)) return;
		seen.add(current);
		for (const name of Object.getOwnPropertyNames(current)) {
			let child: unknown;
			try {
				child = (current as Record<string, unknown>)[name];
			} catch {
				continue;
			}
			walk(child, `${path}.${name}`, depth + 1);
		}
		if (current instanceof Map)
			for (const [k, v] of current) walk(v, `${path}[${String(k)}]`, depth + 1);
	};
	walk(value, '$', 0);
	try {
		if ((JSON.stringify(value) ?? '').includes(secret)) hits.push('JSON.stringify($)');
	} catch {
		// circular: the walk above covers it
	}
	if (value && typeof value === 'object') {
		try {
			const names = Object.getOwnPropertyNames(value);
			if ((JSON.stringify(value, names) ?? '').includes(secret))
				hits.push('JSON.stringify($, ownNames)');
		} catch {
			// ignore
		}
	}
	if (String(value).includes(secret)) hits.push('String($)');
	return hits;
}
