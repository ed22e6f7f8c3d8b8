import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../nodes/OutreachContact/trigger/shared/serviceTime';
import { dayNumber, localMidnight } from '../../harness/simulatedService/calendar';

/**
 * The timeline of New Contact's week simulation (newContactSimulation.ts): when a scenario's
 * contacts are created and when n8n polls, drawn from the scenario's random stream (contacts
 * first, then polls, so that a seed always gives the same week).
 */

/** What the timeline needs of a scenario. */
export interface TimelineScenario {
	start: number;
	/** Contacts created together on day 2. */
	burst: number;
	sequence?: number;
}

/**
 * Contacts: random times from 3 days before the activation to `end`, none on one quiet day, a
 * burst, and a few created in the last minute before each of the service's midnights in `zone`.
 * Sorted by time; with the midnights.
 */
export function scenarioContacts(
	s: TimelineScenario,
	count: number,
	random: () => number,
	zone: string,
	end: number,
) {
	const times: Array<{ t: number; seq: number }> = [];
	const quietFrom = s.start + 3 * DAY_MS + 6 * HOUR_MS;
	const quietTo = quietFrom + DAY_MS;
	while (times.length < count) {
		const t = s.start - 3 * DAY_MS + Math.floor(random() * (end - s.start + 3 * DAY_MS));
		if (t >= quietFrom && t < quietTo) continue;
		times.push({ t, seq: 1 + Math.floor(random() * 3) });
	}
	const burstAt = s.start + 2 * DAY_MS + 7 * HOUR_MS;
	for (let i = 0; i < s.burst; i++)
		times.push({ t: burstAt + i * 5, seq: s.sequence ?? 1 + (i % 3) });
	const midnights: number[] = [];
	for (let day = dayNumber(s.start, zone) + 1; ; day++) {
		const m = localMidnight(day, zone);
		if (m > end) break;
		midnights.push(m);
		for (let i = 0; i < 3; i++) {
			times.push({
				t: m - 1000 - Math.floor(random() * 59_000),
				seq: s.sequence ?? 1 + Math.floor(random() * 3),
			});
		}
	}
	times.sort((a, b) => a.t - b.t);
	return { times, midnights };
}

/**
 * Polls: irregular intervals from the activation to `end`, an outage of 30 hours, around each
 * midnight either a poll a few seconds after it (even days) or one starting 3 seconds before it,
 * paging across it; then every 5 minutes for half a day, so that any backlog drains. With when
 * the outage ends and the half day of broken pagination after it.
 */
export function scenarioPolls(
	s: TimelineScenario,
	random: () => number,
	end: number,
	midnights: number[],
) {
	const outageFrom = s.start + 5 * DAY_MS + 2 * HOUR_MS;
	const outageTo = outageFrom + 30 * HOUR_MS;
	let polls: number[] = [];
	for (let t = s.start; t < end; ) {
		polls.push(t);
		const r = random();
		t +=
			r < 0.45
				? 20_000 + random() * 160_000
				: r < 0.8
					? 3 * MINUTE_MS + random() * 17 * MINUTE_MS
					: r < 0.95
						? 20 * MINUTE_MS + random() * 70 * MINUTE_MS
						: 2 * HOUR_MS + random() * 3 * HOUR_MS;
		t = Math.floor(t);
	}
	const afterMidnight = new Set<number>();
	midnights.forEach((m, i) => {
		polls = polls.filter((p) => p < m - 2 * MINUTE_MS || p >= m);
		if (i % 2 === 0) {
			const p = m + 1000 + Math.floor(random() * 20_000);
			polls.push(p);
			afterMidnight.add(p);
		} else {
			polls.push(m - 3000);
		}
	});
	polls = polls.filter((p) => p === s.start || p < outageFrom || p >= outageTo);
	// Half a day of broken pagination after the outage (see FakeService.endless).
	const endlessFrom = outageTo + 6 * HOUR_MS;
	const endlessTo = endlessFrom + 12 * HOUR_MS;
	polls.push(outageTo);
	// After the last contact, poll every 5 minutes for half a day so that any backlog drains.
	for (let t = end + 5 * MINUTE_MS; t < end + 12 * HOUR_MS; t += 5 * MINUTE_MS) polls.push(t);
	polls.sort((a, b) => a - b);
	return { polls, afterMidnight, outageTo, endlessFrom, endlessTo };
}
