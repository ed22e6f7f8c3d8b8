import type { IPollFunctions } from 'n8n-workflow';

import type { PageReader } from '../../paging/pageReader';
import { idKey, reportKey } from '../shared/collector';
import { readSample } from '../shared/order';
import { cutoffOf, nextFloor } from '../shared/settings';
import { parseCreatedTime } from '../shared/timeRules';
import { emptyAccountFloor, newWalk } from './plan';
import { STATE_VERSION, type PollState } from './state';

/**
 * A first activation reads a handful of pages, not the window (readSample, docs/trigger.md,
 * "First activation"). The cutoff (cutoffOf) is the CUTOFF_RANK-th newest creation time read: contacts created at or before it
 * were there and never come; contacts newer than it that were read (two dated hours ahead, say)
 * are recorded as seen. The service's own timestamps decide, so a service whose clock or zone
 * differs from n8n's loses nothing.
 */
export interface Activation {
	state: PollState;
	/** Contacts read that cannot be placed (no usable id or date), for the log. */
	unreadable: string[];
}

/**
 * Where the account stands at the first activation. With "Emit Contacts From the Last N Days",
 * `floor` is given (N days back) and only the order is learned here: nothing is cut off.
 */
export async function activate(
	ctx: IPollFunctions,
	reader: PageReader,
	now: number,
	latest: number,
	floor?: number,
): Promise<Activation> {
	const { first, pages, order, sample } = await readSample(ctx, reader);
	const unreadable: string[] = [];
	const times: number[] = [];
	for (const page of sample) {
		for (const c of page.contacts) {
			const t = parseCreatedTime(c?.created_date);
			if (t === undefined || idKey(c?.id) === undefined) unreadable.push(reportKey(c));
			else if (t <= latest) times.push(t);
		}
	}
	const top = cutoffOf(times);
	const cutoff = floor === undefined ? top : null;
	const start = floor ?? (cutoff === null ? emptyAccountFloor(now) : -Infinity);
	const seen: Record<string, number> = {};
	if (cutoff !== null) {
		for (const page of sample) {
			for (const c of page.contacts) {
				const t = parseCreatedTime(c?.created_date);
				const key = idKey(c?.id);
				if (t !== undefined && key !== undefined && t > cutoff) seen[key] = t;
			}
		}
	}
	const through = cutoff === null ? null : Math.min(cutoff, now);
	const state: PollState = {
		version: STATE_VERSION,
		baseline: now,
		floor: cutoff === null ? start : nextFloor(-Infinity, through, now),
		cutoff,
		through,
		seen,
	};
	if (order === 'newest' || order === 'oldest') state.order = order;
	if (reader.pageSize !== undefined) state.pageSize = reader.pageSize;
	if (first.total !== undefined) state.total = first.total;
	// With N days and no order, the first walk emits them; once it is complete, everything read up
	// to the newest of the sample has been handled, and the floor can follow it.
	if (floor !== undefined && !state.order && pages > 1) state.walk = newWalk(floor, now, top);
	return { state, unreadable };
}
