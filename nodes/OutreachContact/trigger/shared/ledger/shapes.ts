import type { Order } from '../serviceTime';
import type { ZoneLag } from './zoneLag';

/**
 * The shapes of each event's state (docs/trigger.md, "The ledger"), one per mode, and its bound.
 * Only the ledger (this folder) builds or changes one; the readers get them read-only.
 */

/** The most bytes one event's state takes in the static data, as JSON in UTF-8. */
export const MAX_STATE_BYTES = 512 * 1024;

/** The longest contact id the trigger keeps; a longer one is logged once and not emitted. */
export const MAX_ID_LENGTH = 64;

/** The most contacts found deleted a New Contact state keeps (`deleted`). */
export const MAX_DELETED = 20;

/** The most ids kept as logged once (the oldest go first). */
export const MAX_LOGGED = 50;

export const NEW_CONTACT_KEY = 'outreachContactPoll';
export const ENRICHED_KEY = 'outreachContactEnrichedPoll';

/** The bytes of a text in UTF-8 (how n8n stores the static data), counted without a Buffer. */
export function utf8Bytes(text: string): number {
	let bytes = 0;
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		if (code < 0x80) bytes += 1;
		else if (code < 0x800) bytes += 2;
		else if (code >= 0xd800 && code <= 0xdbff) {
			bytes += 4; // a surrogate pair: one character of four bytes
			i++;
		} else bytes += 3;
	}
	return bytes;
}

export const stateBytes = (state: unknown) => utf8Bytes(JSON.stringify(state));

/** Whether a stored value is a number a state may hold (a time, a count, a page). */
export const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A stored count of at least `min`, floored; undefined when it is not one. */
export const count = (v: unknown, min = 0) => (isTime(v) && v >= min ? Math.floor(v) : undefined);

/** The version this code writes and the versions it reads, for both events. */
export const STATE_VERSION = 2;

/** Where a walk of the whole window stands (shared/walk.ts). */
export interface Walk {
	/** The next page to read. */
	page: number;
	/** The window (`Less than` days) of the whole walk. */
	days: number;
	/** The third newest creation time this walk read (null: fewer read), dates far ahead left out. */
	newest: number | null;
	/** The newest creation times read, at most three, newest first: what `newest` is taken from. */
	tops?: number[];
	/** What the walk saw of the order so far: times rose, fell; the last one read. */
	rises?: boolean;
	falls?: boolean;
	last?: number;
	/** The last page it may read: pageAllowance() of what its first page announced. */
	limit?: number;
	/** Contacts created after this wait for a later walk (the walk's ceiling). */
	ceiling?: number;
	/** The largest count of results a page of this walk reported. */
	total?: number;
	/**
	 * Contacts left the window while the walk read (days passed, or they were deleted), and those
	 * after them may have moved onto pages already read: the walk proves nothing. A walk that reads
	 * back (walkAnchor.ts) is marked only where it could not: its anchor not met, or the count
	 * falling again at the page it read back from; others when a page reports fewer.
	 */
	shrank?: boolean;
	/** A walk that stands for "what was there": where its last page ended (walkAnchor.ts). */
	anchor?: WalkAnchor;
	/** Reading back from `from` (the list shrank) for the anchor; `recheck`: its page again in a new poll (walkAnchor.ts). */
	readingBack?: { from: number; recheck?: true };
	/** The last page from which it read back: not twice in a row from one page, so the walk ends. */
	readBackFrom?: number;
}

/** The last ids a walk read, their page's first (`head`) and the count it reported (walkAnchor.ts). */
export interface WalkAnchor {
	ids: string[];
	total?: number;
	head?: string[];
	/** How far the walk last found it moved on between two polls: the next guess (anchorGuess.ts). */
	moved?: number;
}

/** The first walk completing a sample without an order (sampling.ts). */
export interface Sampling {
	/** n8n's clock at the activation. */
	from: number;
	/** The newest dates met, each less the time since the activation, newest first (at most 203). */
	tops: number[];
	/** Their contacts' ids, one for one ('' without one): a contact met again counts once. */
	topIds?: string[];
	/** Whether a date without a zone was met: n8n's clock then cannot cap the cutoff. */
	zoneless?: boolean;
	/** The newest date met as it is (with a zone, what the cutoff may rise to less the overlap). */
	highestDate?: number;
	/** The sample's window (`Less than` days) and the count of results it reported. */
	days: number;
	total?: number;
	/** How far the count grew since on that window: contacts added while the walk reads. */
	added?: number;
	/** The walk was cut short and went on (sampling.ts, `restarted`; after that, `goesOn`). */
	restarted?: boolean;
}

/** The activation's sample kept beside the order it took, until that order is proved (orderProof.ts). */
export type OrderedSample = Sampling & { order: Order };

