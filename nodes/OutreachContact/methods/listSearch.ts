import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { listPlaybooks, listSequences } from '../transport/api';
import type { Playbook, Sequence } from '../types';

/** Entries whose name contains the typed text (case-insensitive), named with their profile. */
function toResults(
	entries: Array<{ id: number; name: string; profile: string }>,
	filter?: string,
): INodeListSearchResult {
	const needle = filter?.trim().toLowerCase() ?? '';
	return {
		results: entries
			.filter((e) => !needle || e.name.toLowerCase().includes(needle) || String(e.id) === needle)
			.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
			.map((e) => ({
				name: e.profile ? `${e.name} (${e.profile})` : e.name,
				value: String(e.id),
			})),
	};
}

/** A list search over a list endpoint: `nameOf` names an entry that has no name. */
function listSearch<T extends Playbook | Sequence>(
	list: (ctx: ILoadOptionsFunctions) => Promise<T[]>,
	nameOf: (entry: T) => string,
) {
	return async function (
		this: ILoadOptionsFunctions,
		filter?: string,
	): Promise<INodeListSearchResult> {
		const entries = await list(this);
		return toResults(
			entries.map((e) => ({ id: e.id, name: nameOf(e), profile: e.profile_name ?? '' })),
			filter,
		);
	};
}

export const searchSequences = listSearch(
	listSequences,
	(s) => s.sequence_name ?? `Sequence ${s.id}`,
);

export const searchPlaybooks = listSearch(
	listPlaybooks,
	(p) => p.playbook_name ?? `Playbook ${p.id}`,
);
