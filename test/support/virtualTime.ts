import { isolateNetwork } from './nodeRun';
import { TestClock } from '../../harness/testClock';

/**
 * For transport tests: no real network, fresh pacing state and a new scheduled TestClock in
 * every test (`time.clock`), put back afterwards.
 */
export function useVirtualClock(): { clock: TestClock } {
	const time = { clock: new TestClock({ sleep: 'scheduled' }) };
	let restore = () => {};
	isolateNetwork();
	beforeEach(() => {
		time.clock = new TestClock({ sleep: 'scheduled' });
		restore = time.clock.install();
	});
	afterEach(() => restore());
	return time;
}
