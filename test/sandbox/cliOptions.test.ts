import { DEFAULT_CLI_PORT, parseCli } from '../../sandbox/cliOptions';

describe('sandbox CLI options', () => {
	it('has defaults for the port and seeded contacts only', () => {
		expect(parseCli([], {})).toEqual(
			expect.objectContaining({
				port: DEFAULT_CLI_PORT,
				seedContacts: 20,
				rateLimit: undefined,
				profileEnvelope: undefined,
			}),
		);
	});

	it('reads flags, and flags win over the environment', () => {
		const options = parseCli(
			[
				'--port',
				'0',
				'--rate-limit',
				'5',
				'--page-cap',
				'25',
				'--fault-rate',
				'0.1',
				'--latency',
				'30',
				'--bare-profile',
			],
			{ SANDBOX_RATE_LIMIT: '999', SANDBOX_TIMEZONE: 'Asia/Tokyo', SANDBOX_API_KEY: 'k1' },
		);
		expect(options).toMatchObject({
			port: 0,
			rateLimit: 5,
			maxPageSize: 25,
			faultRate: 0.1,
			latencyMs: 30,
			timezone: 'Asia/Tokyo',
			apiKey: 'k1',
			profileEnvelope: false,
		});
	});

	it('rejects non-numbers and unknown flags; --help gives null', () => {
		expect(() => parseCli(['--rate-limit', 'lots'], {})).toThrow('--rate-limit');
		expect(() => parseCli([], { SANDBOX_PORT: 'x' })).toThrow('SANDBOX_PORT');
		expect(() => parseCli(['--nope'], {})).toThrow();
		expect(parseCli(['--help'], {})).toBeNull();
	});
});
