/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a benchmark helper, not shipped */

/**
 * Samples the process's memory while a benchmark runs and reports the peaks. With
 * `collect` (and node run with --expose-gc), every sample is taken after a full garbage
 * collection, so the heap figure is the peak of what the run holds (its live objects), not of
 * garbage the collector had not yet freed; the samples fall between the run's events (between
 * pages of a search, for instance), as a timer can only fire there.
 */
export class MemoryPeak {
	private readonly gc: (() => void) | undefined;

	private readonly baseHeap: number;

	private peakHeap: number;

	private peakRss = process.memoryUsage().rss;

	private readonly timer: ReturnType<typeof setInterval>;

	constructor(options: { collect?: boolean } = {}) {
		const gc = (globalThis as { gc?: () => void }).gc;
		if (options.collect && !gc) throw new Error('MemoryPeak({ collect }) needs node --expose-gc');
		this.gc = options.collect ? gc : undefined;
		this.gc?.();
		this.baseHeap = process.memoryUsage().heapUsed;
		this.peakHeap = this.baseHeap;
		this.timer = setInterval(() => this.sample(), 20);
	}

	private sample(): void {
		this.gc?.();
		const usage = process.memoryUsage();
		this.peakHeap = Math.max(this.peakHeap, usage.heapUsed);
		this.peakRss = Math.max(this.peakRss, usage.rss);
	}

	stop(): { heapMb: number; rssMb: number } {
		this.sample();
		clearInterval(this.timer);
		return { heapMb: (this.peakHeap - this.baseHeap) / 2 ** 20, rssMb: this.peakRss / 2 ** 20 };
	}
}
