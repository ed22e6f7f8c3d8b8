// Request counters, for assertions in tests and for benchmarks.

/** One answered request, in `SandboxStats.log` when it is on. */
export interface RequestRecord {
	/** When the request arrived (epoch ms, the sandbox's clock). */
	at: number;
	/** When its answer was sent (after the sandbox's latency). */
	answeredAt: number;
	status: number;
	route: string;
	/** The client's port: tells the connections (and so the client processes) apart. */
	port: number | undefined;
	/** `email` of a POST body, when it had one (also for rejected requests). */
	email?: string;
	/** The properties of a search's conditions, in order, when the body was a search. */
	searched?: string[];
}

export class SandboxStats {
	/**
	 * Every answered request, in order of answer, while this is an array (`stats.log = []` turns
	 * it on; undefined, the default, keeps nothing). With the log on, POST bodies are read before
	 * the rate limit decides, so that rejected requests show their email too.
	 */
	log: RequestRecord[] | undefined;

	/** All answered requests. */
	requests = 0;
	/** Requests by route, e.g. "POST /contact/" or "GET /contact/<id>/"; unknown paths count as "unmatched". */
	byPath: Record<string, number> = {};
	/** Requests by HTTP status, e.g. { "200": 10, "429": 2 }. */
	byStatus: Record<string, number> = {};
	/** Requests by route and then status. */
	byPathStatus: Record<string, Record<string, number>> = {};
	/** Requests answered 429 by the rate limiter (forced 429s are not counted here). */
	rateLimited = 0;
	/** Contacts created through POST /contact/ (duplicates excluded). */
	contactsCreated = 0;
	/** Requests currently being handled, including any injected latency. */
	inFlight = 0;
	/** Highest inFlight seen. */
	peakInFlight = 0;

	requestStarted(): void {
		this.inFlight++;
		this.peakInFlight = Math.max(this.peakInFlight, this.inFlight);
	}

	requestFinished(route: string, status: number): void {
		this.inFlight--;
		this.requests++;
		this.byPath[route] = (this.byPath[route] ?? 0) + 1;
		this.byStatus[status] = (this.byStatus[status] ?? 0) + 1;
		const perRoute = (this.byPathStatus[route] ??= {});
		perRoute[status] = (perRoute[status] ?? 0) + 1;
	}

	/** Zeroes every counter except inFlight (requests still running). */
	reset(): void {
		this.requests = 0;
		this.byPath = {};
		this.byStatus = {};
		this.byPathStatus = {};
		this.rateLimited = 0;
		this.contactsCreated = 0;
		this.peakInFlight = this.inFlight;
	}
}
