/** The largest number of `times` (epoch ms) inside any 60 s window [t, t + 60 s). */
export function busiestMinute(times: number[]): number {
	const sorted = [...times].sort((a, b) => a - b);
	let most = 0;
	for (let i = 0, j = 0; i < sorted.length; i++) {
		while (j < sorted.length && sorted[j] < sorted[i] + 60_000) j++;
		most = Math.max(most, j - i);
	}
	return most;
}
