/* eslint-disable no-console -- a benchmark script, not shipped */
/**
 * (c, second and third tables) `npm run bench -- trigger`: the Contact Snippets Ready and the
 * Contact Enriched trigger on accounts of 1,000 and 10,000 new contacts a day, page cap 100,
 * results newest first and unordered. Each row: 3 days of contacts at that rate, 80% of them
 * made eligible (given their snippets, or enriched) 1 to 60 minutes after their creation (the
 * rest never); the trigger is activated (N = 0, the defaults) and polled
 * every minute for 3 hours while contacts keep coming, then every minute until every contact
 * created after the activation with snippets came (at most 300 more polls), then 30 quiet
 * minutes (nothing created, nothing given snippets). Every poll goes through n8n-core's
 * PollContext on the virtual clock (250 ms an answer).
 *
 * Printed per row: requests per poll while contacts await their snippets (median, max) and per
 * quiet poll (max); the busiest 60 s; the delay from a contact's snippets being written to the
 * end of the poll that emitted it (median, max); whether every contact created after the
 * activation came exactly once, and none without snippets or with snippets before the activation.
 */
import { busiestMinute } from '../harness/pacingWindow';
import { steadyArrivals } from '../harness/simulatedService/arrivals';
import {
	simulatedAccount,
	STATE_KEYS,
	TriggerSimulation,
} from '../harness/simulatedService/triggerSimulation';
import { seededRandom } from '../harness/testClock';
import type { Order } from '../sandbox/search';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const RATES = [1_000, 10_000];
const ORDERS: Order[] = ['newest', 'unordered'];

