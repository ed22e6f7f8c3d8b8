/** How many triggers this process remembers (the oldest goes first). */
const MAX_TRIGGERS = 1_000;

/**
 * What this process remembers of one trigger's polls (process memory: a restart forgets it, and
 * so does a new leader in queue mode). Hints that make polls cheaper or quicker, never what a poll
 * must know to be right: that is the stored state.
 */
export interface TriggerMemory {
	/** The monotonic times of its requests in its share's window: at most its share. */
	times: number[];
	/** When its last poll began (monotonic), to tell how soon this one comes. */
	lastPoll?: number;
	/** Whether its last poll's walk had its turn (`takeWalkTurn`). */
	walkTurn: boolean;
	/**
	 * Where an eligible event's next poll that reads and cannot send its new end's three pages goes
	 * on with that read: the page (its number in the list) after one of contacts still waiting for
	 * their snippets where the last read stopped short (the share, or the walk's turn), and how
	 * many of its three pages are `left` (eligibleNewEnd.ts). Kept by a poll that read nothing;
	 * replaced or cleared by any other read. A number, not a count from the newest: oldest first, a
	 * page added at the end between two polls made a count point at the page just read.
	 */
	newEndRead?: { page: number; left: number };
}

const memory = new Map<string, TriggerMemory>();

/** Forgets every trigger's recent polls (testHooks, like a restart). */
export function forgetRecentRequests(): void {
	memory.clear();
}

/** This trigger's memory, kept as the most recent (the map drops the least recent past MAX_TRIGGERS). */
export function memoryOf(trigger: string): TriggerMemory {
	const known = memory.get(trigger) ?? { times: [], walkTurn: false };
	memory.delete(trigger);
	memory.set(trigger, known);
	if (memory.size > MAX_TRIGGERS) memory.delete(memory.keys().next().value as string);
	return known;
}
