import type { PageReader, ReadPage } from '../../paging/pageReader';
import { pageAllowance } from '../../paging/searchPages';
import type { Contact } from '../../types';
import { OrderWatch, type ResultOrder } from './order';
import { parseCreatedTime } from './timeRules';
import { aboveCeiling } from './walkCeiling';

/**
 * A read of every page of a window that goes on over as many polls as it needs (docs/trigger.md,
 * "Without an order"). Each poll reads from where the last stopped, as far as its budget and
 * Max Contacts per Poll allow, and what it finds new is emitted as it goes. New contacts can
 * land on pages already read: they come with the next walk, which the floor waits for.
 */
export interface WalkPosition {
	/** The next page to read. */
	page: number;
	/** The newest creation time this walk read (not counting dates far ahead). */
	newest: number | null;
	/** What the walk saw of the order so far. */
	rises?: boolean;
	falls?: boolean;
	last?: number;
	/** The last page the walk may read: pageAllowance() of what its first page announced. */
	limit?: number;
	/** Contacts created after this wait for a later walk (walkCeiling.ts); none when absent. */
	ceiling?: number;
}

/**
 * A stored walk position (the fields every event's walk has), or undefined when any is not as
 * written: `page` and the window's `days` are required, the rest optional.
 */
export function readWalkPosition(
	raw: unknown,
): (WalkPosition & { days: number; w: Record<string, unknown> }) | undefined {
	if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
	const w = raw as Record<string, unknown>;
	const time = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
	if (!time(w.page) || w.page < 1 || !time(w.days)) return undefined;
	const walk = { page: Math.floor(w.page), days: w.days, newest: time(w.newest) ? w.newest : null };
	const position: WalkPosition & { days: number } = walk;
	if (w.rises === true) position.rises = true;
	if (w.falls === true) position.falls = true;
	if (time(w.last)) position.last = w.last;
	if (time(w.limit) && w.limit >= 1) position.limit = w.limit;
	if (time(w.ceiling)) position.ceiling = w.ceiling;
	return { ...position, w };
}

export interface WalkStep {
	/** The pages read, to collect: without the contacts above the walk's ceiling (they wait). */
	pages: ReadPage[];
	position: WalkPosition;
	/** True when the walk read its last page: the next poll starts a new one. */
	complete: boolean;
	/** After a complete walk: the order its pages showed (undefined: too few times to tell). */
	order?: ResultOrder;
	/** Set when the service's pagination did not add up and the walk ended early: what came back. */
	inconsistent?: string;
}

export interface WalkInput {
	reader: PageReader;
	position: WalkPosition;
	maxPerPoll: number;
	/** True for a contact that is not new. */
	isKnown(contact: Contact): boolean;
	/** Dates after this are not taken for the walk's newest (they wait, see the collector). */
	latest: number;
	/** At most this many pages this poll (the budget still applies). */
	maxPages?: number;
	/** The walk's ceiling, decided on its first page (walkCeiling.ts); none when absent. */
	ceilingOf?(first: ReadPage): number | undefined;
}

export async function walkStep(input: WalkInput): Promise<WalkStep> {
	const { reader, isKnown } = input;
	const position: WalkPosition = { ...input.position };
	const watch = OrderWatch.resume(position);
	const pages: ReadPage[] = [];
	const fresh = new Set<unknown>();
	let previous: ReadPage | undefined;
	for (;;) {
		if (input.maxPages !== undefined && pages.length >= input.maxPages) {
			return { pages, position, complete: false };
		}
		const read = await reader.read(position.page);
		if (!read) return { pages, position, complete: false };
		// Decided again at every first page; undefined (none) replaces one stored before.
		if (position.page === 1 && input.ceilingOf) position.ceiling = input.ceilingOf(read);
		const before = fresh.size;
		for (const c of read.contacts) {
			if (!isKnown(c) && !aboveCeiling(c, position.ceiling)) fresh.add(c?.id);
		}
		// More new contacts than one poll emits: a page that would overflow is left for the next
		// poll (unless it is the first with any), so that the oldest of what was read are what is
		// emitted and no page with a contact left out is passed over.
		if (fresh.size > input.maxPerPoll && before > 0) return { pages, position, complete: false };
		if (previous && read.contacts.length > 0 && sameIds(previous.contacts, read.contacts)) {
			const inconsistent = `page ${read.page} repeated page ${previous.page}; the walk ended there`;
			return { pages, position, complete: true, order: watch.order, inconsistent };
		}
		if (position.limit === undefined && read.pages !== undefined) {
			position.limit = pageAllowance(Math.max(read.pages, position.page));
		}
		const { ceiling } = position;
		const below = read.contacts.filter((c) => !aboveCeiling(c, ceiling));
		pages.push(below.length === read.contacts.length ? read : { ...read, contacts: below });
		previous = read;
		watch.add(read.contacts);
		Object.assign(position, watch.snapshot());
		for (const c of read.contacts) {
			const t = parseCreatedTime(c?.created_date);
			if (t !== undefined && t <= input.latest) position.newest = Math.max(position.newest ?? t, t);
		}
		if (fresh.size > input.maxPerPoll) return { pages, position, complete: false };
		const last =
			read.gone ||
			read.contacts.length === 0 ||
			(read.pages !== undefined
				? position.page >= read.pages
				: read.contacts.length < read.pageSize);
		if (last) return { pages, position, complete: true, order: watch.order };
		if (position.limit !== undefined && position.page >= position.limit) {
			const inconsistent = `the walk's first page announced fewer pages, yet page ${position.page} still reported more; the walk ended there`;
			return { pages, position, complete: true, order: watch.order, inconsistent };
		}
		position.page++;
		if (fresh.size === input.maxPerPoll) return { pages, position, complete: false };
	}
}

function sameIds(a: Contact[], b: Contact[]): boolean {
	return a.length === b.length && a.every((c, i) => c?.id === b[i]?.id);
}
