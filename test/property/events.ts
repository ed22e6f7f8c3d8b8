/**
 * What the schedules say of each event of the trigger's table (trigger/events.ts): the moment a
 * contact becomes what the event wants, computed from the schedule, never from the table. The
 * generator draws every event of the table; an event this map does not know fails the test
 * (scheduleEventOf), so a new event is covered once its line is here.
 */
import { DEFAULT_EVENT, TRIGGER_EVENTS } from '../../nodes/OutreachContact/trigger/events';
import type { PlannedContact } from './schedule';

export interface ScheduleEvent {
	/**
	 * When the contact becomes what the event wants (undefined: never). Absent: at its creation
	 * (New Contact); present, the event reads by walking updated contacts (shared/eligibleWalk.ts).
	 */
	eligibleAt?(contact: PlannedContact): number | undefined;
}

const SCHEDULE_EVENTS: Record<string, ScheduleEvent> = {
	newContact: {},
	contactEnriched: { eligibleAt: (c) => c.enrichAt },
	contactSnippetsReady: { eligibleAt: (c) => c.snippetsAt },
};

export function scheduleEventOf(event: string): ScheduleEvent {
	const known = SCHEDULE_EVENTS[event];
	if (!known)
		throw new Error(
			`the trigger's table holds the event '${event}', which test/property/events.ts has no expectations for`,
		);
	return known;
}

/** The table's events, the default first (the generator's draw). */
export const TABLE_EVENTS: string[] = [
	DEFAULT_EVENT,
	...TRIGGER_EVENTS.map((e) => e.value).filter((v) => v !== DEFAULT_EVENT),
];
