// In-memory data of the sandbox: profiles, sequences, playbooks and contacts.

import { enrichCompany, enrichContact } from './enrichment';
import { generatePremiseIds, generateSentences } from './sentences';
import type { Contact, ContactRecord, Json, Playbook, Profile, Sequence } from './types';

/** A time given as ISO string, epoch milliseconds or Date. */
export type TimeInput = string | number | Date;

export interface AddContactInput {
	email: string;
	sequence_id: number;
	/** Defaults to the first playbook of the sequence's profile (or 0 when there is none). */
	playbook_id?: number;
	pronet_handle?: string | null;
	/** Fills enriched_contact_data and enriched_company_data from pronet_handle. */
	do_enrichment?: boolean;
	custom_fields?: Record<string, Json>;
	/** Defaults to the store clock. */
	created_date?: TimeInput;
	/** Defaults to created_date. */
	updated_date?: TimeInput;
	/** Defaults to null (never synced). */
	last_synced_date?: TimeInput | null;
	/** Defaults to generated ids. */
	premise_ids?: string[];
	sentence_fields?: Record<string, string>;
	/**
	 * When the service finishes processing the contact (default: at once). Until then it has no
	 * snippets; then they appear and updated_date moves to this time.
	 */
	processed_at?: TimeInput;
	/**
	 * When its enrichment is written, when not with the snippets (`processed_at`): until then it
	 * is not enriched (`is_enriched` false); then updated_date moves to this time. The two are the
	 * service's own steps: either may come first.
	 */
	enriched_at?: TimeInput;
}

/** What a contact still being processed gets, each part at its time. */
interface Processing {
	/** When the snippets are written (undefined: written). */
	at?: number;
	sentence_fields: Record<string, string>;
	/** When the enrichment is written (undefined: written, or none). */
	enrichAt?: number;
	enriched_contact_data: ContactRecord['enriched_contact_data'];
	enriched_company_data: ContactRecord['enriched_company_data'];
}

interface OwnedSequence extends Sequence {
	profile_id: number;
}

interface OwnedPlaybook extends Playbook {
	profile_id: number;
}

// Distinct id ranges make a client mixing up sequence, playbook and contact ids fail visibly.
const FIRST_SEQUENCE_ID = 101;
const FIRST_PLAYBOOK_ID = 201;
const FIRST_CONTACT_ID = 1001;

