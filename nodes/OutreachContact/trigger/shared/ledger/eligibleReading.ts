import type { ReadPage } from '../../../paging/pageReader';
import type { Order } from '../serviceTime';
import type { EligibleState, Walk } from './shapes';

/** What one poll of an eligible-contacts event read, for the ledger. */
export interface EligibleReading {
	pages: ReadPage[];
	/** The walk the reader started in place of the stored one (stale: see eligibleWalk.ts). */
	started?: EligibleState['walk'];
	/** Where the walk got to (its window and start stay). */
	walk: Partial<Walk>;
	/** The walk read its last page. */
	complete: boolean;
	/** The order the complete walk showed. */
	order?: Order | 'unordered';
	lastPage?: number;
	pageSize?: number;
	inconsistent?: string;
	/** New contacts read but postponed to a later poll (behind a backlog's range, eligibleWalk.ts). */
	postponed?: number;
}
