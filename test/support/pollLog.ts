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
