import { toWholeNumber } from '../../nodes/OutreachContact/helpers/input';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_ASKED } from '../../nodes/OutreachContact/paging/pageCursor';
import { endpoints, searchContacts } from '../../nodes/OutreachContact/transport/api';
import { parseCreatedTime } from '../../nodes/OutreachContact/trigger/shared/serviceTime';
import type { Contact, SearchPage } from '../../nodes/OutreachContact/types';
import { describeAnswer, nodeError } from './client';
import { clockFinding, dateFormat } from './dates';
import { httpCodeOf, viaNodes, type Probe } from './probe';

/**
 * The search probes: the largest page size, the page after the last, the result order, the
 * format of created_date and the service's clock. One or two pages of all the account's
 * contacts are read, as the nodes' pager reads them (PAGE_SIZE_ASKED first, the documented
 * default after a refusal); the lines quote their created dates and ids, no other contact data.
 */

export interface SearchSample {
	/** The contacts of the pages read, in the order served. */
	contacts: Contact[];
	/** The Date header of page 1's answer. */
	dateMs?: number;
}

const searchText = (page: number, size: number) =>
	`POST ${endpoints.contactSearch} {conditions: [], page: ${page}, page_size: ${size}}`;

async function searchPage(probe: Probe, page: number, size: number) {
	return await viaNodes(
		probe,
		async () => await searchContacts(probe.ctx, [], page, size, { checkContacts: true }),
	);
}

function pageFacts(page: SearchPage) {
	const p = (page.pagination ?? {}) as unknown as Record<string, unknown>;
	const reported = toWholeNumber(p.page_size);
	return {
		// As the pager's cursor reads it: a page_size below 1 counts as missing.
		reported: reported !== undefined && reported >= 1 ? reported : undefined,
		total: toWholeNumber(p.total_contacts),
		totalPages: toWholeNumber(p.total_pages),
		count: page.contacts.length,
	};
}

/** Page 1 with the largest size the nodes ask, then page 2 and the page after the last. */
export async function probeSearch(probe: Probe): Promise<SearchSample> {
	const topic = 'search page size';
	let asked = searchText(1, PAGE_SIZE_ASKED);
	let size = PAGE_SIZE_ASKED;
	let first = await searchPage(probe, 1, size);
	const status = first.ok ? undefined : httpCodeOf(first.error);
	if (status === 400 || status === 422) {
		const refusal = first.answer ? describeAnswer(first.answer) : String(status);
		size = DEFAULT_PAGE_SIZE;
		asked += ` (answered ${refusal}), then page_size ${size}, as the pager does after a refusal`;
		first = await searchPage(probe, 1, size);
	}
	const got = first.answer ? describeAnswer(first.answer) : 'no answer';
	if (!first.ok) {
		const nodes = `Search and the trigger fail: ${nodeError(first.error)}`;
		probe.report.add({ verdict: 'NOT HANDLED', topic, asked, got, nodes });
		return { contacts: [] };
	}
	const { reported, total, totalPages, count } = pageFacts(first.value);
	// The size the pager reads every later page in (PageCursor.record).
	const used = reported ?? size;
	const expected = Math.min(used, total ?? count);
	const facts = `page_size ${reported ?? '(missing)'}, ${count} contacts, total_contacts ${total ?? '(missing)'}, total_pages ${totalPages ?? '(missing)'}`;
	if (count < expected) {
		const nodes = `the page holds ${count} contacts where page_size ${used} and total_contacts ${total ?? '(missing)'} promise ${expected}: the pager starts page 2 at contact ${used + 1} and would skip ${expected - count} contacts a page; check the service's largest page size and what it reports`;
		probe.report.add({ verdict: 'NOT HANDLED', topic, asked, got: `200 ${facts}`, nodes });
	} else {
		const pages =
			total === undefined
				? 'as many pages as it takes'
				: `${Math.max(1, Math.ceil(total / used))} request(s) for these ${total} contacts`;
		const nodes = `Search's Return All, the trigger and Add's look-up read pages of ${used}${reported !== undefined && reported !== size ? ` (the size the service reports, not the ${size} asked)` : ''}: ${pages}`;
		probe.report.add({ verdict: 'handled', topic, asked, got: `200 ${facts}`, nodes });
	}
	const contacts = [...first.value.contacts];
	const lastPage = totalPages ?? (total !== undefined ? Math.ceil(total / used) : 1);
	if (lastPage >= 2) {
		const second = await searchPage(probe, 2, used);
		if (second.ok) contacts.push(...second.value.contacts);
		else {
			const nodes = `Search and the trigger fail on page 2: ${nodeError(second.error)}`;
			const got2 = second.answer ? describeAnswer(second.answer) : 'no answer';
			probe.report.add({
				verdict: 'NOT HANDLED',
				topic: 'search page 2',
				asked: searchText(2, used),
				got: got2,
				nodes,
			});
		}
	}
	await probePastEnd(probe, Math.max(1, lastPage) + 1, used);
	return { contacts, dateMs: first.answer?.dateMs };
}

