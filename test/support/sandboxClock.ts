import { testHooks } from '../../nodes/OutreachContact/testHooks';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/server';
import { TestClock, type TestClockOptions } from '../../harness/testClock';

/** What `sandboxOnTestClock` gives a test file: the current test's sandbox and clock. */
export interface SandboxOnTestClock {
	readonly sandbox: Sandbox;
	readonly clock: TestClock;
}

/**
 * For tests over real HTTP: before each test, a new TestClock installed as the package's clock
 * (`sleep: 'jump'` unless `clockOptions` say otherwise), fresh pacing state, and a sandbox that
 * reads the same clock (`rateLimit: 0` unless `sandboxOptions` say otherwise); after it, the
 * clock put back and the sandbox closed. Read `sandbox` and `clock` inside a test or a hook.
 */
export function sandboxOnTestClock(
	clockOptions: TestClockOptions = {},
	sandboxOptions: SandboxOptions = {},
): SandboxOnTestClock {
	let current: { sandbox: Sandbox; clock: TestClock } | undefined;
	let restoreClock = () => {};
	beforeEach(async () => {
		const clock = new TestClock({ sleep: 'jump', ...clockOptions });
		restoreClock = clock.install();
		testHooks.resetPacers();
		const sandbox = await startSandbox({ now: () => clock.now(), rateLimit: 0, ...sandboxOptions });
		current = { sandbox, clock };
	});
	afterEach(async () => {
		restoreClock();
		await current?.sandbox.close();
		current = undefined;
	});
	const now = () => {
		if (current === undefined) throw new Error('The sandbox runs only inside a test or a hook');
		return current;
	};
	return {
		get sandbox() {
			return now().sandbox;
		},
		get clock() {
			return now().clock;
		},
	};
}
