import { PollContext } from 'n8n-core';
import type { Logger } from 'n8n-workflow';

/** What the trigger writes to n8n's log during a poll (PollContext's logger), by level. */
export function capturePollLog(): { warn: string[]; info: string[]; restore: () => void } {
	const log = { warn: [] as string[], info: [] as string[] };
	const logger = {
		warn: (message: string) => log.warn.push(message),
		info: (message: string) => log.info.push(message),
		debug() {},
		error() {},
	} as unknown as Logger;
	const spy = jest.spyOn(PollContext.prototype, 'logger', 'get').mockReturnValue(logger as never);
	return { ...log, restore: () => spy.mockRestore() };
}

/**
 * For the describe block it is called in: the trigger's log lines are captured from its first
 * test to its last instead of printed (polls log what they skip, give up or wait for).
 */
export function quietPollLog(): void {
	let log: ReturnType<typeof capturePollLog> | undefined;
	beforeAll(() => {
		log = capturePollLog();
	});
	afterAll(() => log?.restore());
}
