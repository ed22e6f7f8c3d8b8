import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { getClock } from '../../../helpers/clock';
import { mapConcurrent, SerialQueues } from '../../../helpers/concurrency';
import { toNodeError } from '../../../helpers/input';
import { shapeContact, type ContactOutput } from '../../../helpers/shapeContact';
import { createContact } from '../../../transport/api';
import type { Contact, NewContact } from '../../../types';
import { tellInEditor } from '../../executionHints';
import { ITEM_CONCURRENCY, type PreparedItem } from '../../operation';
import {
	findContacts,
	findNewContacts,
	memberKey,
	NEW_CONTACT_RETRY_DELAYS_MS,
	type Member,
} from './addLookup';
import { waitForProcessing } from './addWait';

/** One item of Add as its check (add.operation.ts `prepare`) leaves it. */
export interface AddInput {
	contact: NewContact;
	/** Look the contact up before and after the add (always on with `wait`). */
	lookUp: boolean;
	wait: boolean;
	timeoutSeconds: number;
	/** With `wait`: the contact as Simplify asks. */
	output: ContactOutput;
}

/** One item on its way through the phases: look up, add, find new, wait. */
interface AddRecord extends PreparedItem<AddInput> {
	member: Member;
	/** memberKey(member): the same email in the same sequence. */
	key: string;
	/** Set once the item is done: its output entries, or its failure (Continue On Fail). */
	outcome?: IDataObject[] | Error;
	/** The service's status string of the add. */
	status?: string | null;
	/** In the sequence before this execution, or added earlier in it. */
	duplicate: boolean;
	/** When the add was answered (n8n's clock): Wait Timeout counts from here. */
	addedAt?: number;
}

/** How long the look-up keeps searching for a new contact: the sum of its retry delays. */
const LOOK_UP_SECONDS = NEW_CONTACT_RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0) / 1000;

/** Shown in `lookUpNote` when a contact added was not found by the searches that followed. */
const NOT_FOUND_NOTE = `The contact was added, but a search for its email in the sequence did not find it within ${LOOK_UP_SECONDS} s (it is still queued). Its ID is not known yet: search it by email later.`;

/**
 * All the items of Add, as records through the phases: one batched look-up of the emails
 * already in their sequences, the adds (same email and sequence one after the other, in input
 * order), one batched look-up of the new contacts, then Wait for Processing for the items that
 * ask. An add that fails fails its item only (with Continue On Fail); a look-up after a
 * successful add never fails its item.
 */
export async function addContacts(
	ctx: IExecuteFunctions,
	items: Array<PreparedItem<AddInput>>,
): Promise<Array<IDataObject[] | Error>> {
	const failFast = !ctx.continueOnFail();
	const records: AddRecord[] = items.map((item) => {
		const member = { sequenceId: item.input.contact.sequence_id, email: item.input.contact.email };
		return { ...item, member, key: memberKey(member), duplicate: false };
	});
	const fail = (record: AddRecord, error: unknown) => {
		const failure = toNodeError(ctx.getNode(), error, record.index);
		if (failFast) throw failure;
		record.outcome = failure;
	};

	const before = await lookUpBefore(ctx, records, fail);
	await addEach(ctx, records, before, fail);
	await findNew(ctx, records, before);
	await waitUntilProcessed(ctx, records, failFast, fail);
	tellWhatItemsHide(ctx, records);
	return records.map((record) => record.outcome ?? new Error('The item was not run'));
}

/** What a user would otherwise find only by reading every item, said once in the editor. */
function tellWhatItemsHide(ctx: IExecuteFunctions, records: AddRecord[]) {
	const out = records.filter((record) => Array.isArray(record.outcome));
	const unknown = out.filter(
		(record) => (record.outcome as IDataObject[])[0]?.lookUpNote !== undefined,
	).length;
	if (unknown > 0) {
		tellInEditor(
			ctx,
			`${unknown} of ${records.length} contacts were added, but their ID is not known yet (id is null; each item's lookUpNote says why). They are queued: search them by email later, or turn on Wait for Processing.`,
		);
	}
	const duplicates = out.filter((record) => record.duplicate).length;
	if (duplicates > 0) {
		tellInEditor(
			ctx,
			`${duplicates} of ${records.length} contacts were already in their sequence (duplicate is true): the service kept them as they were and added nothing.`,
			'info',
		);
	}
}

