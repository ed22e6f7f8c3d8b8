import type { IDataObject } from 'n8n-workflow';

/** Resources of the service, as its interface documents them. */

export interface Playbook extends IDataObject {
	id: number;
	profile_name: string;
	playbook_name: string;
	created_timestamp: string;
}

export interface Sequence extends IDataObject {
	id: number;
	profile_name: string;
	sequence_name: string;
	is_request: boolean;
	create_date: string;
}

export interface Contact extends IDataObject {
	id: number;
	email: string;
	custom_fields?: IDataObject | null;
	sentence_fields?: IDataObject | null;
	sequence_name?: string;
	pro_net_handle?: string | null;
	enriched_contact_data?: IDataObject | null;
	enriched_company_data?: IDataObject | null;
	created_date: string;
}

export interface Profile extends IDataObject {
	id: number;
	profile_name: string;
	profile_domain: string;
	is_active: boolean;
	current_tool: string;
	created_timestamp: string;
}

export type SearchProperty =
	| 'sequence__id'
	| 'email'
	| 'premise_ids_used'
	| 'created_timestamp'
	| 'updated_timestamp'
	| 'last_synced_timestamp'
	| 'is_enriched';

export type SearchOperator =
	| 'Is'
	| 'Is not'
	| 'Contains'
	| 'Does not contain'
	| 'More than'
	| 'Exactly'
	| 'Less than';

/** A condition as the service takes it. */
export interface SearchCondition extends IDataObject {
	property: SearchProperty;
	condition: SearchOperator;
	value: string | number | boolean;
}

export interface Pagination {
	total_contacts: number;
	page: number;
	total_pages: number;
	page_size: number;
}

export interface SearchPage {
	contacts: Contact[];
	pagination: Pagination;
}

export interface NewContact extends IDataObject {
	email: string;
	sequence_id: number;
	playbook_id: number;
	pronet_handle?: string;
	do_enrichment?: boolean;
	custom_fields?: IDataObject;
}
