import { NodeApiError, type INode, type IPollFunctions } from 'n8n-workflow';

import type { ReadPage } from '../../nodes/OutreachContact/paging/pageReader';
import { searchContacts } from '../../nodes/OutreachContact/transport/api';
import { Withheld } from '../../nodes/OutreachContact/transport/retry';
import type {
	EventPoll,
	EventPollFunction,
} from '../../nodes/OutreachContact/trigger/shared/eventPoll';
import { RequestBudget } from '../../nodes/OutreachContact/trigger/shared/budget';
import { pollSettings } from '../../nodes/OutreachContact/trigger/pollRunner';
import { eventOf, TRIGGER_EVENTS } from '../../nodes/OutreachContact/trigger/events';
import {
	createdTime,
	parseCreatedTime,
} from '../../nodes/OutreachContact/trigger/shared/serviceTime';
import { toStored } from '../../nodes/OutreachContact/trigger/shared/ledger/stored';
import { type EventState } from '../../nodes/OutreachContact/trigger/shared/ledger/shapes';
import { testHooks } from '../../nodes/OutreachContact/testHooks';
import type { Contact, SearchCondition, SearchPage } from '../../nodes/OutreachContact/types';
import { TestClock } from '../../harness/testClock';

/**
 * The trigger's reads in unit tests, without HTTP: a test file that uses these mocks the
 * transport's search first (`jest.mock('<path>/transport/api', () => ({ searchContacts:
 * jest.fn() }))`); `FakeSearch.install()` then answers it.
 */

export const testNode = {
	id: 'n',
	name: 'Trigger',
	type: 't',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
} as INode;

/** A poll context with only what the readers use (the node, for errors). */
export const pollContext = { getNode: () => testNode } as unknown as IPollFunctions;

/** A contact created at `created` (epoch ms, written as ISO 8601 UTC), or with a date as given. */
export function contactAt(id: number, created: number | string): Contact {
	return {
		id,
		email: `c${id}@example.com`,
		created_date: typeof created === 'number' ? new Date(created).toISOString() : created,
	};
}

/** The instant `ms` as a service writes it without a zone (`2026-11-26 12:00:00`). */
export const zonelessDate = (ms: number) =>
	new Date(ms)
		.toISOString()
		.replace('T', ' ')
		.replace(/\.\d+Z$/, '');

/** Page 1 of 25 holding contacts 1, 2, ... created at `dates`. */
export const pageOf = (dates: string[]): ReadPage => ({
	page: 1,
	pageSize: 25,
	contacts: dates.map((date, i) => contactAt(i + 1, date)),
});

export const idsOf = (contacts: Array<{ id: unknown }>) => contacts.map((c) => c.id);

/** An error of the transport with an HTTP status, as the search throws it. */
export function httpError(status: number): NodeApiError {
	return new NodeApiError(
		testNode,
		{ message: `status ${status}` },
		{ message: `The service answered ${status}`, httpCode: String(status) },
	);
}

/** How the fake lists its contacts: by creation time (then id), or as the test put them. */
export type ListOrder = 'newest' | 'oldest' | 'asListed';

/**
 * The service's contact search over `contacts`: pages of at most `cap` (the size it reports),
 * `total_contacts` and `total_pages`, 404 for a page past the last one. `inWindow` decides which
 * contacts the conditions match (all by default: the trigger's floor is what the tests check).
 */
export class FakeSearch {
	contacts: Contact[] = [];

	/** Every request, in order: the page, the size asked, the conditions. */
	readonly requests: Array<{ page: number; pageSize: number; conditions: SearchCondition[] }> = [];

	/** Runs before each answer: adds contacts while a poll reads, say. */
	beforeAnswer: ((page: number) => void) | undefined;

	inWindow: (contact: Contact, conditions: SearchCondition[]) => boolean = () => true;

	constructor(
		public order: ListOrder = 'newest',
		public cap = 100,
		contacts: Contact[] = [],
	) {
		this.contacts = contacts;
	}

	/** The matching contacts in the order the service lists them. */
	listed(conditions: SearchCondition[] = []): Contact[] {
		const matching = this.contacts.filter((c) => this.inWindow(c, conditions));
		if (this.order === 'asListed') return matching;
		const sign = this.order === 'newest' ? -1 : 1;
		return matching
			.map((c) => ({ c, t: this.timeOf(c) }))
			.sort((a, b) => sign * (a.t - b.t || a.c.id - b.c.id))
			.map((e) => e.c);
	}

