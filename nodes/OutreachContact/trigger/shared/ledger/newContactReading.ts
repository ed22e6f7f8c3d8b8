import type { ReadPage } from '../../../paging/pageReader';
import type { NewContactBase, NewContactState } from './shapes';

/**
 * What a New Contact read hands the ledger (newContact.ts, the one writer): the pages it read and
 * what they prove, and the positions its mode learned, which the ledger stores as they are.
 */

/** What a New Contact read learned of the service: its mode's positions, to store as they are. */
export type NewContactLearned =
	| Omit<Extract<NewContactState, { mode: 'ordered' }>, keyof NewContactBase>
	| Pick<Extract<NewContactState, { mode: 'walking' }>, 'mode' | 'walk'>;

/** What one New Contact poll read, for the ledger. */
export interface NewContactReading {
	pages: ReadPage[];
	/** How far the pages reach without a gap (their third newest), when they prove it. */
	reach?: number;
	/** True when the pages join the handled contacts: what they leave waiting is newer. */
	proved: boolean;
	/** New contacts wait on pages this poll did not read. */
	pagesWaiting?: boolean;
	/** Set only while they wait: the oldest creation time read, which the floor does not pass. */
	low?: number;
	/** A walk read its last page. */
	complete?: boolean;
	/** And every page of it, the list neither shrinking nor breaking: it met every contact. */
	whole?: boolean;
	/**
	 * The sample's walk ended short of its window's newest (sampling.ts, `cutShort`): `learned`
	 * holds where it goes on.
	 */
	cutShort?: 'grown' | 'shrank';
	learned: NewContactLearned;
	pageSize?: number;
	inconsistent?: string;
}
