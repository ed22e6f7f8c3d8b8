import { swapClock, type Clock } from './helpers/clock';
import { resetOutages } from './transport/outage';
import { resetPacers } from './transport/pacer';
import { forgetKeepingUp } from './trigger/keepingUp';
import { forgetStoredStates } from './trigger/pollRunner';
import { forgetRecentRequests } from './trigger/shared/triggerMemory';

/**
 * For this package's tests and benchmarks only: shipped code never calls these. They are the
 * pieces of process-wide state a test must control. Built, but not published: package.json
 * "files" leaves testHooks.* out of the tarball (test/unit/tarball.test.ts).
 */
export const testHooks = {
	/** Runs the package on `clock` until the returned function restores the previous one. */
	useClock(clock: Clock): () => void {
		const previous = swapClock(clock);
		return () => {
			swapClock(previous);
		};
	},
	/** Forgets every account's pacing and outage state, so that runs do not share it. */
	resetPacers(): void {
		resetPacers();
		resetOutages();
	},
	/** Forgets what the trigger keeps in process memory (states, recent requests), as a restart does. */
	forgetTriggerStates(): void {
		forgetStoredStates();
		forgetRecentRequests();
		forgetKeepingUp();
	},
};
