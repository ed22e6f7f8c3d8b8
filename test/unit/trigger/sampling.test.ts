import {
	met,
	sampledCutoff,
	startSampling,
} from '../../../nodes/OutreachContact/trigger/shared/ledger/sampling';
import {
	createdTime,
	HOUR_MS,
	MINUTE_MS,
} from '../../../nodes/OutreachContact/trigger/shared/serviceTime';
import { contactAt, pageOf, zonelessDate } from '../../support/poll';

const activation = Date.UTC(2026, 10, 26, 12, 0, 0);
/** A date with its zone, `minutes` from the activation. */
const zoned = (minutes: number) => new Date(activation + minutes * MINUTE_MS).toISOString();
/** The same instant written without a zone by a service 9 hours east of UTC (Tokyo). */
const tokyo = (minutes: number) => zonelessDate(activation + 9 * HOUR_MS + minutes * MINUTE_MS);
const page = pageOf;

describe("the sample's walk: the cutoff it sets", () => {
	it('counts each date as much earlier as it was read after the activation', () => {
		const sampling = startSampling([page([zoned(-300), zoned(-200)])], createdTime, activation);
		// Read 20 minutes after the activation: a contact dated 10 minutes after it counts as -10.
		const later = met(
			sampling,
			[page([zoned(10), zoned(-100)])],
			createdTime,
			activation + 20 * MINUTE_MS,
		);
		expect(later.tops).toEqual([-10, -120, -200].map((m) => activation + m * MINUTE_MS));
		// Dates with their zone: the newest, so that every contact read before the activation is kept out.
		expect(sampledCutoff(later, activation - 400 * MINUTE_MS)).toBe(activation - 10 * MINUTE_MS);
	});

	it('keeps a contact created after the activation above the cutoff, whatever the time the walk took', () => {
		// Read 3 hours after the activation (a pause): a contact created 30 minutes after it counts
		// at -150 minutes, and sets the cutoff there, below its own date; the one created 5
		// minutes before the activation counts at -185 and comes as new.
		const sampling = startSampling([page([zoned(-500)])], createdTime, activation);
		const walked = met(
			sampling,
			[page([zoned(-5), zoned(30), zoned(-60)])],
			createdTime,
			activation + 3 * HOUR_MS,
		);
		expect(sampledCutoff(walked, null)).toBe(activation - 150 * MINUTE_MS);
	});

	it("caps dates with a zone at n8n's clock at the activation: contacts dated ahead go no further", () => {
		const ahead = startSampling([page([zoned(300), zoned(-30)])], createdTime, activation);
		expect(sampledCutoff(ahead, null)).toBe(activation);
	});

	it('takes the third newest of dates without a zone, and never goes below the sample cutoff', () => {
		const sampling = startSampling(
			[page([tokyo(-1), tokyo(-2), tokyo(-3), tokyo(-4)])],
			createdTime,
			activation,
		);
		expect(sampling.zoneless).toBe(true);
		const third = createdTime(contactAt(1, tokyo(-3)))!;
		expect(sampledCutoff(sampling, null)).toBe(third);
		expect(sampledCutoff(sampling, third + 1)).toBe(third + 1);
		expect(sampledCutoff({ from: activation, tops: [] }, 42)).toBe(42);
	});
});
