import { count, isTime, MAX_ID_LENGTH, type Boundary, type Walk, type WalkAnchor } from './shapes';
import { ANCHOR_IDS } from '../walkAnchor';

/**
 * How the positions a read keeps (a walk, a bisection's boundary) are stored in the node's static
 * data. Each event's state is kept under the field names of version 2, which saved workflows hold
 * and 1.0.0 reads (a user who goes back to 1.0.0 keeps the state): STORED names those that differ
 * from the code's words (docs/trigger.md, glossary). stored.ts reads and writes the rest.
 */
export type Json = Record<string, unknown>;

export const STORED = {
	handledTo: 'through',
	watermark: 'watermark',
	checkedTo: 'verified',
	count: 'total',
	boundary: 'bisect',
	widened: 'span',
	logged: 'reported',
	eligibleFloor: 'createdFloor',
	eligibleCutoff: 'recordUntil',
} as const;

/** A stored walk, or undefined when its page or window is not as written. */
export function readWalk(raw: unknown): (Walk & { extra: Json }) | undefined {
	if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
	const w = raw as Json;
	if (!isTime(w.page) || w.page < 1 || !isTime(w.days)) return undefined;
	const walk: Walk & { extra: Json } = {
		page: Math.floor(w.page),
		days: w.days,
		newest: isTime(w.newest) ? w.newest : null,
		extra: w,
	};
	for (const flag of ['rises', 'falls', 'shrank'] as const) if (w[flag] === true) walk[flag] = true;
	if (count(w.total) !== undefined) walk.total = count(w.total);
	if (isTime(w.last)) walk.last = w.last;
	if (count(w.limit, 1) !== undefined) walk.limit = w.limit as number;
	if (isTime(w.ceiling)) walk.ceiling = w.ceiling;
	if (Array.isArray(w.tops)) walk.tops = w.tops.filter(isTime).slice(0, 3);
	return Object.assign(walk, readAnchored(w));
}

/** How many times wider than a poll's a walk's window was made (stored as `span`), when more than 1. */
export function widenedOf(extra: Json): { widened?: number } {
	const widened = extra[STORED.widened];
	return isTime(widened) && widened > 1 ? { widened } : {};
}

/** A walk as stored: `widened` under its stored name. */
export const storedWalk = ({ widened, ...walk }: Walk & { widened?: number }) =>
	widened === undefined ? walk : { ...walk, [STORED.widened]: widened };

export const without = <T extends { extra: Json }>(walk: T): Omit<T, 'extra'> => {
	const copy: Partial<T> = { ...walk };
	delete copy.extra;
	return copy as Omit<T, 'extra'>;
};

/** A stored boundary (a bisection's bounds and the count they were made at), or undefined. */
export function readBoundary(json: Json): Boundary | undefined {
	const b = json[STORED.boundary] as Json | undefined;
	const at = b?.[STORED.count];
	if (!b || !isTime(b.lo) || !isTime(b.hi) || !isTime(at) || b.lo < 1 || b.hi < b.lo) return;
	return {
		lo: b.lo,
		hi: b.hi,
		count: at,
		...(isTime(b.emittedTo) ? { emittedTo: b.emittedTo } : {}),
		...(isTime(b.handled) && b.handled >= 1 ? { handledPage: b.handled } : {}),
		...(b.falling === true ? { falling: true } : {}),
		...(b.fullPoll === true ? { fullPoll: true } : {}),
	};
}

/** A boundary as it is stored. */
export function storedBoundary(b: Boundary): Json {
	return {
		lo: b.lo,
		hi: b.hi,
		[STORED.count]: b.count,
		...(b.emittedTo !== undefined ? { emittedTo: b.emittedTo } : {}),
		...(b.handledPage !== undefined ? { handled: b.handledPage } : {}),
		...(b.falling ? { falling: true } : {}),
		...(b.fullPoll ? { fullPoll: true } : {}),
	};
}

/** What a stored walk holds of its anchor and read back; a field not as written is left out. */
export function readAnchored(
	w: Record<string, unknown>,
): Pick<Walk, 'anchor' | 'readingBack' | 'readBackFrom'> {
	const read: Pick<Walk, 'anchor' | 'readingBack' | 'readBackFrom'> = {};
	const anchor = readAnchor(w.anchor);
	if (anchor) read.anchor = anchor;
	const back = w.readingBack as { from?: unknown; recheck?: unknown } | undefined;
	if (isPage(back?.from))
		read.readingBack =
			back.recheck === true ? { from: back.from, recheck: true } : { from: back.from };
	if (isPage(w.readBackFrom)) read.readBackFrom = w.readBackFrom;
	return read;
}

const isPage = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1;

/** A stored anchor, or undefined when it is not as written. */
function readAnchor(raw: unknown): WalkAnchor | undefined {
	if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
	const a = raw as Record<string, unknown>;
	const ids = storedIds(a.ids);
	if (ids.length === 0) return undefined;
	const anchor: WalkAnchor = { ids: ids.slice(-ANCHOR_IDS) };
	const head = storedIds(a.head);
	if (head.length > 0) anchor.head = head.slice(0, ANCHOR_IDS);
	const total = count(a.total);
	if (total !== undefined) anchor.total = total;
	const moved = count(a.moved);
	if (moved !== undefined) anchor.moved = moved;
	return anchor;
}

/** The ids of a stored list as written (strings of at most MAX_ID_LENGTH); none when not a list. */
function storedIds(raw: unknown): string[] {
	if (!Array.isArray(raw)) return [];
	return raw.filter((id): id is string => typeof id === 'string' && id.length <= MAX_ID_LENGTH);
}
