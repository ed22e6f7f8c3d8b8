import { testHooks } from '../../nodes/OutreachContact/testHooks';
import { isolateNetwork } from './nodeRun';
import { VirtualClock } from './virtualClock';

/**
 * For transport tests: no real network, fresh pacing state and a new virtual clock in every
 * test (`time.clock`), put back afterwards.
 */
export function useVirtualClock(): { clock: VirtualClock } {
	const time = { clock: new VirtualClock() };
	let restore = () => {};
	isolateNetwork();
	beforeEach(() => {
		time.clock = new VirtualClock();
		restore = testHooks.useClock(time.clock);
	});
	afterEach(() => restore());
	return time;
}