type Fail = (record: AddRecord, error: unknown) => void;

const open = (records: AddRecord[]) => records.filter((record) => !record.outcome);

/** Look up: which emails are in their sequences already (for `duplicate`). */
async function lookUpBefore(
	ctx: IExecuteFunctions,
	records: AddRecord[],
	fail: Fail,
): Promise<Map<string, Contact>> {
	const lookUps = records.filter((record) => record.input.lookUp);
	if (lookUps.length === 0) return new Map();
	try {
		return await findContacts(
			ctx,
			lookUps.map((record) => record.member),
			[],
			lookUps[0].index,
		);
	} catch (error) {
		lookUps.forEach((record) => fail(record, error));
		return new Map();
	}
}

/** Add: each item sent; the service answers a repeated email with success, so `duplicate` is decided here. */
async function addEach(
	ctx: IExecuteFunctions,
	records: AddRecord[],
	before: Map<string, Contact>,
	fail: Fail,
) {
	const added = new Set<string>();
	const inOrder = new SerialQueues();
	await mapConcurrent(records.length, ITEM_CONCURRENCY, async (n) => {
		const record = records[n];
		if (record.outcome) return;
		await inOrder.run(record.key, async () => {
			try {
				const answer = await createContact(ctx, record.input.contact, record.index);
				record.status = typeof answer.status === 'string' ? answer.status : null;
			} catch (error) {
				return fail(record, error);
			}
			record.addedAt = getClock().elapsed();
			record.duplicate = added.has(record.key) || before.has(record.key);
			added.add(record.key);
		});
	});
}

/** Find new: the ids of the contacts just added; the items that do not wait are done here. */
async function findNew(ctx: IExecuteFunctions, records: AddRecord[], before: Map<string, Contact>) {
	const done = open(records).filter((record) => !record.input.wait);
	const lookUpAfter = done.filter((record) => record.input.lookUp);
	let after = before;
	let notFound = NOT_FOUND_NOTE;
	if (lookUpAfter.length > 0) {
		try {
			after = await findNewContacts(
				ctx,
				lookUpAfter.map((record) => record.member),
				before,
				lookUpAfter[0].index,
			);
		} catch (error) {
			// The adds succeeded: their items say the look-up failed instead of failing.
			notFound = `The contact was added, but the search for its ID failed: ${(error as Error).message.replace(/ \[item \d+\]$/, '')}`;
		}
	}
	for (const record of done) {
		const found = record.input.lookUp ? after.get(record.key) : undefined;
		const { status = null, duplicate } = record;
		const json: IDataObject = { id: found?.id ?? null, status, duplicate, ...record.input.contact };
		if (record.input.lookUp && !found) json.lookUpNote = notFound;
		record.outcome = [json];
	}
}

/** Wait: the items that asked come out once the service has processed their contacts. */
async function waitUntilProcessed(
	ctx: IExecuteFunctions,
	records: AddRecord[],
	failFast: boolean,
	fail: Fail,
) {
	const waiting = open(records).filter((record) => record.input.wait);
	if (waiting.length === 0) return;
	let processed = new Map<number, Contact | Error>();
	try {
		processed = await waitForProcessing(
			ctx,
			waiting.map((record) => ({
				...record.member,
				index: record.index,
				enrich: record.input.contact.do_enrichment === true,
				deadline: (record.addedAt ?? getClock().elapsed()) + record.input.timeoutSeconds * 1000,
				timeoutSeconds: record.input.timeoutSeconds,
			})),
			failFast,
		);
	} catch (error) {
		// A search failed for good (after the transport's retries): every waiting item says so.
		if (failFast) throw toNodeError(ctx.getNode(), error, waiting[0].index);
		waiting.forEach((record) => fail(record, error));
	}
	for (const record of open(waiting)) {
		const contact = processed.get(record.index);
		if (contact instanceof Error || contact === undefined) {
			fail(record, contact ?? new Error('The contact was not processed'));
			continue;
		}
		const shown = shapeContact(contact, record.input.output);
		record.outcome = [{ ...shown, status: record.status ?? null, duplicate: record.duplicate }];
	}
}
