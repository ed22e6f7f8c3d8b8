// Small deterministic helpers: a seeded PRNG and a string hash, so that fault
// injection and generated data repeat exactly for the same seed or input.

/** mulberry32: a fast 32-bit seeded PRNG returning floats in [0, 1). */
export function createPrng(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** FNV-1a 32-bit hash of a string. */
export function hashString(text: string): number {
	let hash = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		hash ^= text.charCodeAt(i);
		hash = Math.imul(hash, 0x01000193);
	}
	return hash >>> 0;
}

/** Picks an element of a non-empty list with a PRNG. */
export function pick<T>(random: () => number, items: readonly T[]): T {
	return items[Math.floor(random() * items.length)] as T;
}
