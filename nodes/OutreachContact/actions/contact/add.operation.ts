import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { forOperation } from '../displayOptions';
import { InputError, requireEmail, requireId, toBoolean } from '../../helpers/input';
import type { NewContact } from '../../types';
import { defineOperation } from '../operation';
import { addFields, DEFAULT_WAIT_TIMEOUT_S, MAX_WAIT_TIMEOUT_S } from './add.description';
import { addContacts, type AddInput } from './addItems';

/*
 * Contact → Add. Each item is checked here (`prepare`, before any request); the phases that
 * run all items together (look up, add, find new, wait) are in addItems.ts.
 */

function addOptions(ctx: IExecuteFunctions, i: number): Omit<AddInput, 'contact'> {
	const options = ctx.getNodeParameter('options', i, {}) as IDataObject;
	const flag = (name: string, fallback: boolean, field: string) => {
		if (options[name] === undefined) return fallback;
		const value = toBoolean(options[name]);
		if (value === undefined) throw new InputError(`Options › ${field}`, 'must be true or false');
		return value;
	};
	const timeout =
		options.waitTimeout === undefined ? DEFAULT_WAIT_TIMEOUT_S : Number(options.waitTimeout);
	if (!Number.isFinite(timeout) || timeout <= 0) {
		throw new InputError('Options › Wait Timeout', 'must be a number of seconds greater than 0');
	}
	if (timeout > MAX_WAIT_TIMEOUT_S) {
		throw new InputError(
			'Options › Wait Timeout',
			`must be at most ${MAX_WAIT_TIMEOUT_S} seconds (one hour), got ${timeout}`,
		);
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
			sequence_id: requireId(
				ctx.getNodeParameter('sequenceId', i, '', { extractValue: true }),
				'Sequence',
			),
			playbook_id: requireId(
				ctx.getNodeParameter('playbookId', i, '', { extractValue: true }),
				'Playbook',
			),
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