const median = (values: number[]) =>
	values.length === 0 ? NaN : [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function duration(ms: number): string {
	if (Number.isNaN(ms)) return '-';
	if (ms < 2 * MINUTE) return `${Math.round(ms / 1000)} s`;
	if (ms < 2 * HOUR) return `${(ms / MINUTE).toFixed(1)} min`;
	return `${(ms / HOUR).toFixed(1)} h`;
}

/** The eligible events: the contact's field that makes it eligible, and the table's title. */
const EVENTS = {
	contactSnippetsReady: { field: 'snippetsAt', what: 'given snippets' },
	contactEnriched: { field: 'enrichAt', what: 'enriched' },
} as const;
type EligibleEvent = keyof typeof EVENTS;

export async function eligibleRow(
	event: EligibleEvent,
	perDay: number,
	order: Order,
	limitPerMinute: number,
): Promise<string> {
	const { field } = EVENTS[event];
	const started = Date.now();
	const start = Date.UTC(2026, 10, 23, 9, 0, 0);
	const live = 3 * HOUR;
	const { clock, service, close } = await simulatedAccount(start, {
		order,
		maxPageSize: 100,
		latencyMs: 250,
	});
	try {
		const random = seededRandom(perDay + 47);
		const withSnippets = (c: { at: number }) =>
			random() < 0.8 ? { ...c, [field]: c.at + MINUTE + Math.floor(random() * HOUR) } : c;
		const contacts = [
			...steadyArrivals(start - 3 * DAY, start, perDay, random, withSnippets),
			...steadyArrivals(start, start + live, perDay, random, withSnippets),
		];
		const rows = service.contacts.schedule(contacts);
		const snippetsAt = new Map(rows.map((r, i) => [r.id, contacts[i][field]]));
		const sim = new TriggerSimulation({ service, clock, event });
		const activation = await sim.pollAt(start);
		const owed = rows.filter((r) => r.visibleAt > activation.end && snippetsAt.get(r.id));
		const missing = () => owed.filter((r) => !sim.emittedAt.has(r.id)).length;
		// The first walk after the activation records what was there (the activation's cost):
		// its polls are counted apart from those while contacts await their snippets.
		let firstWalkPolls = 1;
		const inFirstWalk = () => {
			const node = sim.staticData[`node:${sim.node.name}`] as Record<string, unknown> | undefined;
			const state = node?.[STATE_KEYS[event]] as Record<string, unknown> | undefined;
			return state?.recordUntil !== undefined;
		};
		for (let at = start + MINUTE; at <= start + live; at += MINUTE)
			if (at >= clock.now()) {
				const walking = inFirstWalk();
				await sim.pollAt(at);
				if (walking) firstWalkPolls = sim.polls.length;
			}
		let next = Math.ceil(clock.now() / MINUTE) * MINUTE;
		for (let drained = 0; drained < 300 && missing() > 0; drained++) {
			await sim.pollAt(next);
			next = Math.max(next + MINUTE, Math.ceil(clock.now() / MINUTE) * MINUTE);
		}
		// Quiet: the last snippets are more than an hour old; nothing else comes.
		const quietFrom = Math.max(next, start + live + 2 * HOUR);
		const beforeQuiet = sim.polls.length;
		for (let at = quietFrom; at < quietFrom + 30 * MINUTE; at += MINUTE) await sim.pollAt(at);
		const firstWalk = sim.polls.slice(1, firstWalkPolls).map((p) => p.requests);
		const busy = sim.polls.slice(firstWalkPolls, beforeQuiet).map((p) => p.requests);
		const quiet = sim.polls.slice(beforeQuiet).map((p) => p.requests);
		const delays = owed
			.filter((r) => sim.emittedAt.has(r.id))
			.map((r) => sim.emittedAt.get(r.id)! - snippetsAt.get(r.id)!);
		// Wrong: a contact without snippets, or with snippets more than the overlap (an hour, the
		// activation's edge in docs/trigger.md) before the activation. One given them within it may
		// come (the row says how many); so may one created before the activation and given them
		// after it.
		const emitted = [...sim.emittedAt.keys()];
		const wrong = emitted.filter((id) => {
			const at = snippetsAt.get(id);
			return at === undefined || at <= start - HOUR;
		});
		const edge = emitted.filter((id) => {
			const at = snippetsAt.get(id);
			return at !== undefined && at > start - HOUR && at <= start;
		}).length;
		const busiest = busiestMinute(service.log.map((r) => r.at));
		const within =
			edge > 0 ? ` (${edge} ${EVENTS[event].what} within the hour before the activation came)` : '';
		const once =
			missing() === 0 && sim.repeated.length === 0 && wrong.length === 0
				? `yes${within}`
				: `no: ${missing()} of ${owed.length} missing, ${sim.repeated.length} repeated, ${wrong.length} wrong${within}`;
		const walk =
			firstWalk.length === 0
				? '-'
				: `${firstWalk.length} polls, ${firstWalk.reduce((a, b) => a + b, 0)} requests`;
		return `| ${perDay.toLocaleString('en-US')} | ${order === 'newest' ? 'newest first' : 'unordered'} | ${walk} | ${median(busy)} / ${Math.max(...busy)} | ${Math.max(...quiet)} | ${((100 * busiest) / limitPerMinute).toFixed(1)}% (${busiest}) | ${duration(median(delays))} / ${duration(Math.max(...delays))} | ${once} | ${((Date.now() - started) / 1000).toFixed(0)} s |`;
	} finally {
		await close();
	}
}

/** Prints the table of an eligible event, a line per row as each finishes. */
export async function benchEligible(
	limitPerMinute: number,
	event: EligibleEvent = 'contactSnippetsReady',
): Promise<void> {
	const { what } = EVENTS[event];
	console.log(
		`\n(c) the ${event} trigger: 3 days of contacts, 80% ${what} 1-60 min after creation, activation (N = 0), polls every minute for 3 h, until all came, then 30 quiet minutes; page cap 100`,
	);
	console.log(
		`| contacts a day | results | first walk after the activation | requests per poll after it, while contacts wait, median / max | requests per quiet poll, max | busiest 60 s, share of ${limitPerMinute}/min | delay from eligible to emitted, median / max | every contact once | real time |`,
	);
	console.log('|---|---|---|---|---|---|---|---|---|');
	for (const perDay of RATES)
		for (const order of ORDERS)
			console.log(await eligibleRow(event, perDay, order, limitPerMinute));
}
