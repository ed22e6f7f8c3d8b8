/**
 * Whether a trigger keeps up with its account (issue 51, point 2): a poll that stops reading at
 * its share before it read everything new leaves the rest for the next polls, and nothing is lost;
 * the log says so once when the trigger falls behind, with the numbers and the setting to raise,
 * and once when it has caught up. Kept per trigger in this process's memory (a restart may say it
 * once more), at most MAX_TRIGGERS, the oldest going first.
 */

/** How one poll ended, as the runner knows it. */
export interface PollEnd {
	/** n8n's clock at the poll's start (epoch ms). */
	start: number;
	/** Why the poll stopped reading early (its share, n8n's poll budget), if it did. */
	stopped?: string;
	emitted: number;
	/** Contacts read and left for the next polls (Max Contacts per Poll). */
	backlog: number;
	/** Whether pages beyond those read hold contacts for the next polls. */
	pagesWaiting: boolean;
}

interface Behind {
	since: number;
	polls: number;
	emitted: number;
	/** Said nothing: the trigger said it fell behind less than WARN_EVERY_MS before. */
	quiet?: boolean;
}

const MAX_TRIGGERS = 1_000;

/**
 * A trigger says it falls behind at most once an hour (and then when it has caught up): without
 * an order, a walk that spans a few polls at every pass is the trigger's ordinary pace on a large
 * account (Contact Enriched at 10,000 a day: a walk of 5 polls, every 5 minutes, the bench).
 */
export const WARN_EVERY_MS = 3_600_000;

const behind = new Map<string, Behind>();

/** When each trigger last said it falls behind. */
const warned = new Map<string, number>();

/** Forgets every trigger's standing (testHooks, like a restart). */
export function forgetKeepingUp(): void {
	behind.clear();
	warned.clear();
}

/** Keeps `map` within MAX_TRIGGERS, the oldest going first. */
function bound(map: Map<string, unknown>): void {
	if (map.size > MAX_TRIGGERS) map.delete(map.keys().next().value!);
}

/**
 * What to log about keeping up after `poll` of `trigger`, if anything: a line when it falls
 * behind, one when it has caught up.
 */
export function keepingUp(
	trigger: string,
	poll: PollEnd,
	share: number,
	words: { noun: string; nouns: string },
): { warn?: string; info?: string } {
	const { noun, nouns } = words;
	const many = (n: number) => `${n} ${n === 1 ? noun : nouns}`;
	const was = behind.get(trigger);
	const waiting = poll.backlog > 0 || poll.pagesWaiting;
	// Still behind: the poll counts toward the line that says it has caught up.
	const stillBehind = () => {
		if (!was) return {};
		was.polls++;
		was.emitted += poll.emitted;
		return {};
	};
	if (poll.stopped !== undefined) {
		if (was) return stillBehind();
		const last = warned.get(trigger);
		const quiet = last !== undefined && poll.start >= last && poll.start - last < WARN_EVERY_MS;
		behind.set(trigger, { since: poll.start, polls: 1, emitted: poll.emitted, quiet });
		bound(behind);
		if (quiet) return {};
		warned.set(trigger, poll.start);
		bound(warned);
		const left = waiting
			? poll.backlog > 0
				? `${many(poll.backlog)} read and more may wait`
				: 'more pages of them wait'
			: 'the rest of its read waits';
		return {
			warn: `falling behind: ${nouns} arrive faster than the trigger's share of the account reads them (${share === 1 ? '1 request a minute, on average' : `${share} requests a minute`}, a quarter of the credential's Requests per Minute). This poll emitted ${poll.emitted}; ${left}. Nothing is lost: each poll goes on from where the last one stopped, oldest first. To catch up sooner, ${share === 1 ? 'raise Requests per Minute in the credential to 8 or more (if the account allows it): below 8, polling more often reads no more' : 'raise Requests per Minute in the credential (if the account allows it), or poll more often, up to once a minute: faster polls share the same requests'}`,
		};
	}
	if (!was || waiting) return stillBehind();
	behind.delete(trigger);
	if (was.quiet) return {};
	const minutes = Math.max(1, Math.round((poll.start - was.since) / 60_000));
	const emitted = was.emitted + poll.emitted;
	return {
		info: `caught up: every ${noun} read is emitted, after ${was.polls + 1} polls over ${minutes} minute(s) behind, which emitted ${many(emitted)} (about ${Math.round(emitted / minutes)} a minute)`,
	};
}