/** Where the next poll goes on, in pages from the new end: a bisection that ran out of budget, or a range that stopped short of the new end. */
export interface Boundary {
	lo: number;
	hi: number;
	/** The count of results it was made at. */
	count: number;
	/**
	 * The newest date a poll emitted as it stored it (one that emitted nothing carries it over): a
	 * page of known contacts beyond it stands for the handled ones only with one dated at most this.
	 */
	emittedTo?: number;
	/** Oldest first, before a range was taken: the page that reached the handled contacts (newBetween). */
	handledPage?: number;
	/**
	 * Oldest first: the range stopped where the count shrank between its pages, with no request
	 * left to tell whether they join (pageJoin.ts, nextTo). The next poll reads the page after the
	 * boundary's before it: read falling, a deletion between the two makes them overlap.
	 */
	falling?: boolean;
	/** Newest first: the poll that stored it left Max Contacts per Poll waiting; the next reads from its page. */
	fullPoll?: boolean;
}

/** What every event's state holds. */
export interface LedgerState {
	version: typeof STATE_VERSION;
	/** When the trigger first polled for this event (n8n's clock). Informational. */
	baseline: number;
	/** Contacts created before it are never emitted (service timestamps). */
	floor: number;
	/** Ids emitted or recorded and created at or after the floor: id -> creation time. */
	seen: Record<string, number>;
	/** Ids logged as contacts the trigger cannot place, so that each is logged once. */
	logged: string[];
	/** The page size the service served. */
	pageSize?: number;
}

export interface NewContactBase extends LedgerState {
	/** Contacts created at or before it were there at the first activation. */
	cutoff: number | null;
	/** Every contact from the floor up to it was emitted or recorded without a gap. */
	handledTo: number | null;
	/** How far the service's dates without a zone lag n8n's clock, once a poll met some. */
	zoneLag?: ZoneLag;
	/** A floor an older version stored ahead of n8n's clock, until a walk records below it (priorFloor.ts). */
	priorFloor?: PriorFloor;
}

/** A stored floor that was ahead of n8n's clock, until the walk after it records (priorFloor.ts). */
export interface PriorFloor {
	/** The floor as stored: meanwhile the cutoff (cutoffIn), so contacts below it count as handled. */
	at: number;
	/** How many contacts between the floor and it the walk recorded so far. */
	recorded: number;
}

/** New Contact reading by the service's order, or walking the whole window. */
export type NewContactState =
	| (NewContactBase & {
			mode: 'ordered';
			order: Order;
			/** The count of results at the last poll. */
			count?: number;
			/** Positions from the new end the rolling check has covered in this round. */
			checkedTo: number;
			/** Where this round of the check began (the service's dates): the third newest its read met, else the handled point. */
			roundFrom?: number;
			/** Where the last complete round began: all searchable then was checked (the floor stays an overlap below). */
			checkedFrom?: number;
			boundary?: Boundary;
			/** The last check read no page (the share was spent): the new end's page of known contacts stands for the handled ones (poll.ts). */
			checkWaited?: true;
			/**
			 * Emit Contacts From the Last N Days, until anything is handled: the third newest date
			 * the activation's sample read at or above the floor. The N days' oldest contact is dated
			 * at most this; a first range whose new contacts are all newer is not trusted (orderedRead.ts).
			 */
			backlogBy?: number;
			/** The sample whose order the activation took, until the floor passes it (orderProof.ts). */
			orderedSample?: OrderedSample;
			/** Ids of `seen` a range left out that answered 404 (leftOutLookup.ts), at most MAX_DELETED. */
			deleted?: string[];
			/** The oldest new contacts polls left waiting that still wait, at most WAITING_WITNESSES: id → time. */
			leftWaiting?: Record<string, number>;
			/** N days: the oldest of the sample's that still wait, id → time; never refilled (witnesses.ts, `sampleWitnesses`). */
			sampleWaiting?: Record<string, number>;
	  })
	| (NewContactBase & {
			mode: 'walking';
			/** Null: a walk starts at the next poll. */
			walk: (Walk & { previous: number | null; widened?: number }) | null;
			/** While the walk completes the activation's sample: it emits nothing (sampling.ts). */
			sampling?: Sampling;
	  });

export interface EligibleBase extends LedgerState {
	/**
	 * The walks read contacts updated since then (n8n's clock): after a complete walk that left
	 * nothing waiting, the start of the walk before it (docs/trigger.md, "The state").
	 */
	since: number;
	/** `before`: when the walk before this one started (n8n's clock), once one has ended. */
	/** `widened`: the walk's window is that many days wider than since's (a walk before it shrank). */
	walk: Walk & { startedAt: number; before?: number; widened?: number };
}

/**
 * The eligible events (Contact Enriched, Contact Snippets Ready): the first walk after the activation records what was there (created at or
 * before `cutoff`); then walks alone (no order), or walks and reads the new end (an order).
 */
export type EligibleState =
	| (EligibleBase & {
			mode: 'first';
			cutoff: number;
			/** While the walk completes the activation's sample: it records nothing (sampling.ts). */
			sampling?: Sampling;
			/** The sample whose order this walk proves (orderProof.ts). */
			orderedSample?: OrderedSample;
	  })
	| (EligibleBase & { mode: 'walking' })
	| (EligibleBase & { mode: 'newEnd'; order: Order; lastPage?: number });

export type EventState = NewContactState | EligibleState;

/** A stored state as read: the state, a problem that makes it unusable, or a newer version's. */
export interface StoredState<S> {
	state?: S;
	problem?: string;
	newer?: { stored: number; known: number };
}
