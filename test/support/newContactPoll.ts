/** What the New Contact unit tests share: their start, its state, its polls as n8n stores them. */
import { pollNewContacts } from '../../nodes/OutreachContact/trigger/newContact/poll';
import { readNewContactState } from '../../nodes/OutreachContact/trigger/shared/ledger/stored';
import { type NewContactState } from '../../nodes/OutreachContact/trigger/shared/ledger/shapes';
import { DAY_MS } from '../../nodes/OutreachContact/trigger/shared/serviceTime';
import { storedStatePoll, throughJson } from './poll';

/** When the New Contact tests' polls start (contacts are made around it). */
export const T0 = Date.UTC(2026, 2, 10, 9, 0, 0);

/**
 * A stored state of a trigger activated a day before T0, nothing cut off yet, with `over` in
 * place: written as n8n stores it (the names of version 2: `through`, `order`, `walk`, ...) and
 * read as a poll gets it.
 */
export function storedState(
	over: Record<string, unknown> & { floor: number; through: number | null },
): NewContactState {
	const raw = { version: 2, baseline: T0 - DAY_MS, cutoff: null, seen: {}, ...over };
	const read = readNewContactState(raw);
	if (!read.state) throw new Error(`not a New Contact state: ${read.problem}`);
	return read.state;
}

/** A New Contact state as n8n stores it and reads it back: through JSON. */
export const roundTrip = (state: NewContactState) => throughJson(state, readNewContactState);

/** One New Contact poll (see `runEventPoll`); its state through JSON, as the next poll gets it. */
export const pollNewContactsStored = storedStatePoll(pollNewContacts, readNewContactState);
