import { contactDeleted } from '../../transport/api';
import type { RequestContext } from '../../transport/request';
import { Withheld } from '../../transport/retry';

/**
 * The most contacts a range left out that one poll looks up, one request each. More left out
 * than this are taken as the order broken, as before the lookup (a walk of the window).
 */
export const MAX_LEFT_OUT_LOOKUPS = 10;

/** Contacts a range left out, to look up by id, and one it held that must answer as there. */
export type LeftOut = { ids: string[]; control: string };

/** A contact id the interface's GET /contact/<id>/ takes: an int as written ("007" is not 7). */
const LOOKUP_ID = /^(0|[1-9]\d{0,14})$/;

/** What a poll's lookups may take: its budget, and what it must leave for the rolling check. */
export interface LookupBudget {
	take(): boolean;
	ready(): Promise<void>;
	/** Requests left in the poll's share now. */
	left(): number;
	/** The most requests the share holds in its window (shareWindow in budget.ts). */
	capacity: number;
}

/**
 * What the lookups found: every contact left out was deleted and the control is there (the order
 * stands); the order broke (one is still there, the control is not, or they cannot be looked up);
 * or `later`, the share does not hold them now but holds them once its window frees.
 */
export type LeftOutVerdict = 'deleted' | 'broken' | 'later';

/**
 * The lookup of the contacts a range left out (`leftOut` in orderCheck.ts), with the control, the
 * first of `held` (the range's contacts, the oldest first: the newest may be deleted while the poll
 * reads) whose id the lookup takes. Undefined when they cannot be looked up: more than
 * MAX_LEFT_OUT_LOOKUPS, an id the service does not take, or no control.
 */
export function leftOutOf(ids: readonly string[], held: readonly string[]): LeftOut | undefined {
	const control = held.find((id) => LOOKUP_ID.test(id));
	if (control === undefined || ids.length > MAX_LEFT_OUT_LOOKUPS) return undefined;
	return ids.every((id) => LOOKUP_ID.test(id)) ? { ids: [...ids], control } : undefined;
}

/**
 * Whether every contact a range left out was deleted: each is looked up by id and the service
 * answers 404 for it, while the control, a contact the range held, answers as there. Such a range
 * proves no list by insertion: a contact emitted and then deleted in the service's app was missing
 * from it, and before this lookup every such deletion made the trigger walk the whole window
 * (docs/trigger.md, "When the range proves nothing"). The control keeps a service that answers 404
 * to every lookup (a route it does not serve) from passing every contact for deleted.
 *
 * `later` when the poll's share does not hold the lookups, the control and `reserve` more (the
 * rolling check's request) now, or refused one meanwhile, and its window holds them: the poll
 * that reads a range and finds no request left stores them for the next (`lookUp` in the state),
 * which looks them up first (a share of 1 never held them after a range, and every deletion of an
 * emitted contact cost a walk of the window). Broken when the window cannot hold them either.
 * Bounded: at most MAX_LEFT_OUT_LOOKUPS + 1 lookups, each send (retries included) through the
 * poll's budget.
 */
export async function lookUpLeftOut(
	ctx: RequestContext,
	leftOut: LeftOut,
	budget: LookupBudget,
	reserve: number,
): Promise<LeftOutVerdict> {
	const { ids, control } = leftOut;
	if (ids.length === 0) return 'deleted';
	if (ids.length + 1 > budget.capacity) return 'broken';
	if (budget.left() < ids.length + 1 + reserve) return 'later';
	/** True: 404; false: there; undefined: the budget refused the send (Withheld), nothing was sent. */
	const lookUp = async (id: string) => {
		await budget.ready();
		return await contactDeleted(ctx, Number(id), () => budget.take()).catch((error: unknown) => {
			if (error instanceof Withheld) return undefined;
			throw error;
		});
	};
	// Still there: the order is taken as broken; refused: nothing is concluded.
	for (const id of [...ids, control]) {
		const deleted = await lookUp(id);
		if (deleted === undefined) return 'later';
		if (deleted !== (id !== control)) return 'broken';
	}
	return 'deleted';
}
