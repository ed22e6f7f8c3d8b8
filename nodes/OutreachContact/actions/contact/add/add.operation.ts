import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	boundLength,
	describeValue,
	InputError,
	readBoolean,
	requireEmail,
	requireId,
} from '../../../helpers/input';
import { simplifyOutput } from '../../../helpers/shapeContact';
import type { NewContact } from '../../../types';
import { defineOperation } from '../../operation';
import { addFields, DEFAULT_WAIT_TIMEOUT_S, MAX_WAIT_TIMEOUT_S } from './add.description';
import { addContacts, type AddInput } from './addItems';

/*
 * Contact → Add. Each item is checked here (`prepare`, before any request); the phases that
 * run all items together (look up, add, find new, wait) are in addItems.ts.
 */

function addOptions(ctx: IExecuteFunctions, i: number): Omit<AddInput, 'contact'> {
	const options = ctx.getNodeParameter('options', i, {}) as IDataObject;
	const flag = (name: string, fallback: boolean, field: string) =>
		readBoolean(options[name], `Options › ${field}`, fallback);
	const timeout =
		options.waitTimeout === undefined ? DEFAULT_WAIT_TIMEOUT_S : Number(options.waitTimeout);
	if (!Number.isFinite(timeout) || timeout <= 0) {
		throw new InputError('Options › Wait Timeout', 'must be a number of seconds greater than 0');
	}
	if (timeout > MAX_WAIT_TIMEOUT_S) {
		throw new InputError(
			'Options › Wait Timeout',
			`must be at most ${MAX_WAIT_TIMEOUT_S} seconds (one day), got ${timeout}`,
		);
	}
	const wait = flag('waitForProcessing', false, 'Wait for Processing');
	return {
		wait,
		lookUp: wait || flag('lookUpContact', true, 'Look Up Contact'),
		timeoutSeconds: timeout,
		output: simplifyOutput(flag('simplify', true, 'Simplify')),
	};
}

/** The longest Pronet Handle: a handle, or a profile URL (2,048 characters, as browsers keep). */
const PRONET_HANDLE_MAX = 2_048;
/** Custom fields: at most this many, names and text values at most this long. */
const CUSTOM_FIELDS_MAX = 100;
const CUSTOM_FIELD_NAME_MAX = 255;
const CUSTOM_FIELD_VALUE_MAX = 10_000;

/**
 * `__proto__` is refused as a custom field name rather than sent: set on a plain object it
 * changes the object's prototype instead of adding a key, and n8n copies request bodies and
 * output items through plain objects (its deep copies, its request helper), so even a field
 * written into an object without a prototype could vanish on the way without a word. Other
 * names, `constructor` and `prototype` included, are ordinary own keys and are sent as typed.
 */
const UNSENDABLE_NAME = '__proto__';

function customFields(raw: unknown): IDataObject | undefined {
	const field = 'Additional Fields › Custom Fields';
	const entries = (raw as IDataObject | undefined)?.field;
	if (entries === undefined || entries === null) return undefined;
	if (!Array.isArray(entries)) {
		throw new InputError(field, `must be a list of { name, value }, got ${describeValue(entries)}`);
	}
	if (entries.length === 0) return undefined;
	if (entries.length > CUSTOM_FIELDS_MAX) {
		throw new InputError(field, `must be at most ${CUSTOM_FIELDS_MAX}, got ${entries.length}`);
	}
	const fields: IDataObject = {};
	entries.forEach((entry: unknown, index) => {
		const at = `${field} › Field ${index + 1}`;
		const { name: rawName, value } = (entry ?? {}) as IDataObject;
		const name = boundLength(
			typeof rawName === 'string' ? rawName.trim() : '',
			`${at} › Name`,
			CUSTOM_FIELD_NAME_MAX,
		);
		if (!name) throw new InputError(`${at} › Name`, 'must not be empty');
		if (name === UNSENDABLE_NAME) {
			throw new InputError(
				`${at} › Name`,
				'must not be "__proto__": JavaScript objects cannot carry that name as a field; rename the field',
			);
		}
		if (Object.prototype.hasOwnProperty.call(fields, name)) {
			throw new InputError(
				`${at} › Name`,
				`repeats "${name}" (an earlier field has that name); each name may be set once`,
			);
		}
		if (typeof value === 'string') boundLength(value, `${at} › Value`, CUSTOM_FIELD_VALUE_MAX);
		else if (value !== null && typeof value === 'object') {
			const length = JSON.stringify(value)?.length ?? 0;
			if (length > CUSTOM_FIELD_VALUE_MAX) {
				throw new InputError(
					`${at} › Value`,
					`must be at most ${CUSTOM_FIELD_VALUE_MAX} characters as JSON, got ${length}`,
				);
			}
		}
		fields[name] = value ?? '';
	});
	return fields;
}

export const add = defineOperation({
	option: {
		name: 'Add',
		value: 'add',
		description:
			'Add a contact to a sequence with a playbook and queue it for snippets and enrichment',
		action: 'Add contact to sequence',
	},
	fields: addFields,
	prepare(ctx, i): AddInput {
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
		const rawHandle = extra.pronetHandle;
		const handle = boundLength(
			typeof rawHandle === 'string' || typeof rawHandle === 'number'
				? String(rawHandle).trim()
				: '',
			'Additional Fields › Pronet Handle',
			PRONET_HANDLE_MAX,
		);
		if (handle) contact.pronet_handle = handle;
		if (extra.doEnrichment !== undefined && extra.doEnrichment !== null) {
			const enrich = readBoolean(extra.doEnrichment, 'Additional Fields › Enrich Contact', false);
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
