/** keepingUp: the log says once an hour at most that a trigger falls behind, and when it caught up. */
import {
	forgetKeepingUp,
	keepingUp,
	WARN_EVERY_MS,
} from '../../../nodes/OutreachContact/trigger/keepingUp';

const T0 = Date.UTC(2026, 10, 27, 9, 0, 0);
const MINUTE = 60_000;
const stopped = (start: number) => ({
	start,
	stopped: 'share',
	emitted: 3,
	backlog: 0,
	pagesWaiting: true,
});
const quiet = (start: number) => ({ start, emitted: 1, backlog: 0, pagesWaiting: false });

const CONTACTS = { noun: 'new contact', nouns: 'new contacts' };

/** Polls a minute apart from `from`: `behindFor` stopped by the share, then one that ends. */
function episode(from: number, behindFor: number, words = CONTACTS) {
	const said: Array<{ warn?: string; info?: string }> = [];
	for (let i = 0; i < behindFor; i++)
		said.push(keepingUp('t', stopped(from + i * MINUTE), 50, words));
	said.push(keepingUp('t', quiet(from + behindFor * MINUTE), 50, words));
	return said.filter((s) => s.warn || s.info);
}

beforeEach(forgetKeepingUp);

describe('keepingUp', () => {
	it('a trigger behind for 4 polls: one warning, then one line when it caught up', () => {
		const said = episode(T0, 4);
		expect(said).toHaveLength(2);
		expect(said[0].warn).toContain('falling behind');
		expect(said[0].warn).toContain('50 requests a minute');
		expect(said[1].info).toContain('caught up');
		expect(said[1].info).toContain('after 5 polls over 4 minute(s) behind');
	});

	it('a walk of 5 polls every 5 minutes (no order, a large account): said once an hour, not at every walk', () => {
		const lines = [];
		for (let walk = 0; walk < 24; walk++) lines.push(...episode(T0 + walk * 5 * MINUTE, 4));
		// Two hours: the first walk of each hour says both lines, the others nothing.
		expect(lines.filter((s) => s.warn)).toHaveLength(2);
		expect(lines.filter((s) => s.info)).toHaveLength(2);
		const second = episode(T0 + 24 * 5 * MINUTE + WARN_EVERY_MS, 4);
		expect(second.map((s) => Boolean(s.warn))).toEqual([true, false]);
	});

	// "contact with snippetss arrive", "9 contact with snippets(s)": the plural was the noun and an s.
	it("says each event's plural as it is written", () => {
		const said = episode(T0, 4, { noun: 'contact with snippets', nouns: 'contacts with snippets' });
		expect(said[0].warn).toContain('falling behind: contacts with snippets arrive faster');
		expect(said[1].info).toContain('every contact with snippets read is emitted');
		expect(said[1].info).toContain('which emitted 13 contacts with snippets (about');
	});
});
