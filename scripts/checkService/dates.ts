import { parseCreatedTime } from '../../nodes/OutreachContact/trigger/shared/serviceTime';
import { duration, type Finding } from './report';

/**
 * The service's timestamps as check-service judges them: which format `created_date` has, and
 * how far its reading (the trigger's own `parseCreatedTime`: no zone is read as UTC) is from the
 * service's clock (its HTTP Date header).
 */

const HOUR_MS = 3_600_000;

/**
 * The largest constant offset between the service's clock and its created_date readings that the
 * trigger absorbs: its search window keeps one spare day for a DST change, clock skew and such an
 * offset together (docs/trigger.md, "The search window"); one hour of it is left to the DST change.
 */
export const OFFSET_LIMIT_MS = 23 * HOUR_MS;

/** Below this, a reading and the Date header agree (the header has whole seconds; the request takes time). */
const SAME_CLOCK_MS = 2 * 60_000;

const ISO_PARTS =
	/^\d{4}-\d{2}-\d{2}(?:([Tt ])\d{2}:\d{2}(?::\d{2}(?:[.,](\d+))?)?)?\s*(Z|z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?$/;

export interface DateFormat {
	/** e.g. `ISO 8601, "T", 6-digit fraction, no zone`. */
	text: string;
	readable: boolean;
	/** Whether the value names its zone (epoch numbers count as UTC). */
	zoned: boolean;
}

/** The format of one created_date value, and whether the nodes can read it. */
export function dateFormat(value: unknown): DateFormat {
	const readable = parseCreatedTime(value) !== undefined;
	if (
		typeof value === 'number' ||
		(typeof value === 'string' && /^\d{9,}(\.\d+)?$/.test(value.trim()))
	) {
		const n = Number(value);
		const unit = n < 100_000_000_000 ? 'seconds' : 'milliseconds';
		return {
			text: `epoch ${unit}${typeof value === 'number' ? ' (a JSON number)' : ''}`,
			readable,
			zoned: true,
		};
	}
	if (value === undefined) return { text: 'missing', readable, zoned: false };
	if (typeof value !== 'string')
		return { text: `a ${value === null ? 'null' : typeof value}`, readable, zoned: false };
	const m = ISO_PARTS.exec(value.trim());
	if (!m) return { text: 'not ISO 8601 nor epoch', readable, zoned: false };
	const [, separator, fraction, zone] = m;
	const parts = ['ISO 8601'];
	if (separator === undefined) parts.push('date only');
	else parts.push(separator === ' ' ? 'space between date and time' : `"${separator}"`);
	if (fraction) parts.push(`${fraction.length}-digit fraction`);
	parts.push(zone ? `zone ${zone}` : 'no zone');
	return { text: parts.join(', '), readable, zoned: zone !== undefined };
}

/** Which way and how far a reading is from the service's clock, in words. */
function apart(offsetMs: number): string {
	return offsetMs >= 0
		? `${duration(offsetMs)} ahead of the service's clock`
		: `${duration(-offsetMs)} behind the service's clock`;
}

/**
 * The finding about the service's clock and the newest created_date of a search page: read-only,
 * the newest contact's age and a zone offset cannot be told apart, only a reading ahead of the
 * clock shows an offset for sure (--write measures it on a contact created there and then).
 */
export function clockFinding(newest: string | undefined, dateMs: number | undefined): Finding {
	const topic = 'service clock vs created_date';
	const asked = "the Date header of the search's answer and its newest created_date";
	const newestMs = parseCreatedTime(newest);
	if (dateMs === undefined || newest === undefined || newestMs === undefined) {
		const missing = newestMs === undefined ? 'no readable created_date' : 'no Date header';
		return { verdict: 'not checked', topic, asked, got: missing, nodes: 'nothing to compare' };
	}
	const format = dateFormat(newest);
	const offset = newestMs - dateMs;
	const reading = format.zoned
		? `created_date names its zone; the newest is ${apart(offset)}`
		: `created_date has no zone, read as UTC; the newest reading is ${apart(offset)}`;
	const got = `Date ${new Date(dateMs).toUTCString()}, newest created_date ${JSON.stringify(newest)}: ${reading}`;
	if (offset > OFFSET_LIMIT_MS) {
		return {
			verdict: 'NOT HANDLED',
			topic,
			asked,
			got,
			nodes: `the trigger absorbs an offset of up to ${duration(OFFSET_LIMIT_MS)}; contacts dated this far ahead are held back until n8n's clock nears them. Check the service's time zone and clock`,
		};
	}
	const nodes =
		offset > SAME_CLOCK_MS
			? `a contact dated ahead of the clock: ${format.zoned ? 'clock skew or a future date' : 'local time of a zone east of UTC written without its zone, it seems'}; the trigger absorbs up to ${duration(OFFSET_LIMIT_MS)} (its spare day). --write measures the offset on a new contact`
			: `the trigger reads these times; the gap is the newest contact's age${format.zoned ? '' : ', or the zone of local times written without one (--write measures it on a new contact)'}; it absorbs an offset of up to ${duration(OFFSET_LIMIT_MS)}`;
	return { verdict: 'handled', topic, asked, got, nodes };
}

/**
 * The finding about a contact created by --write: its created_date against the Date header of
 * the answer that created it, which tells the offset of the zone exactly.
 */
export function newContactClockFinding(created: unknown, dateMs: number | undefined): Finding {
	const topic = 'created_date of the new contact';
	const asked = 'its created_date against the Date header of the add';
	const createdMs = parseCreatedTime(created);
	if (createdMs === undefined || dateMs === undefined) {
		const got = dateMs === undefined ? 'no Date header' : `created_date ${JSON.stringify(created)}`;
		const verdict = dateMs === undefined ? 'not checked' : 'NOT HANDLED';
		const nodes =
			dateMs === undefined
				? 'nothing to compare'
				: 'the trigger cannot place this contact in time and skips it';
		return { verdict, topic, asked, got, nodes };
	}
	const format = dateFormat(created);
	const offset = createdMs - dateMs;
	const read = `${JSON.stringify(created)} (${format.text}), read as ${new Date(createdMs).toISOString()}`;
	if (Math.abs(offset) <= SAME_CLOCK_MS) {
		return {
			verdict: 'handled',
			topic,
			asked,
			got: `${read}, within ${duration(SAME_CLOCK_MS)} of the service's clock`,
			nodes: `the nodes read it right${format.zoned ? '' : ' (no zone, and it is UTC)'}`,
		};
	}
	const east = offset > 0;
	const zone = format.zoned
		? "the service's clock and its timestamps disagree"
		: `local time of a zone ${duration(Math.abs(offset))} ${east ? 'east' : 'west'} of UTC written without its zone`;
	const got = `${read}: ${apart(offset)} (${zone})`;
	if (Math.abs(offset) > OFFSET_LIMIT_MS) {
		return {
			verdict: 'NOT HANDLED',
			topic,
			asked,
			got,
			nodes: `the trigger absorbs an offset of up to ${duration(OFFSET_LIMIT_MS)} only; check the service's time zone and clock`,
		};
	}
	return {
		verdict: 'handled',
		topic,
		asked,
		got,
		nodes: `the trigger keeps its window and state on the service's own timestamps and absorbs a constant offset of up to ${duration(OFFSET_LIMIT_MS)}; Simplify and Get output created_date as the service wrote it`,
	};
}
