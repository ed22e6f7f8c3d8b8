/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code, not shipped: it may use Node timers */
import { mapConcurrent, SerialQueues } from '../../../nodes/OutreachContact/helpers/concurrency';

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

describe('SerialQueues', () => {
	it('runs tasks of one key in order, other keys alongside, and goes on after a failure', async () => {
		const queues = new SerialQueues();
		const log: string[] = [];
		const task =
			(name: string, ticks: number, fail = false) =>
			async () => {
				log.push(`start ${name}`);
				for (let t = 0; t < ticks; t++) await tick();
				log.push(`end ${name}`);
				if (fail) throw new Error(name);
				return name;
			};
		const results = await Promise.allSettled([
			queues.run('a', task('a1', 3, true)),
			queues.run('b', task('b1', 1)),
			queues.run('a', task('a2', 1)),
		]);
		expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
		expect(log.indexOf('start a2')).toBeGreaterThan(log.indexOf('end a1'));
		expect(log.indexOf('start b1')).toBeLessThan(log.indexOf('end a1'));
	});
});