export function toIso(time: TimeInput): string {
	const date = time instanceof Date ? time : new Date(time);
	if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid time: ${String(time)}`);
	return date.toISOString();
}

export class Store {
	private readonly profiles = new Map<number, Profile>();
	private readonly sequences = new Map<number, OwnedSequence>();
	private readonly playbooks = new Map<number, OwnedPlaybook>();
	private readonly contactsById = new Map<number, ContactRecord>();
	private readonly processing = new Map<number, Processing>();
	private nextProfileId = 1;
	private nextSequenceId = FIRST_SEQUENCE_ID;
	private nextPlaybookId = FIRST_PLAYBOOK_ID;
	private nextContactId = FIRST_CONTACT_ID;

	constructor(private readonly now: () => number = Date.now) {}

	addProfile(input: Partial<Omit<Profile, 'id'>> & { profile_name: string }): Profile {
		const id = this.nextProfileId++;
		const profile: Profile = {
			id,
			profile_name: input.profile_name,
			profile_domain:
				input.profile_domain ?? input.profile_name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
			is_active: input.is_active ?? true,
			current_tool: input.current_tool ?? 'None',
			created_timestamp: input.created_timestamp ?? toIso(this.now()),
		};
		this.profiles.set(id, profile);
		return profile;
	}

	addSequence(input: {
		profile_id: number;
		sequence_name: string;
		is_request?: boolean;
		create_date?: TimeInput;
	}): Sequence {
		const profile = this.requireProfile(input.profile_id);
		const sequence: OwnedSequence = {
			id: this.nextSequenceId++,
			profile_name: profile.profile_name,
			sequence_name: input.sequence_name,
			is_request: input.is_request ?? false,
			create_date: toIso(input.create_date ?? this.now()),
			profile_id: profile.id,
		};
		this.sequences.set(sequence.id, sequence);
		return publicSequence(sequence);
	}

	addPlaybook(input: {
		profile_id: number;
		playbook_name: string;
		created_timestamp?: TimeInput;
	}): Playbook {
		const profile = this.requireProfile(input.profile_id);
		const playbook: OwnedPlaybook = {
			id: this.nextPlaybookId++,
			profile_name: profile.profile_name,
			playbook_name: input.playbook_name,
			created_timestamp: toIso(input.created_timestamp ?? this.now()),
			profile_id: profile.id,
		};
		this.playbooks.set(playbook.id, playbook);
		return publicPlaybook(playbook);
	}

	getProfile(id: number): Profile | undefined {
		return this.profiles.get(id);
	}

	listProfiles(): Profile[] {
		return [...this.profiles.values()];
	}

	getSequence(id: number): Sequence | undefined {
		const sequence = this.sequences.get(id);
		return sequence && publicSequence(sequence);
	}

	getPlaybook(id: number): Playbook | undefined {
		const playbook = this.playbooks.get(id);
		return playbook && publicPlaybook(playbook);
	}

	listSequences(profileId?: number): Sequence[] {
		return [...this.sequences.values()]
			.filter((s) => profileId === undefined || s.profile_id === profileId)
			.map(publicSequence);
	}

	listPlaybooks(profileId?: number): Playbook[] {
		return [...this.playbooks.values()]
			.filter((p) => profileId === undefined || p.profile_id === profileId)
			.map(publicPlaybook);
	}

	/**
	 * Adds a contact directly, bypassing the API (e.g. with a past created_date for trigger tests).
	 * Throws when the sequence does not exist. Does not check for duplicates.
	 */
	addContact(input: AddContactInput): ContactRecord {
		const sequence = this.sequences.get(input.sequence_id);
		if (!sequence) throw new RangeError(`Unknown sequence_id ${input.sequence_id}`);
		const id = this.nextContactId++;
		const handle = input.pronet_handle ?? null;
		const enrich = input.do_enrichment === true && handle !== null && handle !== '';
		const enrichedContact = enrich ? enrichContact(handle) : null;
		const customFields = input.custom_fields ?? {};
		const created = toIso(input.created_date ?? this.now());
		const record: ContactRecord = {
			id,
			email: input.email,
			custom_fields: { ...customFields },
			sentence_fields:
				input.sentence_fields ?? generateSentences(input.email, customFields, enrichedContact),
			sequence_name: sequence.sequence_name,
			pro_net_handle: handle,
			enriched_contact_data: enrichedContact,
			enriched_company_data: enrich ? enrichCompany(handle) : null,
			created_date: created,
			sequence_id: sequence.id,
			playbook_id: input.playbook_id ?? this.defaultPlaybookId(sequence.profile_id),
			premise_ids: input.premise_ids ?? generatePremiseIds(id, input.email),
			updated_date: input.updated_date === undefined ? created : toIso(input.updated_date),
			last_synced_date: input.last_synced_date == null ? null : toIso(input.last_synced_date),
		};
		this.contactsById.set(id, record);
		const later = (time: TimeInput | undefined) => {
			const at = time === undefined ? undefined : Date.parse(toIso(time));
			return at !== undefined && at > this.now() ? at : undefined;
		};
		const snippetsAt = later(input.processed_at);
		const enrichAt = enrich ? later(input.enriched_at ?? input.processed_at) : undefined;
		if (snippetsAt !== undefined || enrichAt !== undefined) {
			this.processing.set(id, {
				at: snippetsAt,
				sentence_fields: record.sentence_fields,
				enrichAt,
				enriched_contact_data: record.enriched_contact_data,
				enriched_company_data: record.enriched_company_data,
			});
			if (snippetsAt !== undefined) record.sentence_fields = {};
			if (enrichAt !== undefined) {
				record.enriched_contact_data = null;
				record.enriched_company_data = null;
			}
		}
		return record;
	}

	getContact(id: number): ContactRecord | undefined {
		this.finishProcessing();
		return this.contactsById.get(id);
	}

	/** All contacts in insertion order. */
	listContacts(): ContactRecord[] {
		this.finishProcessing();
		return [...this.contactsById.values()];
	}

	/** Contacts still being processed. */
	get processingCount(): number {
		this.finishProcessing();
		return this.processing.size;
	}

	/** Applies every processing whose time has come (read lazily, so a virtual clock works). */
	private finishProcessing(): void {
		if (this.processing.size === 0) return;
		const now = this.now();
		for (const [id, done] of this.processing) {
			const record = this.contactsById.get(id);
			if (!record) {
				this.processing.delete(id);
				continue;
			}
			// Each part at its time, the earlier first; updated_date moves to each.
			const parts = [
				{ at: done.at, apply: () => (record.sentence_fields = done.sentence_fields) },
				{
					at: done.enrichAt,
					apply: () => {
						record.enriched_contact_data = done.enriched_contact_data;
						record.enriched_company_data = done.enriched_company_data;
					},
				},
			]
				.filter((part): part is { at: number; apply: () => void } => part.at !== undefined)
				.filter((part) => part.at <= now)
				.sort((a, b) => a.at - b.at);
			for (const part of parts) {
				part.apply();
				record.updated_date = toIso(part.at);
			}
			if (done.at !== undefined && done.at <= now) done.at = undefined;
			if (done.enrichAt !== undefined && done.enrichAt <= now) done.enrichAt = undefined;
			if (done.at === undefined && done.enrichAt === undefined) this.processing.delete(id);
		}
	}

	/** Emails compare case-insensitively. */
	findContactInSequence(sequenceId: number, email: string): ContactRecord | undefined {
		const wanted = email.toLowerCase();
		return this.listContacts().find(
			(c) => c.sequence_id === sequenceId && c.email.toLowerCase() === wanted,
		);
	}

	/**
	 * Deletes a contact, as a user does in the service's app (the interface has no endpoint for
	 * it): it leaves every search and lookup at once, and its processing is dropped. Returns
	 * whether it was there.
	 */
	deleteContact(id: number): boolean {
		this.processing.delete(id);
		return this.contactsById.delete(id);
	}

	/** Sets updated_date (default: now). */
	touchContact(id: number, when: TimeInput = this.now()): ContactRecord {
		const record = this.requireContact(id);
		record.updated_date = toIso(when);
		return record;
	}

	/** Sets last_synced_date (default: now; null means never synced). */
	markSynced(id: number, when: TimeInput | null = this.now()): ContactRecord {
		const record = this.requireContact(id);
		record.last_synced_date = when === null ? null : toIso(when);
		return record;
	}

	/** Fixed fixtures: 2 profiles, 5 sequences (101-105), 4 playbooks (201-204). */
	seed(): void {
		const acme = this.addProfile({
			profile_name: 'Acme Sales',
			profile_domain: 'acme-sales',
			current_tool: 'HubSpot',
			created_timestamp: '2023-01-10T09:00:00.000Z',
		});
		const globex = this.addProfile({
			profile_name: 'Globex Growth',
			profile_domain: 'globex-growth',
			current_tool: 'Salesforce',
			created_timestamp: '2023-02-20T14:30:00.000Z',
		});
		this.addSequence({
			profile_id: acme.id,
			sequence_name: 'Q1 Outbound',
			create_date: '2023-03-01T08:00:00.000Z',
		});
		this.addSequence({
			profile_id: acme.id,
			sequence_name: 'Webinar Follow-up',
			create_date: '2023-03-15T08:00:00.000Z',
		});
		this.addSequence({
			profile_id: acme.id,
			sequence_name: 'Enterprise (done for you)',
			is_request: true,
			create_date: '2023-04-02T10:00:00.000Z',
		});
		this.addSequence({
			profile_id: globex.id,
			sequence_name: 'Partner Outreach',
			create_date: '2023-05-05T12:00:00.000Z',
		});
		this.addSequence({
			profile_id: globex.id,
			sequence_name: 'Re-engagement',
			create_date: '2023-06-01T12:00:00.000Z',
		});
		this.addPlaybook({
			profile_id: acme.id,
			playbook_name: 'Cold Email Intro',
			created_timestamp: '2023-03-01T07:00:00.000Z',
		});
		this.addPlaybook({
			profile_id: acme.id,
			playbook_name: 'Event Invite',
			created_timestamp: '2023-03-10T07:00:00.000Z',
		});
		this.addPlaybook({
			profile_id: globex.id,
			playbook_name: 'Partner Pitch',
			created_timestamp: '2023-05-01T07:00:00.000Z',
		});
		this.addPlaybook({
			profile_id: globex.id,
			playbook_name: 'Win-back',
			created_timestamp: '2023-06-01T07:00:00.000Z',
		});
	}

	/** Adds `count` deterministic contacts spread over the sequences, one every 6 hours back from now. */
	seedContacts(count: number): void {
		const sequences = [...this.sequences.values()];
		if (sequences.length === 0) throw new RangeError('seedContacts needs at least one sequence');
		const now = this.now();
		for (let n = 1; n <= count; n++) {
			const sequence = sequences[n % sequences.length] as OwnedSequence;
			const created = now - n * 6 * 3_600_000;
			this.addContact({
				email: `contact${n}@example.com`,
				sequence_id: sequence.id,
				pronet_handle: n % 3 === 0 ? `https://www.pronet.example/in/contact-${n}/` : null,
				do_enrichment: n % 3 === 0,
				custom_fields: { company: `Company ${n}` },
				created_date: created,
				last_synced_date: n % 2 === 0 ? created + 3_600_000 : null,
			});
		}
	}

	/** The API view of a contact: documented fields only. */
	toPublicContact(record: ContactRecord): Contact {
		return {
			id: record.id,
			email: record.email,
			custom_fields: record.custom_fields,
			sentence_fields: record.sentence_fields,
			sequence_name: record.sequence_name,
			pro_net_handle: record.pro_net_handle,
			enriched_contact_data: record.enriched_contact_data,
			enriched_company_data: record.enriched_company_data,
			created_date: record.created_date,
		};
	}

	private defaultPlaybookId(profileId: number): number {
		return [...this.playbooks.values()].find((p) => p.profile_id === profileId)?.id ?? 0;
	}

	private requireProfile(id: number): Profile {
		const profile = this.profiles.get(id);
		if (!profile) throw new RangeError(`Unknown profile_id ${id}`);
		return profile;
	}

	private requireContact(id: number): ContactRecord {
		const record = this.contactsById.get(id);
		if (!record) throw new RangeError(`Unknown contact id ${id}`);
		return record;
	}
}

function publicSequence(s: OwnedSequence): Sequence {
	return {
		id: s.id,
		profile_name: s.profile_name,
		sequence_name: s.sequence_name,
		is_request: s.is_request,
		create_date: s.create_date,
	};
}

function publicPlaybook(p: OwnedPlaybook): Playbook {
	return {
		id: p.id,
		profile_name: p.profile_name,
		playbook_name: p.playbook_name,
		created_timestamp: p.created_timestamp,
	};
}