	/** Parsed times, kept while a contact's date stays the same (long lists are sorted often). */
	private readonly times = new WeakMap<Contact, { date: unknown; t: number }>();

	private timeOf(c: Contact): number {
		const known = this.times.get(c);
		if (known && known.date === c.created_date) return known.t;
		const t = parseCreatedTime(c.created_date) ?? 0;
		this.times.set(c, { date: c.created_date, t });
		return t;
	}

	readonly answer = async (
		_ctx: unknown,
		conditions: SearchCondition[],
		page: number,
		pageSize: number,
		options?: { permit?: () => boolean },
	): Promise<SearchPage> => {
		// As the transport does: the permit right before the send, and nothing sent without it.
		if (options?.permit && !options.permit()) throw new Withheld();
		this.requests.push({ page, pageSize, conditions });
		this.beforeAnswer?.(page);
		const items = this.listed(conditions);
		const size = Math.min(pageSize, this.cap);
		const pages = Math.ceil(items.length / size);
		if (page > Math.max(1, pages)) throw httpError(404);
		return {
			contacts: items.slice((page - 1) * size, page * size),
			pagination: { total_contacts: items.length, page, total_pages: pages, page_size: size },
		};
	};

	/** Makes this the answer of the (mocked) transport search. */
	install(): this {
		jest.mocked(searchContacts).mockImplementation(this.answer);
		return this;
	}

	/** The page numbers asked, in order. */
	get pagesAsked(): number[] {
		return this.requests.map((r) => r.page);
	}
}

let triggers = 0;

/** A budget that never stops a poll (a trigger of its own, no deadline). */
export function unboundedBudget(): RequestBudget {
	return new RequestBudget(`unbounded ${++triggers}`, Number.MAX_SAFE_INTEGER, Infinity);
}

export interface PollRun<S> {
	stored?: S;
	start: number;
	maxPerPoll?: number;
	initialDays?: number;
	budget?: RequestBudget;
	sequenceId?: number;
	/** The event whose entry (search, eligibility) the poll runs under; default: the first with `poll`. */
	event?: string;
}

/** One poll of an event against `search`, as pollRunner.ts runs it; `requests`: what it sent. */
export async function runEventPoll<S>(
	poll: EventPollFunction<S>,
	search: FakeSearch,
	run: PollRun<S>,
): Promise<EventPoll<S> & { requests: number }> {
	search.install();
	const before = search.requests.length;
	const entry = run.event ? eventOf(run.event) : TRIGGER_EVENTS.find((e) => e.poll === poll)!;
	const outcome = await poll({
		ctx: pollContext,
		stored: run.stored,
		start: run.start,
		sequenceId: run.sequenceId,
		settings: pollSettings({ maxPerPoll: run.maxPerPoll, initialDays: run.initialDays }),
		budget: run.budget ?? unboundedBudget(),
		time: createdTime,
		search: entry.search,
		wants: entry.wants,
	});
	return { ...outcome, requests: search.requests.length - before };
}

/**
 * `runEventPoll` of one event whose state comes back as n8n stores it: through JSON and `read`
 * (what the next poll of a test is given).
 */
export function storedStatePoll<S extends EventState>(
	poll: EventPollFunction<S>,
	read: (raw: unknown) => { state?: S },
) {
	return async (search: FakeSearch, run: PollRun<S>) => {
		const out = await runEventPoll(poll, search, run);
		return { ...out, state: throughJson(out.state, read) };
	};
}

/**
 * A state as n8n stores it and reads it back: in the stored names (toStored), through JSON and
 * the event's reader.
 */
export function throughJson<S extends EventState>(
	state: S,
	read: (raw: unknown) => { state?: S },
): S {
	return read(JSON.parse(JSON.stringify(toStored(state)))).state!;
}

/**
 * A TestClock (time still unless moved) as the nodes' clock for each test of the file, and a
 * process without trigger memory (as after a restart); returns the current test's clock.
 */
export function useTestClockPerTest(start: number): () => TestClock {
	let clock: TestClock;
	let restore: () => void;
	beforeEach(() => {
		clock = new TestClock({ start, sleep: 'still' });
		restore = testHooks.useClock(clock);
		testHooks.forgetTriggerStates();
	});
	afterEach(() => restore());
	return () => clock;
}
