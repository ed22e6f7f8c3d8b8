/* eslint-disable no-console -- a benchmark script, not shipped */
/**
 * `npm run bench -- import`: how long the New Contact trigger takes to catch up with an import
 * (issue 51): an account with 3 days of contacts (500 a day), the trigger activated and polled
 * every minute; 2 minutes in, 1,000 contacts are imported at once; 2 contacts keep arriving
 * between polls. Page cap 100, Max Contacts per Poll 100 (the defaults), Requests per Minute 4,
 * 8, 20 and 200 (a share of 1, 2, 5 and 50 requests a minute; a share of 1 is 2 requests in any
 * 2 minutes), each order. Every poll goes through
 * n8n-core's PollContext on the virtual clock (250 ms per answer).
 *
 * Printed per row: the polls from the import until its last contact was emitted, beside the
 * formula of docs/trigger.md ("How long an import takes"); the requests those polls sent; whether
 * every contact created after the activation came once.
 */
import { steadyArrivals } from '../harness/simulatedService/arrivals';
import { simulatedAccount, TriggerSimulation } from '../harness/simulatedService/triggerSimulation';
import { seededRandom } from '../harness/testClock';
import type { Order } from '../sandbox/search';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const IMPORTED = 1_000;
const CAP = 100;
const MAX_PER_POLL = 100;
const RATES = [4, 8, 20, 200];
const ORDERS: Order[] = ['newest', 'oldest', 'unordered'];
/** Polls after the import at most (a stall shows as a row that never caught up). */
const MAX_POLLS = 400;

/**
 * docs/trigger.md's formula for an ordered service: each poll emits at most Max Contacts per Poll
 * (M) and reads at most its share (q) less the one request of the rolling check; the first poll
 * after the import also finds where the import ends (about log2 of its pages).
 */
export function importPollsFormula(imported: number, cap: number, share: number): number {
	// A share of 1 is 2 requests every second minute: the polls that read are those of a share of 2.
	if (share === 1) return 2 * importPollsFormula(imported, cap, 2);
	const pages = Math.ceil(imported / cap);
	const perPoll = Math.min(Math.ceil(MAX_PER_POLL / cap), Math.max(1, share - 1));
	const findEnd = Math.ceil(Math.log2(pages + 1) / Math.max(1, share - 1));
	return Math.max(Math.ceil(imported / MAX_PER_POLL), Math.ceil(pages / perPoll)) + findEnd + 1;
}

export interface ImportBenchResult {
	order: Order;
	requestsPerMinute: number;
	polls: number | undefined;
	requests: number;
	missing: number;
	repeated: number;
	seconds: number;
}

export async function benchImportRow(
	order: Order,
	requestsPerMinute: number,
): Promise<ImportBenchResult> {
	const started = Date.now();
	const start = Date.UTC(2026, 10, 27, 9, 0, 0);
	const { clock, service, close } = await simulatedAccount(start, {
		order,
		maxPageSize: CAP,
		latencyMs: 250,
	});
	try {
		const random = seededRandom(requestsPerMinute);
		service.contacts.schedule(steadyArrivals(start - 3 * DAY, start, 500, random));
		const importAt = start + 2 * MINUTE - 30_000;
		const imported = service.contacts.schedule(
			Array.from({ length: IMPORTED }, (_, i) => ({ at: importAt + i })),
		);
		const later = [...imported];
		const sim = new TriggerSimulation({
			service,
			clock,
			options: { maxPerPoll: MAX_PER_POLL },
			credentials: { requestsPerMinute },
		});
		const activation = await sim.pollAt(start);
		if (activation.error) throw new Error(`the activation threw: ${activation.error}`);
		let polls: number | undefined;
		const requestsBefore = () => service.log.length;
		let sentAtImport = 0;
		for (let n = 1, at = start + MINUTE; n <= MAX_POLLS + 2; n++, at += MINUTE) {
			later.push(...service.contacts.schedule([{ at: at - 40_000 }, { at: at - 10_000 }]));
			if (n === 2) sentAtImport = requestsBefore();
			await sim.pollAt(Math.max(at, clock.now()));
			if (n >= 2 && imported.every((r) => sim.emittedAt.has(r.id))) {
				polls = n - 1;
				break;
			}
		}
		const requests = requestsBefore() - sentAtImport;
		// Quiet polls until the contacts after the import came too.
		for (let n = 0; n < 60; n++) await sim.pollAt(clock.now() + MINUTE);
		const created = later.filter((r) => r.visibleAt > activation.end);
		return {
			order,
			requestsPerMinute,
			polls,
			requests,
			missing: created.filter((r) => !sim.emittedAt.has(r.id)).length,
			repeated: sim.repeated.length,
			seconds: (Date.now() - started) / 1000,
		};
	} finally {
		await close();
	}
}

export async function benchImport(): Promise<void> {
	console.log(
		`(import) New Contact catching up with an import of ${IMPORTED.toLocaleString('en-US')} contacts: polls every minute, page cap ${CAP}, Max Contacts per Poll ${MAX_PER_POLL}, 2 contacts between polls`,
	);
	console.log(
		'| Requests per Minute (share) | results | polls from the import to its last contact | formula (ordered) | requests of those polls | every contact once | real time |',
	);
	console.log('|---|---|---|---|---|---|---|');
	for (const rate of RATES)
		for (const order of ORDERS) {
			const r = await benchImportRow(order, rate);
			const share = Math.max(1, Math.floor(rate / 4));
			const formula =
				order === 'unordered' ? '-' : String(importPollsFormula(IMPORTED, CAP, share));
			const once =
				r.missing === 0 && r.repeated === 0
					? 'yes'
					: `no: ${r.missing} missing, ${r.repeated} repeated`;
			console.log(
				`| ${rate} (${share}) | ${order} | ${r.polls ?? `not within ${MAX_POLLS}`} | ${formula} | ${r.requests} | ${once} | ${r.seconds.toFixed(0)} s |`,
			);
		}
}
