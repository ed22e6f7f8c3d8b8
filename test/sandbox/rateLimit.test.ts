import { SlidingWindowLimiter } from '../../sandbox/rateLimit';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { api } from './helpers';
import { TestClock } from '../../harness/testClock';

describe('SlidingWindowLimiter', () => {
	it('keeps keys apart and frees a slot exactly 60 s after it was taken', () => {
		let now = 0;
		const limiter = new SlidingWindowLimiter(2, () => now);
		expect(limiter.tryAcquire('a')).toEqual({ allowed: true });
		expect(limiter.tryAcquire('a')).toEqual({ allowed: true });
		expect(limiter.tryAcquire('b')).toEqual({ allowed: true });
		expect(limiter.tryAcquire('a')).toEqual({ allowed: false, retryAfterSeconds: 60 });
		now = 59_999;
		expect(limiter.tryAcquire('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
		now = 60_000;
		expect(limiter.tryAcquire('a')).toEqual({ allowed: true });
	});

	it('is disabled by a limit of 0', () => {
		const limiter = new SlidingWindowLimiter(0, () => 0);
		for (let i = 0; i < 1000; i++) expect(limiter.tryAcquire('a').allowed).toBe(true);
	});
});

describe('sandbox rate limit over HTTP', () => {
	const clock = new TestClock({ start: Date.parse('2024-01-01T00:00:00.000Z'), sleep: 'still' });
	const t0 = clock.now();
	let sandbox: Sandbox;

	beforeAll(async () => {
		sandbox = await startSandbox({ now: () => clock.now(), rateLimit: 3 });
	});
	afterAll(() => sandbox.close());

	const at = async (offsetMs: number, path = '/me') => {
		clock.setTime(t0 + offsetMs);
		return api(sandbox, 'GET', path);
	};

	it('answers 429 with Retry-After past the limit; rejected requests take no slot', async () => {
		expect((await at(0)).status).toBe(200);
		expect((await at(10_000, '/sequences/list/')).status).toBe(200);
		expect((await at(20_000, '/playbooks/list/')).status).toBe(200);

		const limited = await at(30_000);
		expect(limited.status).toBe(429);
		expect(limited.headers.get('retry-after')).toBe('30');
		expect(limited.headers.get('content-type')).toBe('application/json');
		expect(typeof limited.body.detail).toBe('string');
		expect((await at(40_000)).headers.get('retry-after')).toBe('20');

		// The first slot frees at 60 s; the 429s at 30 s and 40 s must not hold slots.
		expect((await at(60_001)).status).toBe(200);
		const again = await at(60_002);
		expect(again.status).toBe(429);
		expect(again.headers.get('retry-after')).toBe('10');
		expect((await at(69_500)).headers.get('retry-after')).toBe('1');
		expect(sandbox.stats.rateLimited).toBe(4);
		expect(sandbox.stats.byStatus['429']).toBe(4);
	});

	it('does not count requests refused for authentication', async () => {
		sandbox.resetRateLimit();
		clock.setTime(t0 + 600_000);
		for (let i = 0; i < 5; i++) {
			expect((await api(sandbox, 'GET', '/me', undefined, { Authorization: 'wrong' })).status).toBe(
				403,
			);
		}
		for (let i = 0; i < 3; i++) expect((await api(sandbox, 'GET', '/me')).status).toBe(200);
		expect((await api(sandbox, 'GET', '/me')).status).toBe(429);
	});
});

describe('rate window length', () => {
	it('a shorter window frees its slots sooner', () => {
		let now = 0;
		const limiter = new SlidingWindowLimiter(2, () => now, 10_000);
		expect(limiter.tryAcquire('k').allowed).toBe(true);
		expect(limiter.tryAcquire('k').allowed).toBe(true);
		expect(limiter.tryAcquire('k')).toEqual({ allowed: false, retryAfterSeconds: 10 });
		now = 10_001;
		expect(limiter.tryAcquire('k').allowed).toBe(true);
	});
});
