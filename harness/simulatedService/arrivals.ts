import type { NewContact } from './contacts';

const DAY_MS = 86_400_000;

/**
 * Contacts arriving at random times in [from, to) at `perDay` a day on average (uniformly
 * spread, so any minute gets about perDay / 1440), each shaped further by `shape`.
 */
export function steadyArrivals(
	from: number,
	to: number,
	perDay: number,
	random: () => number,
	shape: (contact: NewContact) => NewContact = (contact) => contact,
): NewContact[] {
	const count = Math.round(((to - from) / DAY_MS) * perDay);
	return Array.from({ length: count }, () =>
		shape({ at: from + Math.floor(random() * (to - from)) }),
	);
}