/** The page after the last: the pager's reading of a list that shrank while it was read. */
async function probePastEnd(probe: Probe, page: number, size: number): Promise<void> {
	const topic = 'search page after the last';
	const asked = searchText(page, size);
	const outcome = await searchPage(probe, page, size);
	const got = outcome.answer ? describeAnswer(outcome.answer) : 'no answer';
	const status = outcome.ok ? outcome.answer?.status : httpCodeOf(outcome.error);
	if (!outcome.ok && status === 404) {
		const nodes =
			'the pager reads a 404 for a page after the first as "the list shrank while it was read" and reads again from page 1';
		probe.report.add({ verdict: 'handled', topic, asked, got, nodes });
	} else if (outcome.ok && outcome.value.contacts.length === 0) {
		const nodes =
			'an empty page ends the walk (a list that shrank while it was read shows in total_contacts)';
		probe.report.add({ verdict: 'handled', topic, asked, got, nodes });
	} else if (outcome.ok) {
		const nodes = `the service serves ${outcome.value.contacts.length} contacts past its last page: the pager stops at the first page with nothing new and marks the search as inconsistent (an execution hint); check its pagination`;
		probe.report.add({ verdict: 'NOT HANDLED', topic, asked, got, nodes });
	} else {
		const nodes = `a search whose list shrinks while it is read fails (${nodeError(outcome.error)}) instead of reading again; the nodes expect a 404 or an empty page here`;
		probe.report.add({ verdict: 'NOT HANDLED', topic, asked, got, nodes });
	}
}

const ORDER_EFFECT = {
	newest:
		'the trigger reads from the front of the list, where new contacts are, until a page holds nothing new: two requests a quiet poll',
	oldest:
		'the trigger reads from the end of the list, where new contacts are, until a page holds nothing new: two requests a quiet poll',
	unordered:
		'the trigger reads its whole window (two or three days of contacts), a walk spread over as many polls as it needs: exact, but new contacts come later and cost more requests on a busy account (docs/trigger.md)',
};

/** The order of the results, from their created dates as served. */
export function probeOrder(probe: Probe, sample: SearchSample): void {
	const times = sample.contacts
		.map((contact) => parseCreatedTime(contact.created_date))
		.filter((time): time is number => time !== undefined);
	let rises = 0;
	let falls = 0;
	for (let i = 1; i < times.length; i++) {
		if (times[i] > times[i - 1]) rises++;
		else if (times[i] < times[i - 1]) falls++;
	}
	const topic = 'search result order';
	const asked = `the created_date of the ${sample.contacts.length} contacts read, in the order served`;
	if (rises + falls === 0) {
		const got = `${times.length} readable created dates${times.length > 1 ? ', all equal' : ''}`;
		const nodes = 'too few to tell; the trigger learns the order itself';
		probe.report.add({ verdict: 'not checked', topic, asked, got, nodes });
		return;
	}
	const order = rises > 0 && falls > 0 ? 'unordered' : falls > 0 ? 'newest' : 'oldest';
	const words = { newest: 'newest first', oldest: 'oldest first', unordered: 'no order' }[order];
	const got = `${words} (${falls} steps back in time, ${rises} forward)`;
	probe.report.add({ verdict: 'handled', topic, asked, got, nodes: ORDER_EFFECT[order] });
}

/** The format of created_date over the sample, and whether the nodes read every value. */
export function probeCreatedDates(probe: Probe, sample: SearchSample): void {
	const topic = 'created_date format';
	const asked = `the created_date of the ${sample.contacts.length} contacts read`;
	if (sample.contacts.length === 0) {
		const nodes = 'the account has no contacts to read (--write adds one)';
		probe.report.add({ verdict: 'not checked', topic, asked, got: 'no contacts', nodes });
		return;
	}
	const formats = new Map<string, { count: number; example: unknown; readable: boolean }>();
	for (const contact of sample.contacts) {
		const format = dateFormat(contact.created_date);
		const entry = formats.get(format.text) ?? {
			count: 0,
			example: contact.created_date,
			readable: format.readable,
		};
		entry.count++;
		formats.set(format.text, entry);
	}
	const got = [...formats]
		.map(([text, f]) => `${f.count} × ${text} (e.g. ${JSON.stringify(f.example)})`)
		.join('; ');
	const unreadable = [...formats.values()]
		.filter((f) => !f.readable)
		.reduce((n, f) => n + f.count, 0);
	if (unreadable > 0) {
		const nodes = `the trigger cannot place ${unreadable} of them in time: it skips those contacts with a warning and never emits them; tell the maintainers this format`;
		probe.report.add({ verdict: 'NOT HANDLED', topic, asked, got, nodes });
	} else {
		const nodes =
			'the trigger reads every one (parseCreatedTime; no zone is read as UTC); Get, Search and Simplify output it as written';
		probe.report.add({ verdict: 'handled', topic, asked, got, nodes });
	}
}

/** The service's clock (Date header) against the newest created_date, as the nodes read it. */
export function probeClock(probe: Probe, sample: SearchSample): void {
	let newest: string | undefined;
	let newestMs = -Infinity;
	for (const contact of sample.contacts) {
		const ms = parseCreatedTime(contact.created_date);
		if (ms !== undefined && ms > newestMs) [newest, newestMs] = [String(contact.created_date), ms];
	}
	probe.report.add(clockFinding(newest, sample.dateMs));
}
