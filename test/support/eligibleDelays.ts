/**
 * How late an eligible event's contacts come, on the simulated service through n8n-core's
 * PollContext: pages of 25, 2 hours of contacts (7,200 a day) before the activation, then
 * `perMinute` a minute for 3 hours, each made eligible `after` its creation (enriched, or given
 * its snippets), polls `apart` for `hours`. One account for the tests that assert the delays
 * (triggerSnippets, triggerPushedWalk) and the delay scan that measures them (delayScan.run.ts).
 */
import type { NewContact, Row } from '../../harness/simulatedService/contacts';
import { steadyArrivals } from '../../harness/simulatedService/arrivals';
import type { ServiceOrder } from '../../harness/simulatedService/service';
import { seededRandom } from '../../harness/testClock';
import type { TriggerSimulation } from '../../harness/simulatedService/triggerSimulation';
import { account, every, HOUR, MINUTE, pollEach, START } from './triggerAccount';

export interface DelaySetting {
	event: 'contactEnriched' | 'contactSnippetsReady';
	order: ServiceOrder;
	requestsPerMinute: number;
	/** From creation to eligible (ms). */
	after: number;
	/** Between polls (ms). */
	apart: number;
	hours: number;
	/** Contacts a minute after the activation (5 by default). */
	perMinute?: number;
}

export interface Delays {
	/** From eligible to emitted, in minutes, sorted (Infinity: not come). */
	delays: number[];
	/** The requests the service received. */
	requests: number;
	sim: TriggerSimulation;
	/** The contacts created after the activation. */
	rows: Row[];
	/** The ids of the contacts eligible at the activation. */
	wereThere: number[];
}

export async function eligibleDelays(s: DelaySetting): Promise<Delays> {
	const { service, sim, close } = await account({
		order: s.order,
		cap: 25,
		event: s.event,
		credentials: { requestsPerMinute: s.requestsPerMinute },
	});
	try {
		const eligibleAt = (c: NewContact) => c.at + s.after;
		const eligible = (c: NewContact): NewContact =>
			s.event === 'contactEnriched'
				? { ...c, enrichAt: eligibleAt(c) }
				: { ...c, snippetsAt: eligibleAt(c) };
		const before = steadyArrivals(START - 2 * HOUR, START, 7_200, seededRandom(12)).map(eligible);
		const wereThere = service.contacts
			.schedule(before)
			.filter((_, i) => eligibleAt(before[i]) <= START)
			.map((row) => row.id);
		await sim.pollAt(START);
		const perMinute = s.perMinute ?? 5;
		const created = Array.from({ length: Math.round(180 * perMinute) }, (_, i) => ({
			at: START + ((i + 1) * MINUTE) / perMinute,
		})).map(eligible);
		const rows = service.contacts.schedule(created);
		await pollEach(sim, every(s.apart, START + s.apart, START + s.hours * HOUR));
		const delays = rows
			.map((row, i) => ((sim.emittedAt.get(row.id) ?? Infinity) - eligibleAt(created[i])) / MINUTE)
			.sort((a, b) => a - b);
		return { delays, requests: service.log.length, sim, rows, wereThere };
	} finally {
		await close();
	}
}
