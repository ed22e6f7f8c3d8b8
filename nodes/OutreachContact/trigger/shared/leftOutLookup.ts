import { contactGone } from '../../transport/api';
import type { RequestContext } from '../../transport/request';
import { Withheld } from '../../transport/retry';

/**
 * The most contacts a range left out that one poll looks up, one request each. More left out
 * than this are taken as the order broken, as before the lookup (a walk of the window).
 */
export const MAX_LEFT_OUT_LOOKUPS = 10;

/** A contact id the interface's GET /contact/<id>/ takes: an int, as the service lists them. */
const LOOKUP_ID = /^\d{1,15}$/;

/**
 * Whether every contact a range left out (`leftOut` in orderCheck.ts) was deleted: each is looked
 * up by id, and the service answers 404 for it. Such a range proves no list by insertion: a
 * contact emitted and then deleted in the service's app was missing from it, and before this
 * lookup every such deletion made the trigger walk the whole window (docs/trigger.md, "Contacts
 * deleted"). False, and the order is taken as broken, when one is still there (the list is by
 * insertion: it sits behind the range), when more than MAX_LEFT_OUT_LOOKUPS are left out, when an
 * id is not one the service takes, or when the budget refuses a lookup. Bounded: at most
 * MAX_LEFT_OUT_LOOKUPS requests, each through the poll's budget (`take`, `ready`).
 */
export async function allDeleted(
	ctx: RequestContext,
	ids: readonly string[],
	take: () => boolean,
	ready: () => Promise<void>,
): Promise<boolean> {
	if (ids.length > MAX_LEFT_OUT_LOOKUPS || !ids.every((id) => LOOKUP_ID.test(id))) return false;
	for (const id of ids) {
		await ready();
		// A send the budget refused (Withheld): nothing was sent, and the order is taken as broken.
		const gone = await contactGone(ctx, Number(id), take).catch((error: unknown) => {
			if (error instanceof Withheld) return false;
			throw error;
		});
		if (!gone) return false; // still there
	}
	return true;
}
