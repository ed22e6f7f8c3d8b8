/* eslint-disable no-console -- a benchmark script, not shipped */
/**
 * (c) `npm run bench -- trigger`: the New Contact trigger on accounts of 1,000, 10,000, 30,000
 * and 100,000 new contacts a day, page caps 50 and 100, results newest first, oldest first and
 * in a stable scramble (unordered). Each row: the simulated service (harness/simulatedService,
 * 250 ms of virtual time per answer) holds 3 days of contacts at that rate; the trigger is
 * activated (N = 0, Max Contacts per Poll 100, the defaults) and polled every minute for 3 hours
 * while contacts keep coming at that rate at random times, then every minute until every
 * contact created after the activation came (at most 300 more polls: without an order, a contact
 * created during a walk of the window comes with the next walk, and a walk of 3 days of 100,000
 * a day takes two hours at page cap 50). Every poll goes through
 * n8n-core's PollContext with its 5-minute poll budget, on the virtual clock.
 *
 * Printed per row: the requests per poll after the activation (median, max); the trigger's
 * share of the account (the most requests in any sliding 60 s, over the 200 a minute of the
 * default credential); the delay from a contact's creation to the end of the poll that emitted
 * it (median, max); the activation's requests; whether every contact created after the
 * activation came exactly once; polls that threw. A row stops early when 5 polls in a row threw
 * (the trigger is wedged) or it sent 25,000 requests (more than 50 a poll on average).
 */
import { busiestMinute } from '../harness/pacingWindow';
import { steadyArrivals } from '../harness/simulatedService/arrivals';
import { simulatedAccount, TriggerSimulation } from '../harness/simulatedService/triggerSimulation';
import { seededRandom } from '../harness/testClock';
import type { Order } from '../sandbox/search';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const TRIGGER_RATES = [1_000, 10_000, 30_000, 100_000];
const CAPS = [50, 100];
const ORDERS: Order[] = ['newest', 'oldest', 'unordered'];

/** Each row's scenario: its days of history, its hours of polls, its bounds. */
const SCENARIO = {
	historyMs: 3 * DAY,
	liveMs: 3 * HOUR,
	drainPolls: 300,
	wedgedAfter: 5,
	maxRequests: 25_000,
	latencyMs: 250,
};

export interface TriggerBenchRow {
	perDay: number;
	cap: number;
	order: Order;
}

export interface TriggerBenchResult extends TriggerBenchRow {
	medianRequests: number;
	maxRequests: number;
	/** The most requests in any sliding 60 s window. */
	busiestMinute: number;
	medianDelayMs: number;
	maxDelayMs: number;
	activationRequests: number;
	activationThrew: boolean;
	created: number;
	missing: number;
	repeated: number;
	threw: number;
	polls: number;
	stopped?: string;
	seconds: number;
}

