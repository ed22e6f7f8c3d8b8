/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code, not shipped: it may use Node timers */
import { mapConcurrent } from '../../../nodes/OutreachContact/helpers/concurrency';

const tick = async () => await new Promise((resolve) => setImmediate(resolve));

describe('mapConcurrent', () => {
	it('keeps index order and never runs more than the limit', async () => {
		let running = 0;
		let peak = 0;
		const out = await mapConcurrent(20, 3, async (i) => {
			running++;
			peak = Math.max(peak, running);
			for (let t = 0; t < (20 - i) % 4; t++) await tick();
			running--;
			return i * 2;
		});
		expect(out).toEqual(Array.from({ length: 20 }, (_, i) => i * 2));
		expect(peak).toBe(3);
	});

	it('starts nothing new after a failure and throws it once the running tasks end', async () => {
		const started: number[] = [];
		await expect(
			mapConcurrent(10, 2, async (i) => {
				started.push(i);
				await tick();
				if (i === 1) throw new Error('boom');
				return i;
			}),
		).rejects.toThrow('boom');
		expect(started.length).toBeLessThanOrEqual(3);
	});
});
