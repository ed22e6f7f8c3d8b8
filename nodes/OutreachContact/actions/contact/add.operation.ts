import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { forOperation } from '../displayOptions';
import { getClock } from '../../helpers/clock';
import { mapConcurrent, SerialQueues } from '../../helpers/concurrency';
import { InputError, requireEmail, requireId, toBoolean, toNodeError } from '../../helpers/input';
import { simplifyContact } from '../../helpers/simplify';
import { createContact } from '../../transport/api';
import type { Contact, NewContact } from '../../types';
import { defineOperation, ITEM_CONCURRENCY, type PreparedItem } from '../operation';
import { addFields, DEFAULT_WAIT_TIMEOUT_S } from './add.description';
import { findContacts, findNewContacts, memberKey, type Member } from './addLookup';
import { waitForProcessing } from './addWait';

interface AddInput {
	contact: NewContact;
	/** Look the contact up before and after the add (always on with `wait`). */
	lookUp: boolean;
	wait: boolean;
	timeoutSeconds: number;
	simplify: boolean;
}

/** Shown in `lookUpNote` when a contact added was not found by the searches that followed. */
const NOT_FOUND_NOTE =
	'The contact was added, but a search for its email in the sequence did not find it within 15 s (it is still queued). Its ID is not known yet: search it by email later.';

function addOptions(ctx: IExecuteFunctions, i: number): Omit<AddInput, 'contact'> {
	const options = ctx.getNodeParameter('options', i, {}) as IDataObject;
	const flag = (name: string, fallback: boolean, field: string) => {
		if (options[name] === undefined) return fallback;
		const value = toBoolean(options[name]);
		if (value === undefined) throw new InputError(`Options › ${field}`, 'must be true or false');
		return value;
	};
	const timeout = options.waitTimeout === undefined ? DEFAULT_WAIT_TIMEOUT_S : Number(options.waitTimeout);
	if (!Number.isFinite(timeout) || timeout <= 0) {
		throw new InputError('Options › Wait Timeout', 'must be a number of seconds greater than 0');
	}
	const wait = flag('waitForProcessing', false, 'Wait for Processing');
	return {
		wait,
		lookUp: wait || flag('lookUpContact', true, 'Look Up Contact'),
		timeoutSeconds: timeout,
		simplify: flag('simplify', true, 'Simplify'),
	};
}

function customFields(raw: unknown): IDataObject | undefined {
	const entries = ((raw as IDataObject | undefined)?.field ?? []) as IDataObject[];
	if (!Array.isArray(entries) || entries.length === 0) return undefined;
	const fields: IDataObject = {};
	entries.forEach((entry, index) => {
		const name = typeof entry.name === 'string' ? entry.name.trim() : '';
		if (!name) {
			throw new InputError(
				`Additional Fields › Custom Fields › Field ${index + 1} › Name`,
				'must not be empty',
			);
		}
		fields[name] = entry.value ?? '';
	});
	return fields;
}

export const add = defineOperation<AddInput>({
	description: forOperation('contact', 'add', addFields),
	prepare(ctx, i) {
		const extra = ctx.getNodeParameter('additionalFields', i, {}) as IDataObject;
		const contact: NewContact = {
			email: requireEmail(ctx.getNodeParameter('email', i)),
			sequence_id: requireId(ctx.getNodeParameter('sequenceId', i, '', { extractValue: true }), 'Sequence'),
			playbook_id: requireId(ctx.getNodeParameter('playbookId', i, '', { extractValue: true }), 'Playbook'),
		};
		const handle = typeof extra.pronetHandle === 'string' ? extra.pronetHandle.trim() : '';
		if (handle) contact.pronet_handle = handle;
		if (extra.doEnrichment !== undefined) {
			const enrich = extra.doEnrichment === true || extra.doEnrichment === 'true';
			if (enrich && !handle) {
				throw new InputError(
					'Additional Fields › Pronet Handle',
					'is required when Enrich Contact is on: the service looks the person up by this handle',
				);
			}
			contact.do_enrichment = enrich;
		}
		const fields = customFields(extra.customFields);
		if (fields) contact.custom_fields = fields;
		return { contact, ...addOptions(ctx, i) };
	},
	runAll: addContacts,
});

const member = ({ contact }: AddInput): Member => ({ sequenceId: contact.sequence_id, email: contact.email });

