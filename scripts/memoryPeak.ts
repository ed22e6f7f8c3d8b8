/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a benchmark helper, not shipped */

/** Samples the process's memory while a benchmark runs and reports the peaks. */
export class MemoryPeak {
	private readonly baseHeap = process.memoryUsage().heapUsed;

	private peakHeap = this.baseHeap;

	private peakRss = process.memoryUsage().rss;

	private readonly timer = setInterval(() => this.sample(), 20);

	private sample(): void {
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