const median = (values: number[]) =>
	values.length === 0 ? NaN : [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One row: the account, the activation, 3 hours of polls every minute, then the drain. */
export async function benchTriggerRow(row: TriggerBenchRow): Promise<TriggerBenchResult> {
	const started = Date.now();
	const start = Date.UTC(2026, 10, 23, 9, 0, 0);
	const { clock, service, close } = await simulatedAccount(start, {
		order: row.order,
		maxPageSize: row.cap,
		latencyMs: SCENARIO.latencyMs,
	});
	try {
		const random = seededRandom(row.perDay + row.cap);
		const rows = service.contacts.schedule([
			...steadyArrivals(start - SCENARIO.historyMs, start, row.perDay, random),
			...steadyArrivals(start, start + SCENARIO.liveMs, row.perDay, random),
		]);
		const sim = new TriggerSimulation({ service, clock });
		const activation = await sim.pollAt(start);
		const created = rows.filter((r) => r.visibleAt > activation.end);
		const missing = () => created.filter((r) => !sim.emittedAt.has(r.id)).length;
		let stopped: string | undefined;
		let inARow = activation.error ? 1 : 0;
		const poll = async (at: number) => {
			const record = await sim.pollAt(at);
			inARow = record.error ? inARow + 1 : 0;
			if (inARow >= SCENARIO.wedgedAfter)
				stopped = `wedged: ${SCENARIO.wedgedAfter} polls in a row threw`;
			else if (service.log.length >= SCENARIO.maxRequests)
				stopped = `stopped at ${SCENARIO.maxRequests} requests`;
		};
		for (let at = start + MINUTE; at <= start + SCENARIO.liveMs && !stopped; at += MINUTE)
			if (at >= clock.now()) await poll(at);
		let next = Math.ceil(clock.now() / MINUTE) * MINUTE;
		for (let drained = 0; !stopped && drained < SCENARIO.drainPolls && missing() > 0; drained++) {
			await poll(next);
			next = Math.max(next + MINUTE, Math.ceil(clock.now() / MINUTE) * MINUTE);
		}

		const later = sim.polls.slice(1).map((p) => p.requests);
		const delays = created
			.filter((r) => sim.emittedAt.has(r.id))
			.map((r) => sim.emittedAt.get(r.id)! - r.visibleAt);
		return {
			...row,
			medianRequests: median(later),
			maxRequests: later.length > 0 ? Math.max(...later) : NaN,
			busiestMinute: busiestMinute(service.log.map((r) => r.at)),
			medianDelayMs: median(delays),
			maxDelayMs: delays.length > 0 ? Math.max(...delays) : NaN,
			activationRequests: activation.requests,
			activationThrew: activation.error !== undefined,
			created: created.length,
			missing: missing(),
			repeated: sim.repeated.length,
			threw: sim.polls.filter((p) => p.error).length,
			polls: sim.polls.length,
			stopped,
			seconds: (Date.now() - started) / 1000,
		};
	} finally {
		await close();
	}
}

function duration(ms: number): string {
	if (Number.isNaN(ms)) return '-';
	if (ms < 2 * MINUTE) return `${Math.round(ms / 1000)} s`;
	if (ms < 2 * HOUR) return `${(ms / MINUTE).toFixed(1)} min`;
	return `${(ms / HOUR).toFixed(1)} h`;
}

const ORDER_NAMES: Record<Order, string> = {
	newest: 'newest first',
	oldest: 'oldest first',
	unordered: 'unordered',
};

function tableLine(r: TriggerBenchResult, limitPerMinute: number): string {
	const once =
		r.missing === 0 && r.repeated === 0
			? 'yes'
			: `no: ${r.missing} of ${r.created} missing, ${r.repeated} repeated`;
	const notes = [
		r.threw > 0 ? `${r.threw} of ${r.polls} polls threw` : '',
		r.stopped ?? '',
		`${r.seconds.toFixed(0)} s`,
	].filter(Boolean);
	return `| ${r.perDay.toLocaleString('en-US')} | ${r.cap} | ${ORDER_NAMES[r.order]} | ${r.medianRequests} / ${r.maxRequests} | ${((100 * r.busiestMinute) / limitPerMinute).toFixed(1)}% (${r.busiestMinute}) | ${duration(r.medianDelayMs)} / ${duration(r.maxDelayMs)} | ${r.activationRequests}${r.activationThrew ? ' (threw)' : ''} | ${once} | ${notes.join('; ')} |`;
}

/** Prints the table, a line per row as each finishes (the rows of `orders` only). */
export async function benchTrigger(limitPerMinute: number, orders = ORDERS): Promise<void> {
	console.log(
		`(c) the New Contact trigger: 3 days of contacts, activation (N = 0), polls every minute for 3 h with contacts arriving at the same rate, then until all came (at most ${SCENARIO.drainPolls} more); ${SCENARIO.latencyMs} ms per answer, n8n's 5-minute poll budget, Max Contacts per Poll 100`,
	);
	console.log(
		`| contacts a day | page cap | results | requests per poll, median / max | busiest 60 s, share of ${limitPerMinute}/min (requests) | delay, median / max | activation (requests) | every contact once | notes (real time) |`,
	);
	console.log('|---|---|---|---|---|---|---|---|---|');
	for (const perDay of TRIGGER_RATES)
		for (const cap of CAPS)
			for (const order of orders)
				console.log(tableLine(await benchTriggerRow({ perDay, cap, order }), limitPerMinute));
}
