/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code, not shipped: the grid from DELAY_GRID, a line a setting on stdout */
/**
 * The delay scan (not a test: run it by name, docs/development.md): an eligible event's delays
 * from eligible to emitted over a grid of settings, where the property test and the surveys look
 * for failures only. Each setting: pages of 25, 2 hours of contacts (7,200 a day) before the
 * activation, then `rate` a minute for 3 hours, each made eligible `after` minutes after its
 * creation; polls `gap` seconds apart for 5 hours, through n8n-core's PollContext against the
 * simulated service. One JSON line a setting: the median, 90th percentile and longest delay in
 * minutes (null: a contact had not come in the 5 hours) and the requests sent.
 *
 *   DELAY_GRID='[{"event":"contactSnippetsReady","order":"oldest","rpm":8,"gap":30,"after":10}]' \
 *     npx jest --testMatch '<rootDir>/test/property/delayScan.run.ts'
 *
 * Without DELAY_GRID: both events and orders, Requests per Minute 8, 20 and 200, polls 60 and 300
 * seconds apart, contacts eligible 1, 10 and 30 minutes after their creation (72 settings, about
 * 4 minutes).
 */
import type { ServiceOrder } from '../../harness/simulatedService/service';
import { eligibleDelays } from '../support/eligibleDelays';
import { quietPollLog } from '../support/pollLog';
import { MINUTE, SECOND } from '../support/triggerAccount';

interface Setting {
	event: 'contactEnriched' | 'contactSnippetsReady';
	order: ServiceOrder;
	rpm: number;
	/** Seconds between polls. */
	gap: number;
	/** Minutes from creation to eligible. */
	after: number;
	/** Contacts a minute after the activation (5 by default). */
	rate?: number;
}

function defaultGrid(): Setting[] {
	const grid: Setting[] = [];
	for (const event of ['contactSnippetsReady', 'contactEnriched'] as const)
		for (const order of ['oldest', 'newest'] as const)
			for (const rpm of [8, 20, 200])
				for (const gap of [60, 300])
					for (const after of [1, 10, 30]) grid.push({ event, order, rpm, gap, after });
	return grid;
}

async function scan(s: Setting) {
	const { delays, requests } = await eligibleDelays({
		event: s.event,
		order: s.order,
		requestsPerMinute: s.rpm,
		after: s.after * MINUTE,
		apart: s.gap * SECOND,
		hours: 5,
		perMinute: s.rate,
	});
	const at = (q: number) => {
		const d = delays[Math.min(delays.length - 1, Math.floor(delays.length * q))];
		return Number.isFinite(d) ? Math.round(d * 10) / 10 : null;
	};
	return { median: at(0.5), p90: at(0.9), max: at(1), requests };
}

describe('delay scan', () => {
	jest.setTimeout(6 * 3_600_000);
	quietPollLog();

	it('measures each setting of the grid', async () => {
		const grid = process.env.DELAY_GRID
			? (JSON.parse(process.env.DELAY_GRID) as Setting[])
			: defaultGrid();
		for (const s of grid) process.stdout.write(`${JSON.stringify({ ...s, ...(await scan(s)) })}\n`);
		expect(grid.length).toBeGreaterThan(0);
	});
});