/**
 * All the items of Add: one batched look-up of the emails already in their sequences, the adds
 * (same email and sequence one after the other, in input order), one batched look-up of the new
 * contacts, then Wait for Processing for the items that ask. An add that fails fails its item
 * only (with Continue On Fail); a look-up after a successful add never fails its item.
 */
async function addContacts(ctx: IExecuteFunctions, items: Array<PreparedItem<AddInput>>): Promise<Array<IDataObject[] | Error>> {
	const failFast = !ctx.continueOnFail();
	const outcomes: Array<IDataObject[] | Error | undefined> = items.map(() => undefined);
	const fail = (n: number, error: unknown) => {
		const failure = toNodeError(ctx.getNode(), error, items[n].index);
		if (failFast) throw failure;
		outcomes[n] = failure;
	};

	const lookUps = items.filter((item) => item.input.lookUp);
	let before = new Map<string, Contact>();
	if (lookUps.length > 0) {
		try {
			before = await findContacts(ctx, lookUps.map((item) => member(item.input)), [], lookUps[0].index);
		} catch (error) {
			items.forEach((item, n) => item.input.lookUp && fail(n, error));
		}
	}

	// The service answers a repeated email with success: whether it is a duplicate is decided here.
	const added = new Set<string>();
	const duplicate: boolean[] = items.map(() => false);
	const status: Array<string | null> = [];
	const addedAt: number[] = [];
	const inOrder = new SerialQueues();
	await mapConcurrent(items.length, ITEM_CONCURRENCY, async (n) => {
		if (outcomes[n]) return;
		const { input, index } = items[n];
		const key = memberKey(member(input));
		await inOrder.run(key, async () => {
			try {
				const answer = await createContact(ctx, input.contact, index);
				status[n] = typeof answer.status === 'string' ? answer.status : null;
			} catch (error) {
				return fail(n, error);
			}
			addedAt[n] = getClock().now();
			duplicate[n] = added.has(key) || before.has(key);
			added.add(key);
		});
	});

	const succeeded = items.map((_, n) => n).filter((n) => !outcomes[n]);
	const waiting = succeeded.filter((n) => items[n].input.wait);
	const lookUpAfter = succeeded.filter((n) => items[n].input.lookUp && !items[n].input.wait);
	let after = before;
	let notFound = NOT_FOUND_NOTE;
	if (lookUpAfter.length > 0) {
		try {
			after = await findNewContacts(ctx, lookUpAfter.map((n) => member(items[n].input)), before, items[lookUpAfter[0]].index);
		} catch (error) {
			// The adds succeeded: their items say the look-up failed instead of failing.
			notFound = `The contact was added, but the search for its ID failed: ${(error as Error).message}`;
		}
	}
	for (const n of succeeded.filter((s) => !items[s].input.wait)) {
		const { input } = items[n];
		const found = input.lookUp ? after.get(memberKey(member(input))) : undefined;
		const json: IDataObject = { id: found?.id ?? null, status: status[n], duplicate: duplicate[n], ...input.contact };
		if (input.lookUp && !found) json.lookUpNote = notFound;
		outcomes[n] = [json];
	}

	if (waiting.length > 0) {
		let processed = new Map<number, Contact | Error>();
		try {
			processed = await waitForProcessing(
				ctx,
				waiting.map((n) => ({
					...member(items[n].input),
					index: items[n].index,
					enrich: items[n].input.contact.do_enrichment === true,
					deadline: addedAt[n] + items[n].input.timeoutSeconds * 1000,
					timeoutSeconds: items[n].input.timeoutSeconds,
				})),
				failFast,
			);
		} catch (error) {
			// A search failed for good (after the transport's retries): every waiting item says so.
			if (failFast) throw toNodeError(ctx.getNode(), error, items[waiting[0]].index);
			for (const n of waiting) fail(n, error);
		}
		for (const n of waiting.filter((w) => !outcomes[w])) {
			const contact = processed.get(items[n].index);
			if (contact instanceof Error || contact === undefined) {
				fail(n, contact ?? new Error('The contact was not processed'));
				continue;
			}
			const shown = items[n].input.simplify ? simplifyContact(contact) : contact;
			outcomes[n] = [{ ...shown, status: status[n], duplicate: duplicate[n] }];
		}
	}
	return outcomes.map((outcome) => outcome ?? new Error('The item was not run'));
}
