import { contactDeleted } from '../../transport/api';
import type { RequestContext } from '../../transport/request';
import { Withheld } from '../../transport/retry';

/**
 * The most contacts a range left out that one poll looks up, one request each. More left out
 * than this are taken as the order broken, as before the lookup (a walk of the window).
 */
export const MAX_LEFT_OUT_LOOKUPS = 10;

/** A contact id the interface's GET /contact/<id>/ takes: an int as written ("007" is not 7). */
const LOOKUP_ID = /^(0|[1-9]\d{0,14})$/;

/** What a poll's lookups may take: its budget, and what it must leave for the rolling check. */
export interface LookupBudget {
	take(): boolean;
	ready(): Promise<void>;
	/** Requests left in the poll's share now. */
	left(): number;
}

/**
 * Whether every contact a range left out (`leftOut` in orderCheck.ts) was deleted: each is looked
 * up by id and the service answers 404 for it, while `control`, a contact the range holds (just
 * read), answers as there. Such a range proves no list by insertion: a contact emitted and then
 * deleted in the service's app was missing from it, and before this lookup every such deletion
 * made the trigger walk the whole window (docs/trigger.md, "When the range proves nothing"). The
 * control keeps a service that answers 404 to every lookup (a route it does not serve) from
 * passing every contact for deleted.
 *
 * False, and the order is taken as broken as before, when one is still there (the list is by
 * insertion: it sits behind the range), when the control is not there, when more than
 * MAX_LEFT_OUT_LOOKUPS are left out, when an id is not one the service takes, or when the
 * poll's share does not hold the lookups, the control and one request for the rolling check.
 * Bounded: at most MAX_LEFT_OUT_LOOKUPS + 1 lookups, each send (retries included) through the
 * poll's budget.
 */
export async function allDeleted(
	ctx: RequestContext,
	ids: readonly string[],
	/** The ids of the contacts the range holds: the first the lookup takes is the control. */
	held: readonly string[],
	budget: LookupBudget,
): Promise<boolean> {
	if (ids.length === 0) return true;
	const control = held.find((id) => LOOKUP_ID.test(id));
	if (control === undefined || ids.length > MAX_LEFT_OUT_LOOKUPS) return false;
	if (!ids.every((id) => LOOKUP_ID.test(id))) return false;
	if (budget.left() < ids.length + 2) return false;
	/** True: 404; false: there; undefined: the budget refused the send (Withheld), nothing was sent. */
	const lookUp = async (id: string) => {
		await budget.ready();
		return await contactDeleted(ctx, Number(id), () => budget.take()).catch((error: unknown) => {
			if (error instanceof Withheld) return undefined;
			throw error;
		});
	};
	// Still there, or not looked up: the order is taken as broken.
	for (const id of ids) if ((await lookUp(id)) !== true) return false;
	return (await lookUp(control)) === false;
}
